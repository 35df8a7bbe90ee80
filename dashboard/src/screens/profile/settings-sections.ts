import type { MembershipRole } from '@footfall/contract';
import { type CompanyAction, can } from '@footfall/contract/rules';

/** The site's settings, a section at an address of its own (`/user-profile/{id}/{section}`). */
export const SITE_SECTIONS = [
  { id: 'general', label: 'General', action: 'editCompany' },
  { id: 'installation', label: 'Installation', action: 'editCompany' },
  { id: 'goals', label: 'Goals', action: 'manageGoals' },
  { id: 'team', label: 'Team', action: 'viewCompany' },
  { id: 'reports', label: 'Reports', action: 'viewCompany' },
  { id: 'shared-links', label: 'Shared links', action: 'manageSharedLinks' },
  { id: 'api-keys', label: 'API keys', action: 'manageApiKeys' },
  { id: 'data', label: 'Data', action: 'exportData' },
  { id: 'danger-zone', label: 'Danger zone', action: 'deleteCompany' },
] as const satisfies readonly { id: string; label: string; action: CompanyAction }[];

export type SiteSectionId = (typeof SITE_SECTIONS)[number]['id'];

/** The sections `role` sees, in their order: a viewer has the team and their own reports. */
export function siteSectionsFor(role: MembershipRole | undefined) {
  return SITE_SECTIONS.filter((section) => can(role, section.action));
}

export function isSiteSection(value: string): value is SiteSectionId {
  return SITE_SECTIONS.some((section) => section.id === value);
}

/**
 * The section an old address's anchor meant, from when the settings were one page (`#goals`, and
 * `#email-reports` in the report mails already sent); `undefined` for any other hash.
 */
const SECTION_OF_ANCHOR: Record<string, SiteSectionId> = {
  'company-title': 'general',
  goals: 'goals',
  'email-reports': 'reports',
  'shared-links': 'shared-links',
};

export function sectionOfAnchor(hash: string): SiteSectionId | undefined {
  return Object.hasOwn(SECTION_OF_ANCHOR, hash) ? SECTION_OF_ANCHOR[hash] : undefined;
}

/** The account's settings at `/account/{section}`: the person, not any one site. */
export const ACCOUNT_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'security', label: 'Password & two-factor' },
  { id: 'sessions', label: 'Sessions & activity' },
  { id: 'danger-zone', label: 'Delete account' },
] as const;

export type AccountSectionId = (typeof ACCOUNT_SECTIONS)[number]['id'];

export function isAccountSection(value: string): value is AccountSectionId {
  return ACCOUNT_SECTIONS.some((section) => section.id === value);
}
