import { useLocation } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext } from 'react';
import { isAppPath } from '../lib/routing/app-area';
import { isHeaderTopPath } from '../lib/routing/header-top';
import { PageEndLinks } from './legal-links';
import { NotFound } from './not-found';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const InMainLayout = createContext(false);

/**
 * The main layout: header, page, and a footer except on the pages that open with a hero (docs/architecture.md "The dashboard"), which
 * end with the legal links instead.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  const isHeaderTop = useLocation({ select: (location) => isHeaderTopPath(location.pathname) });
  // The newsletter is for the product's readers: not for the admins who write it, and not under every
  // report of the analytics app, where a site owner is at work.
  const hideSubscribe = useLocation({
    select: (location) => location.pathname.startsWith('/admin') || isAppPath(location.pathname),
  });
  return (
    <InMainLayout.Provider value={true}>
      <div className={isHeaderTop ? 'app header-top' : 'app'}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        {isHeaderTop ? <PageEndLinks /> : <SiteFooter withSubscribe={!hideSubscribe} />}
      </div>
    </InMainLayout.Provider>
  );
}

/**
 * The not-found page, inside the main layout: an unknown path matches no layout route, so it gets the layout
 * here; a page of the layout that finds nothing (an id that names no page) is already inside it.
 */
export function NotFoundPage() {
  const inLayout = useContext(InMainLayout);
  return inLayout ? (
    <NotFound />
  ) : (
    <MainLayout>
      <NotFound />
    </MainLayout>
  );
}
