import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/admin` is the admin area's front page: its overview. */
export const Route = createFileRoute('/_main/_admin/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
