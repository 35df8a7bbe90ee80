import type { ApiKey, Company, Goal, Invitation, Member, SharedLink } from '@footfall/contract';
import { can } from '@footfall/contract/rules';
import { listApiKeys } from '../../api/api-keys';
import type { ApiClient } from '../../api/client';
import { getCompany } from '../../api/companies';
import { listGoals } from '../../api/goals';
import { listInvitations } from '../../api/invitations';
import { listMembers } from '../../api/members';
import { listSharedLinks } from '../../api/shared-links';

/** What the settings screen shows; `null` where the caller's role may not read it. */
export interface SettingsData {
  company: Company;
  members: Member[];
  keys: ApiKey[] | null;
  invitations: Invitation[] | null;
  goals: Goal[] | null;
  sharedLinks: SharedLink[] | null;
}

/**
 * The settings screen's data. The company comes first because its `role` decides the rest: a viewer is
 * never sent to the keys or the invitations, which would answer 403 and raise the permission alert.
 */
export async function loadSettings(
  client: ApiClient,
  companyId: number,
  signal?: AbortSignal,
): Promise<SettingsData> {
  const { data: company } = await getCompany(client, companyId, { signal });
  const { role } = company;
  const [members, keys, invitations, goals, sharedLinks] = await Promise.all([
    listMembers(client, companyId, { signal }),
    can(role, 'manageApiKeys') ? listApiKeys(client, companyId, { signal }) : null,
    can(role, 'inviteMembers') ? listInvitations(client, companyId, { signal }) : null,
    // Viewers read the goals on the dashboard; here they are managed.
    can(role, 'manageGoals') ? listGoals(client, companyId, { signal }) : null,
    can(role, 'manageSharedLinks') ? listSharedLinks(client, companyId, { signal }) : null,
  ]);
  return {
    company,
    members: members.data,
    keys: keys?.data ?? null,
    invitations: invitations?.data ?? null,
    goals: goals?.data ?? null,
    sharedLinks: sharedLinks?.data ?? null,
  };
}
