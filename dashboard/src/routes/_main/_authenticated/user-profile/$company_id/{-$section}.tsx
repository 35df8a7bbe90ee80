import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import {
  isSiteSection,
  type SiteSectionId,
  sectionOfAnchor,
} from '../../../../../screens/profile/settings-sections';

/**
 * `/user-profile/{id}/{section?}`: which section of the site's settings is shown (the page is the parent
 * route's); without one, the first, or on a phone the list of sections. An address of the one-page
 * settings (`#goals`, `#email-reports`) opens its section.
 */
export const Route = createFileRoute('/_main/_authenticated/user-profile/$company_id/{-$section}')({
  params: {
    parse: ({ section }: { section?: string }) => {
      if (section !== undefined && !isSiteSection(section)) throw notFound();
      return { section: section as SiteSectionId | undefined };
    },
    stringify: ({ section }: { section?: SiteSectionId | undefined }) => ({ section }),
  },
  beforeLoad: ({ params, location }) => {
    const anchored = params.section === undefined ? sectionOfAnchor(location.hash) : undefined;
    if (anchored) {
      throw redirect({
        to: '/user-profile/$company_id/{-$section}',
        params: { company_id: params.company_id, section: anchored },
        replace: true,
      });
    }
  },
  component: () => null,
});
