import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { auth, authStore } from '../app/services';
import { useScrolledPast } from '../lib/use-scrolled-past';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

// PRODUCT.md: the header becomes fixed once the page is scrolled this far, and not before.
const FIX_HEADER_AFTER_PX = 200;

export function SiteHeader() {
  const isFixed = useScrolledPast(FIX_HEADER_AFTER_PX);
  return (
    <div className="site-header-slot">
      <header className={isFixed ? 'site-header fixed' : 'site-header'}>
        <div className="container site-header-inner">
          <Link to="/home" className="logo-link" aria-label="Footfall home">
            <Logo />
          </Link>
          <nav className="site-nav" aria-label="Main">
            <Link to="/home" activeProps={{ 'aria-current': 'page' }}>
              Directory
            </Link>
            <Link to="/blogs" activeProps={{ 'aria-current': 'page' }}>
              Blog
            </Link>
            <AccountLinks />
          </nav>
          <div className="site-header-actions">
            <ThemeToggle />
            <Link to="/admin/add-list" className="button button-primary">
              Add Listing
            </Link>
          </div>
        </div>
      </header>
    </div>
  );
}

/** Sign in, or the signed-in account's own page (a user's dashboard, the admin area) and sign-out. */
function AccountLinks() {
  const user = useSelector(authStore, (state) => state.user);
  const admin = useSelector(authStore, (state) => state.admin);
  const navigate = useNavigate();
  const account = user ?? admin;
  if (!account) {
    return (
      <Link to="/session/sign-in/{-$user_id}" params={{}}>
        Sign in
      </Link>
    );
  }
  const company = user?.companies[0];
  const signOut = async () => {
    await auth.logout();
    await navigate({ to: '/home' });
  };
  return (
    <>
      {company ? (
        <Link to="/dashboard/$company_id" params={{ company_id: company.id }}>
          Dashboard
        </Link>
      ) : null}
      {admin ? (
        <Link to="/admin/dashboard" search={{}} activeProps={{ 'aria-current': 'page' }}>
          Admin
        </Link>
      ) : null}
      <button type="button" className="link-button" onClick={signOut}>
        Sign out <span className="visually-hidden">{account.name}</span>
      </button>
    </>
  );
}
