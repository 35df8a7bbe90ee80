import { CatchBoundary } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface ContentBoundaryProps {
  /** What stands in for the content when it failed to render. */
  fallback: ReactNode;
  /** When this changes (another listing, another post), the content is tried again. */
  resetKey?: unknown;
  children: ReactNode;
}

/**
 * Keeps a problem in one piece of content (a listing card, a post's cover, a logo) to that piece: it shows
 * `fallback` and the rest of the page stays up. Public pages list content that others wrote, so one bad
 * item must never take the page down for every visitor.
 */
export function ContentBoundary({ fallback, resetKey, children }: ContentBoundaryProps) {
  return (
    <CatchBoundary
      getResetKey={() => resetKey}
      errorComponent={() => <>{fallback}</>}
      onCatch={(error) => console.error('A piece of content could not be shown:', error)}
    >
      {children}
    </CatchBoundary>
  );
}
