import { Link } from '@tanstack/react-router';
import { useScrolledPast } from '../lib/use-scrolled-past';
import { Logo } from './logo';

// PRODUCT.md: the header becomes fixed once the page is scrolled this far, and not before.
const FIX_HEADER_AFTER_PX = 200;

export function SiteHeader() {
  const isFixed = useScrolledPast(FIX_HEADER_AFTER_PX);

  // Plain anchors point at screens whose routes do not exist yet: the router's typed `to` accepts
  // only generated routes, and the server answers these paths with the app, which then routes them.
  return (
    <div className="site-header-slot">
      <header className={isFixed ? 'site-header fixed' : 'site-header'}>
        <div className="container site-header-inner">
          <Link to="/home" className="logo-link">
            <Logo />
          </Link>
          <nav className="site-nav" aria-label="Main">
            <Link to="/home" activeProps={{ 'aria-current': 'page' }}>
              Directory
            </Link>
            <a href="/blogs">Blog</a>
            <a href="/session/sign-in">Sign in</a>
          </nav>
          <a href="/admin/add-list" className="button button-primary">
            Add Listing
          </a>
        </div>
      </header>
    </div>
  );
}
