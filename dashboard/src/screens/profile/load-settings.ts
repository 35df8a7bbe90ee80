import type {
  ApiKey,
  ApiKeyListAnswer,
  Company,
  CompanyAnswer,
  Goal,
  GoalListAnswer,
  Invitation,
  InvitationListAnswer,
  Member,
  MemberListAnswer,
  SharedLink,
  SharedLinkListAnswer,
} from '@footfall/contract';
import { can } from '@footfall/contract/rules';
import type { ApiClient } from '../../api/client';

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
  const base = `/api/companies/${companyId}`;
  const { data: company } = await client.get<CompanyAnswer>(base, { signal });
  const { role } = company;
  const [members, keys, invitations, goals, sharedLinks] = await Promise.all([
    client.get<MemberListAnswer>(`${base}/members`, { signal }),
    can(role, 'manageApiKeys') ? client.get<ApiKeyListAnswer>(`${base}/api-keys`, { signal }) : null,
    can(role, 'inviteMembers') ? client.get<InvitationListAnswer>(`${base}/invitations`, { signal }) : null,
    // Viewers read the goals on the dashboard; here they are managed.
    can(role, 'manageGoals') ? client.get<GoalListAnswer>(`${base}/goals`, { signal }) : null,
    can(role, 'manageSharedLinks')
      ? client.get<SharedLinkListAnswer>(`${base}/shared-links`, { signal })
      : null,
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
