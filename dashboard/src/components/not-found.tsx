import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section className="container page">
      <div className="narrow">
        <p className="eyebrow">404</p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link to="/home" className="button button-primary">
          Back to home
        </Link>
      </div>
    </section>
  );
}
