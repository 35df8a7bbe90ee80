// The settings in Chromium against the real server: the site's sections (`/user-profile/{id}/{section}`) and
// the account's (`/account/{section}`), each at its own address; the account's name, the password change,
// the company's settings (checked as typed, kept by the server), what a viewer and an admin see, and the
// stats-API keys from creation (the secret shown once) to revocation.
import type { CompanyAnswer, CompanyListAnswer } from '@footfall/contract';
import type { Page } from '@playwright/test';
import {
  type Account,
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  signOut,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';
import { addMember } from './support/team';

/** Signs a fresh account in and opens a section of its company's settings; answers the company's id. */
async function openSettings(page: Page, account: Account, section = 'general'): Promise<number> {
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  await page.goto(`/user-profile/${companyId}/${section}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  return companyId;
}

/** Signs a fresh account in and opens a section of its account's settings. */
async function openAccount(page: Page, account: Account, section = 'profile'): Promise<void> {
  await signIn(page, account.email, account.password);
  await page.goto(`/account/${section}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

/** A link of the settings' side navigation. */
function sectionLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: /settings$/ }).getByRole('link', { name, exact: true });
}

/** A stats-API call as an outside program makes it: `GET /api/v1/stats/{id}` with the key; its status. */
async function statsCall(companyId: number, secret: string): Promise<number> {
  const answer = await fetch(`${readEnvironment().server}/api/v1/stats/${companyId}?period=7d`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  await answer.body?.cancel();
  return answer.status;
}

/** The company an account made at registration, and the account's token. */
async function firstCompanyOf(account: Account): Promise<{ companyId: number; token: string }> {
  const token = await apiToken(account.email, account.password);
  const answer = await fetch(`${readEnvironment().server}/api/companies`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await answer.json()) as CompanyListAnswer;
  const [company] = data;
  if (!company) throw new Error(`${account.email} has no company`);
  return { companyId: company.id, token };
}

test('the account name is saved and kept after a reload', async ({ page }) => {
  const account = await verifiedAccount('Settings Name');
  await openAccount(page, account);
  const section = page.getByRole('region', { name: 'Your account', exact: true });

  await section.getByLabel('Name').fill('');
  await expect(section.getByText('The name field is required')).toBeVisible();
  await section.getByLabel('Name').fill('Grace Hopper');
  await section.getByRole('button', { name: 'Save account' }).click();
  const updated = section.getByRole('status').filter({ hasText: 'Profile updated.' });
  await expect(updated).toBeVisible();

  // An edit, then a new submission, never leave the old outcome beside a new error.
  await section.getByLabel('Name').fill('');
  await expect(section.getByText('The name field is required')).toBeVisible();
  await expect(updated).toHaveCount(0);
  await section.getByRole('button', { name: 'Save account' }).click();
  await expect(section.getByText('The name field is required')).toBeVisible();
  await expect(updated).toHaveCount(0);
  await section.getByLabel('Name').fill('Grace Hopper');
  await section.getByRole('button', { name: 'Save account' }).click();
  await expect(updated).toBeVisible();

  await page.reload();
  await expect(section.getByLabel('Name')).toHaveValue('Grace Hopper');
  await expect(section.getByLabel('Email')).toHaveValue(account.email);
});

test('a new address asks for the password, refuses a wrong one beside its field, and tells the old address', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Settings Address');
  await openAccount(page, account);
  const section = page.getByRole('region', { name: 'Your account', exact: true });
  await expect(section.getByLabel('Your password')).toHaveCount(0);
  const fresh = `moved-${Date.now()}@example.com`;
  await section.getByLabel('Email').fill(fresh);
  const password = section.getByLabel('Your password');
  await expect(password).toBeVisible();
  await captureScreens(page, testInfo, 'settings-address-change');

  await section.getByRole('button', { name: 'Save account' }).click();
  await expect(section.getByText('The current password field is required.')).toBeVisible();
  await password.fill('not my password');
  await section.getByRole('button', { name: 'Save account' }).click();
  await expect(section.getByText('The password is incorrect.')).toBeVisible();
  await password.fill(account.password);
  await section.getByRole('button', { name: 'Save account' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Check your new address' })).toBeVisible();
  await expect(section.getByLabel('Your password')).toHaveCount(0);
});

test('a wrong current password is refused beside its field, and the right one changes the password', async ({
  page,
}) => {
  const account = await verifiedAccount('Settings Password');
  await openAccount(page, account, 'security');
  const section = page.getByRole('region', { name: 'Password' });
  const current = section.getByLabel('Current password');
  const newPassword = 'a much better password';

  await current.fill('not my password');
  await section.getByLabel('New password', { exact: true }).fill(newPassword);
  await section.getByLabel('Confirm new password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('The password is incorrect.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await current.fill(account.password);
  await expect(current).not.toHaveAttribute('aria-invalid');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Your password has been changed.')).toBeVisible();
  // The fields are emptied after a change.
  await expect(section.getByLabel('New password', { exact: true })).toHaveValue('');

  // The new password signs in, the old one no longer does.
  await expect(apiToken(account.email, account.password)).rejects.toThrow(/422/);
  await signOut(page);
  await signIn(page, account.email, newPassword);
});

test('company settings check allowed domains as typed and keep what was saved after a reload', async ({
  page,
}) => {
  const account = await verifiedAccount('Settings Company');
  await openSettings(page, account);
  const section = page.getByRole('region', { name: 'Company settings' });
  const domains = section.getByLabel('Allowed domains');

  // A bad line is named in the message as it is typed, and the form is not sent with it.
  await domains.fill('Shop.Example.com\nnot a host!');
  await expect(domains).toHaveAccessibleDescription(
    /The allowed domains field format is invalid \(“not a host!”\)/,
  );
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(domains).toBeFocused();
  await domains.fill('Shop.Example.com\nblog.example.com');
  await expect(domains).not.toHaveAttribute('aria-invalid');
  await expect(section.getByText(/format is invalid/)).toHaveCount(0);
  expect(patches).toEqual([]);

  await section.getByLabel('Name', { exact: true }).fill('Example Shop');
  await section.getByLabel('Website').fill('https://shop.example.com');
  await section.getByLabel('Time zone').selectOption('Europe/Paris');
  await section.getByLabel('Public stats').check();
  await section.getByLabel('Directory description').fill('Hand-made shoes, tracked politely.');
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await page.reload();
  await expect(section.getByLabel('Name', { exact: true })).toHaveValue('Example Shop');
  await expect(section.getByLabel('Website')).toHaveValue('https://shop.example.com');
  // The server keeps hostnames in lower case.
  await expect(domains).toHaveValue('shop.example.com\nblog.example.com');
  await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(section.getByLabel('Public stats')).toBeChecked();
  await expect(section.getByLabel('List in the public directory')).not.toBeChecked();
  await expect(section.getByLabel('Directory description')).toHaveValue('Hand-made shoes, tracked politely.');
  // The company's new name is in the breadcrumbs too.
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('Example Shop');

  // Emptied, the website and the description are cleared, and stay cleared.
  await section.getByLabel('Website').fill('');
  await section.getByLabel('Directory description').fill('');
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('Website')).toHaveValue('');
  await expect(section.getByLabel('Directory description')).toHaveValue('');
  await expect(section.getByLabel('Name', { exact: true })).toHaveValue('Example Shop');
});

test('a viewer sees no company settings and no keys, and the server refuses them too', async ({ page }) => {
  const owner = await verifiedAccount('Settings Owner');
  const { companyId } = await firstCompanyOf(owner);
  const member = await verifiedAccount('Settings Member');
  await addMember(companyId, member.userId, 'viewer');

  await signIn(page, member.email, member.password);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await page.goto(`/user-profile/${companyId}`);
  await expect(page.getByRole('region', { name: 'Team' })).toBeVisible();
  for (const hidden of ['Company settings', 'Stats API keys', 'Invitations', 'Delete this site'])
    await expect(page.getByRole('heading', { name: hidden })).toHaveCount(0);
  // Their sections are the team and their own reports; the others are not offered.
  await expect(page.getByRole('navigation', { name: 'Site settings' }).getByRole('link')).toHaveText([
    /Team/,
    /Reports/,
  ]);
  // Nothing was asked that the server would refuse: no 403, no permission alert.
  expect(refused).toEqual([]);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The member's own account stays theirs to change.
  await page.goto('/account');
  await expect(
    page.getByRole('region', { name: 'Your account', exact: true }).getByLabel('Name'),
  ).toBeEnabled();
  // And the server holds the line the screen draws.
  const token = await apiToken(member.email, member.password);
  const server = readEnvironment().server;
  const keys = await fetch(`${server}/api/companies/${companyId}/api-keys`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(keys.status).toBe(403);
  const refusedPatch = await fetch(`${server}/api/companies/${companyId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Taken over' }),
  });
  expect(refusedPatch.status).toBe(403);
});

test("an admin changes the company's settings and manages its keys, but cannot delete it", async ({
  page,
}) => {
  const owner = await verifiedAccount('Settings Boss');
  const { companyId, token } = await firstCompanyOf(owner);
  const created = await fetch(`${readEnvironment().server}/api/companies/${companyId}/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: "Owner's script" }),
  });
  expect(created.status).toBe(201);
  const admin = await verifiedAccount('Settings Admin');
  await addMember(companyId, admin.userId, 'admin');

  await signIn(page, admin.email, admin.password);
  await page.goto(`/user-profile/${companyId}`);
  const section = page.getByRole('region', { name: 'Company settings' });
  await expect(sectionLink(page, 'Danger zone')).toHaveCount(0);
  await section.getByLabel('Name', { exact: true }).fill('Run by the admin');
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  await sectionLink(page, 'API keys').click();
  await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}/api-keys$`));
  const keys = page.getByRole('region', { name: 'Stats API keys' });
  const ownerKey = keys.getByRole('listitem').filter({ hasText: "Owner's script" });
  await ownerKey.getByRole('button', { name: "Revoke Owner's script" }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke this key?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(ownerKey).toHaveCount(0);
  await keys.getByLabel("New key's name").fill("Admin's script");
  await keys.getByRole('button', { name: 'Create key' }).click();
  await expect(keys.getByTestId('api-key-secret')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delete this site' })).toHaveCount(0);

  const company = await fetch(`${readEnvironment().server}/api/companies/${companyId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await company.json()) as { data: { name: string } }).data.name).toBe('Run by the admin');
});

