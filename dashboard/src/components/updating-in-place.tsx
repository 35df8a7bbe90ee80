import type { ReactNode } from 'react';
import { useUpdatingInPlace } from '../lib/routing/in-place-update';

/**
 * An analytics screen's figures, faded under a small progress indicator while another period or filter of
 * the same screen loads (`lib/routing/in-place-update.ts`); the controls above them already show the new choice.
 */
export function UpdatingInPlace({ children }: { children: ReactNode }) {
  const updating = useUpdatingInPlace();
  return (
    <div className="company-body" data-updating={updating ? '' : undefined} aria-busy={updating}>
      {updating ? (
        <p className="updating-indicator" role="status">
          <span className="spinner" aria-hidden="true" />
          Updating…
        </p>
      ) : null}
      {children}
    </div>
  );
}
