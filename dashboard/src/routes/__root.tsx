import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AlertHost } from '../components/alert-host';
import { GlobalLoader } from '../components/global-loader';

export const Route = createRootRoute({ component: Root });

/** Every page, in the main layout or standalone, with the alerts and the full-page loader above it. */
function Root() {
  return (
    <>
      <Outlet />
      <GlobalLoader />
      <AlertHost />
    </>
  );
}
