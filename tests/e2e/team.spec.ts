// Sites and teams on the settings screen (`/user-profile/{id}`) and the invitation page, in Chromium against
// the real server and its mail: inviting by e-mail, accepting from the mailed link, what a viewer sees (and
// the server refuses them), roles, revoking, handing over, leaving, deleting a site, signing up from an
// invitation, and deleting an account with the sites it owns.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  signOut,
  test,
  tokenCookie,
  verifiedAccount,
} from './support/dashboard';
import { firstSiteOf, invitationLink, invite, joinTeam, siteExists, statusOf } from './support/team';

/** Opens a site's settings screen, with its team listed. */
async function openSettings(page: Page, companyId: number): Promise<void> {
  await page.goto(`/user-profile/${companyId}/team`);
  await expect(page.getByRole('region', { name: 'Team' })).toBeVisible();
}

const uniqueAddress = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

test('the owner invites a colleague by e-mail, who accepts from the mailed link and sees the site as a viewer', async ({
  page,
}) => {
  const owner = await verifiedAccount('Team Owner');
  const colleague = await verifiedAccount('Team Colleague');
  const { companyId, name } = await firstSiteOf(owner);

  await signIn(page, owner.email, owner.password);
  await openSettings(page, companyId);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  const address = invitations.getByLabel('Email address');
  const send = invitations.getByRole('button', { name: 'Send invitation' });
  // The rules speak before anything is sent, and the server's refusal lands beside the field.
  await send.click();
  await expect(address).toHaveAccessibleDescription('The email field is required');
  await address.fill('not an address');
  await expect(address).toHaveAccessibleDescription('The email field must be a valid email');
  await address.fill(owner.email);
  await send.click();
  await expect(address).toHaveAccessibleDescription('This address already belongs to a member of the team.');

  await address.fill(colleague.email);
  await expect(invitations.getByLabel('Role')).toHaveValue('viewer');
  await send.click();
  await expect(invitations.getByRole('status')).toHaveText(`Invitation sent to ${colleague.email}.`);
  await expect(address).toHaveValue('');
  const pending = invitations.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: colleague.email })).toContainText('Viewer');

  // The mail arrives (after the verification mail) with the link.
  const link = await invitationLink(colleague.email, 2);
  await signOut(page);

  // Signed out, the page names the site and the role, and leads to signing in.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  await expect(
    page.getByText(`Team Owner invited ${colleague.email} to join ${name} as a viewer.`),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(page).toHaveURL(/\/session\/sign-in\?redirect=%2Finvitations%2F/);
  await page.getByLabel('Email').fill(colleague.email);
  await page.getByLabel('Password', { exact: true }).fill(colleague.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}$`));
  await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
  // The site is among the colleague's now, in the switcher too.
  await expect(page.getByLabel('Switch site').getByRole('option', { name })).toHaveCount(1);

  // A viewer's settings: their account and the team, nothing the server would refuse them.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await openSettings(page, companyId);
  const team = page.getByRole('region', { name: 'Team' });
  await expect(team.getByRole('listitem').filter({ hasText: 'Team Owner' })).toContainText('Owner');
  await expect(team.getByRole('listitem').filter({ hasText: 'Team Colleague (you)' })).toContainText(
    'Viewer',
  );
  await expect(team.getByRole('button', { name: 'Leave this site' })).toBeVisible();
  await expect(team.getByRole('button', { name: /Remove|Make owner/ })).toHaveCount(0);
  await expect(team.getByRole('combobox')).toHaveCount(0);
  for (const hidden of ['Company settings', 'Stats API keys', 'Invitations', 'Delete this site'])
    await expect(page.getByRole('heading', { name: hidden })).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(refused).toEqual([]);
  // Their own account stays theirs, on its own page.
  await page.goto('/account/danger-zone');
  await expect(page.getByRole('region', { name: 'Delete your account' })).toBeVisible();

  // And the server holds the line the screen draws.
  const token = await apiToken(colleague.email, colleague.password);
  expect(await statusOf('GET', `/api/companies/${companyId}/api-keys`, token)).toBe(403);
  expect(await statusOf('GET', `/api/companies/${companyId}/invitations`, token)).toBe(403);
  expect(await statusOf('PATCH', `/api/companies/${companyId}`, token, { name: 'Taken over' })).toBe(403);

  // Leaving, with a site of their own left, takes the colleague to their sites.
  await openSettings(page, companyId);
  await team.getByRole('button', { name: 'Leave this site' }).click();
  await page
    .getByRole('alertdialog', { name: 'Leave this site?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(page).toHaveURL(/\/sites$/);
  expect(await statusOf('GET', `/api/companies/${companyId}`, token)).toBe(403);
});

test('the owner makes a colleague an admin and revokes an invitation, whose link then fails; the team reads well at both widths', async ({
  page,
}, testInfo) => {
  const owner = await verifiedAccount('Team Lead');
  const longName = 'Maximiliana Theodora Featherstonehaugh-Wolfeschlegelsteinhausen';
  const colleague = await verifiedAccount(longName);
  const { companyId, token } = await firstSiteOf(owner);
  await joinTeam(token, companyId, colleague, 'viewer');
  const longAddress = `a-rather-long-mailbox-name-for-the-team.${randomBytes(3).toString('hex')}@subdomain.example.com`;
  await invite(token, companyId, longAddress, 'admin');
  const revoked = await invite(token, companyId, uniqueAddress('second'), 'viewer');

  await signIn(page, owner.email, owner.password);
  await openSettings(page, companyId);
  const team = page.getByRole('region', { name: 'Team' });
  const role = team.getByLabel(`Role of ${longName}`);
  await expect(role).toHaveValue('viewer');
  await role.selectOption('admin');
  await expect(team.getByRole('status')).toHaveText(`${longName} is now an admin.`);
  const members = await apiCall<{ data: { user_id: number; role: string }[] }>(
    'GET',
    `/api/companies/${companyId}/members`,
    { token },
  );
  expect(members.data.find((member) => member.user_id === colleague.userId)?.role).toBe('admin');
  await page.reload();
  await expect(role).toHaveValue('admin');

  const invitations = page.getByRole('region', { name: 'Invitations' });
  const row = invitations.getByRole('listitem').filter({ hasText: 'second-' });
  await row.getByRole('button', { name: /^Revoke/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this invitation?' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(invitations.getByRole('status')).toContainText('was revoked.');
  await expect(row).toHaveCount(0);

  // Resending renews the long address's invitation, with a message that says so.
  await invitations
    .getByRole('listitem')
    .filter({ hasText: 'a-rather-long' })
    .getByRole('button', { name: /^Resend/ })
    .click();
  await expect(invitations.getByRole('status')).toContainText('A new link was sent to');

  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, testInfo, 'team');
  await expectAccessible(page);

  // The revoked link names the reason and leads home.
  await page.goto(revoked.path);
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await expect(page.getByText('This invitation is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});

test('the owner deletes the site by typing its name, and lands home with no site left', async ({ page }) => {
  const owner = await verifiedAccount('Team Deleter');
  const colleague = await verifiedAccount('Team Bystander');
  const { companyId, name, token } = await firstSiteOf(owner);
  const colleagueToken = await joinTeam(token, companyId, colleague, 'admin');

  await signIn(page, owner.email, owner.password);
  await page.goto(`/user-profile/${companyId}/danger-zone`);
  const zone = page.getByRole('region', { name: 'Delete this site' });
  const remove = zone.getByRole('button', { name: 'Delete this site' });
  const confirm = zone.getByLabel("Type the site's name to confirm");
  await expect(remove).toBeDisabled();
  await confirm.fill(name.toUpperCase());
  await expect(remove).toBeDisabled();
  await confirm.fill(name);
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await siteExists(companyId)).toBe(false);
  // The colleague lost it too, and keeps their own site.
  const { data } = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', {
    token: colleagueToken,
  });
  expect(data.map((company) => company.id)).not.toContain(companyId);
  expect(data).toHaveLength(1);
});

test('the owner hands the site over and becomes an admin, then leaves it', async ({ page }) => {
  const owner = await verifiedAccount('Team Founder');
  const heir = await verifiedAccount('Team Heir');
  const { companyId, name, token } = await firstSiteOf(owner);
  await joinTeam(token, companyId, heir, 'viewer');
  // This is the founder's only site: once they leave it they have none, and go home.
  const founderSites = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', { token });
  expect(founderSites.data).toHaveLength(1);

  await signIn(page, owner.email, owner.password);
  await openSettings(page, companyId);
  const team = page.getByRole('region', { name: 'Team' });
  await expect(team.getByText('To leave this site, hand it over to a member first.')).toBeVisible();
  await team.getByRole('button', { name: 'Make owner: Team Heir' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Hand this site over?' });
  await expect(dialog).toContainText(`Team Heir becomes the owner of ${name}`);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(team.getByRole('status')).toHaveText(`Team Heir now owns ${name}. You are an admin.`);
  // The page follows the new role: no deleting, no changing roles, and leaving is open.
  await expect(page.getByRole('region', { name: 'Delete this site' })).toHaveCount(0);
  await expect(team.getByRole('combobox')).toHaveCount(0);
  await expect(team.getByRole('listitem').filter({ hasText: 'Team Heir' })).toContainText('Owner');
  await expect(team.getByRole('listitem').filter({ hasText: 'Team Founder (you)' })).toContainText('Admin');
  const sections = page.getByRole('navigation', { name: 'Site settings' });
  await expect(sections.getByRole('link', { name: 'General', exact: true })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Danger zone', exact: true })).toHaveCount(0);

  await team.getByRole('button', { name: 'Leave this site' }).click();
  await page
    .getByRole('alertdialog', { name: 'Leave this site?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await statusOf('GET', `/api/companies/${companyId}`, token)).toBe(403);
  expect(await siteExists(companyId)).toBe(true);
});

test('someone without an account signs up from an invitation, without a site of their own, and signs in at once', async ({
  page,
}, testInfo) => {
  const owner = await verifiedAccount('Team Host');
  const { companyId, name, token } = await firstSiteOf(owner);
  const newcomer = uniqueAddress('newcomer');
  const { path } = await invite(token, companyId, newcomer, 'admin');

  await page.goto(path);
  await expect(page.getByText(`Team Host invited ${newcomer} to join ${name} as an admin.`)).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'invitation');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/session\/sign-up\?invitation=.+&email=/);
  await expect(page.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  const address = page.getByLabel('Work email');
  await expect(address).toHaveValue(newcomer);
  await expect(address).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Company or site name')).toHaveCount(0);
  await expect(page.getByLabel('Website (optional)')).toHaveCount(0);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'invited-sign-up');

  const password = 'a newcomer password';
  await page.getByLabel('Your name').fill('Nia Newcomer');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  // No verification mail and no second sign-in: the invitation's link proved the address, so the newcomer
  // is signed in at once and lands on the team's site.
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const { data } = await apiCall<{ data: { id: number; role: string }[] }>('GET', '/api/companies', {
    token: await apiToken(newcomer, password),
  });
  expect(data).toEqual([expect.objectContaining({ id: companyId, role: 'admin' })]);

  // The used link no longer works.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
});

test('signed in as another address, the invitation page says so and offers to sign out', async ({ page }) => {
  const owner = await verifiedAccount('Team Sender');
  const other = await verifiedAccount('Team Other');
  const { companyId, token } = await firstSiteOf(owner);
  const invited = uniqueAddress('invited');
  const { path } = await invite(token, companyId, invited, 'viewer');

  await signIn(page, other.email, other.password);
  await page.goto(path);
  await expect(
    page.getByText(`You are signed in as ${other.email}, but this invitation is for ${invited}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the invitation' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();
});

