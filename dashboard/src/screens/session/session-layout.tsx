import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { Logo } from '../../components/logo';

interface SessionLayoutProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card ("Already have an account? Sign in"). */
  footer?: ReactNode;
}

/** The standalone layout of the session screens (docs/architecture.md "The dashboard"): a card on its own, the logo leading home. */
export function SessionLayout({ title, lead, children, footer }: SessionLayoutProps) {
  useEffect(() => {
    document.title = `${title} · Footfall`;
  }, [title]);
  return (
    <div className="session-page">
      <main className="session-main">
        <Link to="/home" className="session-logo" aria-label="Footfall home">
          <Logo />
        </Link>
        <section className="session-card" aria-labelledby="session-title">
          <h1 id="session-title">{title}</h1>
          {lead ? <div className="session-lead">{lead}</div> : null}
          {children}
        </section>
        {footer ? <div className="session-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