test('an API key is created with its secret shown once, answers the stats API, and stops at once when revoked', async ({
  page,
  context,
}) => {
  const { server } = readEnvironment();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server });
  const account = await verifiedAccount('Settings Keys');
  const companyId = await openSettings(page, account, 'api-keys');
  const section = page.getByRole('region', { name: 'Stats API keys' });
  await expect(section.getByText('No keys yet.')).toBeVisible();

  await section.getByLabel("New key's name").fill('Reporting script');
  await section.getByRole('button', { name: 'Create key' }).click();
  const shown = section.getByTestId('api-key-secret');
  await expect(shown).toHaveText(/^ffk_\S+$/);
  const secret = (await shown.textContent()) ?? '';
  // The form is ready for another key: empty, and not complaining about it.
  await expect(section.getByLabel("New key's name")).toHaveValue('');
  await expect(section.getByText('The key name field is required')).toHaveCount(0);
  await section.getByRole('button', { name: 'Copy', exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const row = section.getByRole('listitem').filter({ hasText: 'Reporting script' });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  expect(await statsCall(companyId, secret)).toBe(200);

  // Shown once: a reload lists the key by its prefix only.
  await page.reload();
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(section.getByTestId('api-key-secret')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // Cancel keeps the key; Ok revokes it.
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this key?' });
  await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
  await expect(dialog).toContainText('Programs using “Reporting script” will be refused at once.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await statsCall(companyId, secret)).toBe(200);

  await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('No keys yet.')).toBeVisible();
  expect(await statsCall(companyId, secret)).toBe(401);
  await page.reload();
  await expect(section.getByText('No keys yet.')).toBeVisible();
});

test('the settings screen with a key and saved settings reads well at both widths and passes axe', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Settings Looks');
  await openSettings(page, account);
  const company = page.getByRole('region', { name: 'Company settings' });
  await company.getByLabel('Website').fill('https://a-rather-long-shop-name.example.com');
  await company.getByLabel('Allowed domains').fill('a-rather-long-shop-name.example.com\nshop.example.com');
  await company.getByRole('button', { name: 'Save settings' }).click();
  await expect(company.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, testInfo, 'settings');
  await expectAccessible(page);
  await sectionLink(page, 'API keys').click();
  const keys = page.getByRole('region', { name: 'Stats API keys' });
  await keys.getByLabel("New key's name").fill('Nightly export to the data warehouse');
  await keys.getByRole('button', { name: 'Create key' }).click();
  await expect(keys.getByTestId('api-key-secret')).toBeVisible();
  await captureScreens(page, testInfo, 'settings-keys');
  await expectAccessible(page);
});

