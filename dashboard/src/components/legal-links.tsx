import { Link } from '@tanstack/react-router';

/** The privacy policy and the terms: every page links to them, in the footer or, where there is none, below the page. */
export function LegalLinks() {
  return (
    <>
      <Link to="/privacy-policy">Privacy policy</Link>
      <Link to="/terms-and-conditions">Terms and conditions</Link>
    </>
  );
}

/**
 * The pages that open with a hero have no footer (docs/architecture.md "The dashboard"), yet their readers must still reach the legal
 * pages: a quiet line at the end of the page carries the links and the copyright.
 */
export function PageEndLinks() {
  return (
    <nav className="page-end-links container" aria-label="Legal">
      <LegalLinks />
      <span className="muted">© {new Date().getFullYear()} Footfall</span>
    </nav>
  );
}
