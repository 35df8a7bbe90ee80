import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/pricing`, where people look for prices first, is the plans page. */
export const Route = createFileRoute('/_main/pricing')({
  beforeLoad: () => {
    throw redirect({ to: '/plans', replace: true });
  },
});
