import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';

/**
 * Around a shared dashboard: a slim bar that says what this is, and a line that says where it comes from.
 * Embedded in another site's iframe, nothing but the dashboard itself.
 */
export function ShareChrome({ isEmbedded, children }: { isEmbedded: boolean; children: ReactNode }) {
  if (isEmbedded) {
    return (
      <main id="main" className="share-page share-embedded">
        {children}
      </main>
    );
  }
  return (
    <div className="share-page">
      <header className="share-bar">
        <div className="container share-bar-inner">
          <Logo />
          <p className="share-note small muted">Shared dashboard · read-only</p>
        </div>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="share-footer small muted">
        <p>
          Privacy-friendly analytics by <a href="/home">Footfall</a>.
        </p>
      </footer>
    </div>
  );
}
