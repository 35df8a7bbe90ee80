import { createRootRoute, Outlet, useLocation } from '@tanstack/react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { isHeaderTopPath } from '../lib/header-top';

export const Route = createRootRoute({
  component: MainLayout,
});

/** The main layout: header, page, and a footer except on the pages that open with a hero. */
function MainLayout() {
  const isHeaderTop = useLocation({ select: (location) => isHeaderTopPath(location.pathname) });

  return (
    <div className={isHeaderTop ? 'app header-top' : 'app'}>
      <SiteHeader />
      <main className="site-main">
        <Outlet />
      </main>
      {isHeaderTop ? null : <SiteFooter />}
    </div>
  );
}
