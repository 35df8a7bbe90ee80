import { Link, useLocation, useParams } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useId } from 'react';
import { authStore } from '../app/services';
import { useDisclosure } from '../lib/hooks/use-disclosure';
import { useScrolledPast } from '../lib/hooks/use-scrolled-past';
import { isAppPath } from '../lib/routing/app-area';
import { Logo } from './logo';
import { SignOutButton } from './sign-out-button';
import { SiteSwitcher } from './site-switcher';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

// The header becomes fixed once the page is scrolled this far, and not before.
const FIX_HEADER_AFTER_PX = 200;

export function SiteHeader() {
  const isFixed = useScrolledPast(FIX_HEADER_AFTER_PX);
  const menu = useDisclosure<HTMLElement>();
  const menuId = useId();
  // Signed in, a site's plans are its own Plans tab; the public page is for visitors comparing them.
  const signedIn = useSelector(authStore, (state) => state.user !== null);
  // In the analytics app the header is an analytics app's (the site, its realtime view, the user's menu);
  // the directory's links and its call to action step back into that menu.
  const inApp = useLocation({ select: (location) => isAppPath(location.pathname) });
  return (
    <div className="site-header-slot">
      <header className={isFixed ? 'site-header fixed' : 'site-header'} ref={menu.root}>
        <div className="container site-header-inner">
          <Link to="/home" className="logo-link" aria-label="Footfall home">
            <Logo />
          </Link>
          {/* On a phone the links and actions fold behind this button; on a wider screen it is hidden. */}
          <button
            type="button"
            className="button button-icon menu-button"
            aria-label="Menu"
            aria-expanded={menu.open}
            aria-controls={menuId}
            onClick={menu.toggle}
            ref={menu.button}
          >
            <MenuIcon open={menu.open} />
          </button>
          <div id={menuId} className="site-menu" data-open={menu.open ? '' : undefined}>
            {inApp ? (
              <AppNav />
            ) : (
              <nav className="site-nav" aria-label="Main">
                <Link to="/home" activeProps={{ 'aria-current': 'page' }}>
                  Directory
                </Link>
                <Link to="/blogs" activeProps={{ 'aria-current': 'page' }}>
                  Blog
                </Link>
                {signedIn ? null : (
                  <Link to="/plans" activeProps={{ 'aria-current': 'page' }}>
                    Plans
                  </Link>
                )}
                <AccountLinks />
              </nav>
            )}
            <div className="site-header-actions">
              <ThemeToggle />
              {inApp ? (
                <UserMenu />
              ) : (
                <Link to="/admin/add-list" className="button button-primary">
                  Add Listing
                </Link>
              )}
            </div>
          </div>
        </div>
      </header>
    </div>
  );
}

/** The analytics app's part of the header: on a company's screens its switcher and its realtime view. */
function AppNav() {
  const companyId = useParams({ strict: false, select: (params) => params.company_id });
  return (
    <nav className="site-nav app-nav" aria-label="Main">
      {typeof companyId === 'number' ? (
        <>
          <SiteSwitcher companyId={companyId} />
          <Link
            to="/dashboard/$company_id/realtime"
            params={{ company_id: companyId }}
            activeProps={{ 'aria-current': 'page' }}
            className="app-nav-realtime"
          >
            <span className="realtime-dot" aria-hidden="true" />
            Realtime
          </Link>
        </>
      ) : (
        <Link to="/sites" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
          Your sites
        </Link>
      )}
    </nav>
  );
}

/** Three bars, or a cross while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className="menu-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path d={open ? 'M5 5l10 10M15 5 5 15' : 'M3 5h14M3 10h14M3 15h14'} />
    </svg>
  );
}

/** Sign in, or the signed-in account's own page (a user's dashboard, the admin area) and sign-out. */
function AccountLinks() {
  const user = useSelector(authStore, (state) => state.user);
  const admin = useSelector(authStore, (state) => state.admin);
  const account = user ?? admin;
  if (!account) {
    return (
      <Link to="/session/sign-in/{-$user_id}" params={{}}>
        Sign in
      </Link>
    );
  }
  // One site: its dashboard; several (or none yet): the sites page.
  const companies = user?.companies;
  const [only] = companies ?? [];
  return (
    <>
      {companies && only && companies.length === 1 ? (
        <Link to="/dashboard/$company_id" params={{ company_id: only.id }}>
          Dashboard
        </Link>
      ) : companies ? (
        <Link to="/sites">Dashboard</Link>
      ) : null}
      {admin ? (
        <Link to="/admin/dashboard" search={{}} activeProps={{ 'aria-current': 'page' }}>
          Admin
        </Link>
      ) : null}
      <SignOutButton name={account.name} />
    </>
  );
}
