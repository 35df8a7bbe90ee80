import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  // Redirecting before anything loads keeps `/` out of the history, so Back does not bounce here.
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});
