import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { auth, authStore } from '../../app/services';

export const Route = createFileRoute('/_main/_authenticated')({
  // docs/architecture.md "The dashboard": the company screens continue only with a token, otherwise to /home. A token that no longer
  // works is cleared by the failed user fetch, and goes the same way. (The server guards the data itself.)
  beforeLoad: async () => {
    const user = await auth.ensureUser();
    if (!user) throw redirect({ to: '/home', replace: true });
    // The companies in full (their websites, for the company header), once a session, without holding the page.
    if (authStore.state.userDetails === null)
      void auth.fetchCompanies({ background: true }).catch(() => undefined);
    return { user };
  },
  component: Outlet,
});
