// Teams made through the real API for the team tests: a site's owner, invitations read from the mailbox,
// colleagues who accepted them, and what the server answers a member's token.
import type {
  CompanyAnswer,
  CompanyListAnswer,
  InvitationAnswer,
  InvitedRole,
  MembershipRole,
} from '@footfall/contract';
import { createDb } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { type Account, apiCall, apiToken } from './dashboard';
import { readEnvironment } from './environment';
import { messagesTo, waitForLink } from './mailbox';

/** An account's first site (the one it made at registration) and the account's token. */
export async function firstSiteOf(
  account: Account,
): Promise<{ companyId: number; name: string; token: string }> {
  const token = await apiToken(account.email, account.password);
  const { data } = await apiCall<CompanyListAnswer>('GET', '/api/companies', { token });
  const [company] = data;
  if (!company) throw new Error(`${account.email} has no site`);
  return { companyId: company.id, name: company.name, token };
}

/** Invites `email` through the API and answers the link mailed to it (its path and its full URL). */
export async function invite(
  token: string,
  companyId: number,
  email: string,
  role: InvitedRole,
): Promise<{ path: string; url: string; id: number }> {
  const { server, mailDir } = readEnvironment();
  const before = messagesTo(mailDir, email).length;
  const { data } = await apiCall<InvitationAnswer>('POST', `/api/companies/${companyId}/invitations`, {
    token,
    body: { email, role },
  });
  const url = await waitForLink(mailDir, email, `${server}/invitations/`, before + 1);
  return { path: new URL(url).pathname, url, id: data.id };
}

/** The mailed link of the latest invitation to `email`, waiting for message number `nth`. */
export async function invitationLink(email: string, nth: number): Promise<string> {
  const { server, mailDir } = readEnvironment();
  return new URL(await waitForLink(mailDir, email, `${server}/invitations/`, nth)).pathname;
}

/** Makes `account` a member of the site with `role`, by an invitation it accepts through the API. */
export async function joinTeam(
  ownerToken: string,
  companyId: number,
  account: Account,
  role: InvitedRole,
): Promise<string> {
  const { path } = await invite(ownerToken, companyId, account.email, role);
  const token = await apiToken(account.email, account.password);
  await apiCall<CompanyAnswer>('POST', `/api${path}/accept`, { token });
  return token;
}

/** The status the server answers `token` for a call (403 for what the role may not do). */
export async function statusOf(method: string, path: string, token: string, body?: unknown): Promise<number> {
  const answer = await fetch(readEnvironment().server + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await answer.body?.cancel();
  return answer.status;
}

/** Whether the site still has its row in the server's database. */
export async function siteExists(companyId: number): Promise<boolean> {
  const db = await createDb(readEnvironment().databaseUrl);
  try {
    const { companies } = db.schema;
    const rows = await db.orm.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    return rows.length > 0;
  } finally {
    await db.close();
  }
}

/**
 * Makes `userId` a member of the company with `role`, in the server's database: quicker than an invitation
 * (team.spec.ts goes through those), and the server reads memberships afresh on every request.
 */
export async function addMember(companyId: number, userId: number, role: MembershipRole): Promise<void> {
  const db = await createDb(readEnvironment().databaseUrl);
  try {
    await db.orm.insert(db.schema.memberships).values({ companyId, userId, role });
  } finally {
    await db.close();
  }
}