test("the settings show the site's installation: the snippet with its key and options, and where to check it", async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Installation Finder');
  const companyId = await openSettings(page, account, 'installation');
  const { data: company } = await apiCall<CompanyAnswer>('GET', `/api/companies/${companyId}`, {
    token: await apiToken(account.email, account.password),
  });
  const installation = page.getByRole('region', { name: 'Installation' });
  const snippet = installation.getByTestId('snippet');
  await expect(snippet).toHaveText(
    `<script defer src="${readEnvironment().server}/t.js" data-company="${company.tracking_key}"></script>`,
  );
  await installation.getByRole('checkbox', { name: /data-outbound-links/ }).check();
  await expect(snippet).toContainText(`data-company="${company.tracking_key}" data-outbound-links>`);
  await expect(installation.getByTestId('tracking-key')).toHaveText(company.tracking_key);
  // A company website's domain in Settings is typed as in "Add a site" and stored as its https address.
  await sectionLink(page, 'General').click();
  const settings = page.getByRole('region', { name: 'Company settings' });
  await settings.getByLabel('Website').fill('shop.installation-finder.example');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await expect(settings.getByLabel('Website')).toHaveValue('https://shop.installation-finder.example');

  await sectionLink(page, 'Installation').click();
  await captureScreens(page, testInfo, 'settings-installation');
  await installation.getByRole('link', { name: 'Check the installation' }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${companyId}/setup$`));
});

test('the settings are sections at their own addresses: a side navigation at 1280 px, a list on a phone', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Settings Sections');
  const companyId = await openSettings(page, account);
  const nav = page.getByRole('navigation', { name: 'Site settings' });
  await expect(nav.getByRole('link')).toHaveText([
    /General/,
    /Installation/,
    /Goals/,
    /Team/,
    /Reports/,
    /Shared links/,
    /API keys/,
    /Data/,
    /Danger zone/,
  ]);
  // Each section alone at its address, the others out of the page; the state of one survives a visit to another.
  const name = page.getByRole('region', { name: 'Company settings' }).getByLabel('Name', { exact: true });
  await name.fill('Typed, not saved');
  for (const [label, region, path] of [
    ['Goals', 'Goals', 'goals'],
    ['Team', 'Team', 'team'],
    ['Reports', 'Email reports', 'reports'],
    ['Shared links', 'Shared links', 'shared-links'],
    ['Data', 'Data', 'data'],
    ['Danger zone', 'Delete this site', 'danger-zone'],
  ] as const) {
    await sectionLink(page, label).click();
    await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}/${path}$`));
    await expect(page.getByRole('region', { name: region, exact: true })).toBeVisible();
    await expect(sectionLink(page, label)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Company settings' })).toBeHidden();
  }
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}/data$`));
  await sectionLink(page, 'General').click();
  await expect(name).toHaveValue('Typed, not saved');
  // The page is no longer the 6,000 px it was as one: a section is about a screen or two.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(2600);
  await captureScreens(page, testInfo, 'settings-general');

  // An address of the one-page settings (a report mail's `#email-reports`) opens its section.
  await page.goto(`/user-profile/${companyId}#email-reports`);
  await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}/reports$`));
  await page.goto(`/user-profile/${companyId}/nonsense`);
  await expect(page.getByRole('heading', { name: /not found|could not be found/i })).toBeVisible();

  // On a phone the bare address is the list of sections, and a section comes with the way back.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/user-profile/${companyId}`);
  await expect(nav.getByRole('link', { name: 'Goals' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Company settings' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('settings-list-375.png'), fullPage: true });
  await nav.getByRole('link', { name: 'Goals' }).click();
  await expect(page.getByRole('region', { name: 'Goals' })).toBeVisible();
  await expect(nav).toBeHidden();
  await page.getByRole('link', { name: '‹ All site settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}$`));
  await expect(nav).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The account's settings are the user menu's, on /account, in sections of their own.
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Your account', exact: true })).toBeVisible();
  await sectionLink(page, 'Sessions & activity').click();
  await expect(page.getByRole('region', { name: "Where you're signed in" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your account', exact: true })).toBeHidden();
  await captureScreens(page, testInfo, 'account-sessions');
  await expectAccessible(page);
});
