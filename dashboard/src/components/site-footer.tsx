import { useId } from 'react';

export function SiteFooter() {
  const emailId = useId();
  const noteId = useId();

  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <form
          className="subscribe-form"
          action="/api/subscribe"
          method="post"
          onSubmit={(e) => e.preventDefault()}
        >
          <label htmlFor={emailId}>Get product news by e-mail</label>
          {/* Disabled until POST /api/subscribe exists, so nobody types an address into a dead end. */}
          <fieldset disabled aria-describedby={noteId}>
            <input
              id={emailId}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
            />
            <button type="submit" className="button button-primary">
              Subscribe
            </button>
          </fieldset>
          <p id={noteId} className="muted small">
            Subscriptions open soon.
          </p>
        </form>
        <p className="muted small">© {new Date().getFullYear()} Footfall</p>
      </div>
    </footer>
  );
}
