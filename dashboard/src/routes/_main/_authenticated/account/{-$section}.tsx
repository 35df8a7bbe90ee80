import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { type AccountSectionId, isAccountSection } from '../../../../screens/profile/settings-sections';

/** `/account/{section?}`: the signed-in person's own settings, whichever site they came from. */
export const Route = createFileRoute('/_main/_authenticated/account/{-$section}')({
  params: {
    parse: ({ section }: { section?: string }) => {
      if (section !== undefined && !isAccountSection(section)) throw notFound();
      return { section: section as AccountSectionId | undefined };
    },
    stringify: ({ section }: { section?: AccountSectionId | undefined }) => ({ section }),
  },
  component: lazyScreen(() => import('../../../../screens/profile/account')),
});