test('deleting the account lists the sites it owns and deletes them, and ends its other memberships', async ({
  page,
}) => {
  const account = await verifiedAccount('Team Leaver');
  const colleague = await verifiedAccount('Team Stayer');
  const own = await firstSiteOf(account);
  const second = await apiCall<{ data: { id: number } }>('POST', '/api/companies', {
    token: own.token,
    body: { name: 'Leaver second site' },
  });
  const theirs = await firstSiteOf(colleague);
  await joinTeam(theirs.token, theirs.companyId, account, 'viewer');

  await signIn(page, account.email, account.password);
  await page.goto('/account/danger-zone');
  const zone = page.getByRole('region', { name: 'Delete your account' });
  const sites = zone.getByRole('list', { name: 'Sites deleted with your account' });
  await expect(sites.getByRole('listitem')).toHaveText([own.name, 'Leaver second site']);
  await expect(zone).not.toContainText(theirs.name);
  const remove = zone.getByRole('button', { name: 'Delete your account' });
  await expect(remove).toBeDisabled();
  await zone.getByLabel('Type your email address to confirm').fill(account.email.toUpperCase());
  // The password too: a session left open somewhere deletes nothing alone.
  await expect(remove).toBeDisabled();
  await zone.getByLabel('Your password').fill(account.password);
  await remove.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();

  await expect(apiToken(account.email, account.password)).rejects.toThrow(/422/);
  expect(await siteExists(own.companyId)).toBe(false);
  expect(await siteExists(second.data.id)).toBe(false);
  expect(await siteExists(theirs.companyId)).toBe(true);
  const members = await apiCall<{ data: { user_id: number }[] }>(
    'GET',
    `/api/companies/${theirs.companyId}/members`,
    { token: theirs.token },
  );
  expect(members.data.map((member) => member.user_id)).toEqual([colleague.userId]);
});
