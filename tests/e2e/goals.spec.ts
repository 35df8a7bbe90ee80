// Goals in the site's settings, in Chromium against the real server: defined on the screen as a custom event
// with a property and as a page pattern, checked as typed and by the server, listed and deleted.
import type { GoalListAnswer } from '@footfall/contract';
import {
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';

test('an owner adds an event goal with a property and a page goal, and deletes one', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Goals Owner');
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  await page.goto(`/user-profile/${companyId}/goals`);
  const section = page.getByRole('region', { name: 'Goals' });
  await expect(section.getByText('No goals yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'Add a goal' });

  await form.getByRole('button', { name: 'Add goal' }).click();
  await expect(form.getByLabel('Goal name')).toHaveAccessibleDescription(
    /The goal name field is required|required/,
  );
  await form.getByLabel('Goal name').fill('Signed up on the pro plan');
  await form.getByLabel('Event name').fill('signup');
  await form.getByLabel('Property (optional)').fill('plan');
  await form.getByRole('button', { name: 'Add goal' }).click();
  await expect(form.getByLabel('Equal to')).toHaveAccessibleDescription(
    'Give both the property and its value, or neither.',
  );
  await form.getByLabel('Equal to').fill('pro');
  await form.getByRole('button', { name: 'Add goal' }).click();
  await expect(section.getByRole('status')).toHaveText('The goal “Signed up on the pro plan” was added.');
  const list = section.getByRole('list', { name: 'Goals' });
  await expect(list.getByRole('listitem')).toHaveText([
    /Signed up on the pro plan.*Event “signup” with plan = pro/,
  ]);

  await form.getByLabel('Counts').selectOption('page');
  await form.getByLabel('Goal name').fill('Read the docs');
  await form.getByLabel('Page path').fill('docs/**');
  await form.getByRole('button', { name: 'Add goal' }).click();
  await expect(form.getByLabel('Page path')).toHaveAccessibleDescription(/must start with \//);
  await form.getByLabel('Page path').fill('/docs/**');
  await form.getByRole('button', { name: 'Add goal' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Pageview of /docs/**');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'goals');

  // The server holds what the screen shows; a deleted goal is gone from both.
  const token = await apiToken(account.email, account.password);
  const stored = await apiCall<GoalListAnswer>('GET', `/api/companies/${companyId}/goals`, { token });
  expect(stored.data.map((goal) => [goal.kind, goal.event_name ?? goal.page_path, goal.prop])).toEqual([
    ['event', 'signup', { key: 'plan', value: 'pro' }],
    ['page', '/docs/**', null],
  ]);
  await list.getByRole('button', { name: 'Delete the goal Read the docs' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this goal?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const left = await apiCall<GoalListAnswer>('GET', `/api/companies/${companyId}/goals`, { token });
  expect(left.data.map((goal) => goal.name)).toEqual(['Signed up on the pro plan']);
});

test('an owner changes a goal in place: its name, its property dropped, then what it counts', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Goals Editor');
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  const token = await apiToken(account.email, account.password);
  await apiCall('POST', `/api/companies/${companyId}/goals`, {
    token,
    body: { name: 'Pro sign-up', event_name: 'signup', prop: { key: 'plan', value: 'pro' } },
  });
  await page.goto(`/user-profile/${companyId}/goals`);
  const section = page.getByRole('region', { name: 'Goals' });
  const list = section.getByRole('list', { name: 'Goals' });

  await list.getByRole('button', { name: 'Edit the goal Pro sign-up' }).click();
  const form = section.getByRole('form', { name: 'Change the goal Pro sign-up' });
  await expect(form.getByLabel('Event name')).toHaveValue('signup');
  await expect(form.getByLabel('Equal to')).toHaveValue('pro');
  await form.getByLabel('Goal name').fill('Any sign-up');
  await form.getByLabel('Property (optional)').fill('');
  await form.getByLabel('Equal to').fill('');
  await captureScreens(page, testInfo, 'goal-edit');
  await form.getByRole('button', { name: 'Save goal' }).click();
  await expect(section.getByRole('status')).toHaveText('The goal “Any sign-up” was saved.');
  await expect(list.getByRole('listitem')).toHaveText([/Any sign-up.*Event “signup”Edit/]);

  await list.getByRole('button', { name: 'Edit the goal Any sign-up' }).click();
  const again = section.getByRole('form', { name: 'Change the goal Any sign-up' });
  await again.getByLabel('Counts').selectOption('page');
  await again.getByLabel('Page path').fill('/welcome');
  await again.getByRole('button', { name: 'Save goal' }).click();
  await expect(list.getByRole('listitem')).toHaveText([/Any sign-up.*Pageview of \/welcome/]);
  const stored = await apiCall<GoalListAnswer>('GET', `/api/companies/${companyId}/goals`, { token });
  expect(
    stored.data.map((goal) => [goal.name, goal.kind, goal.event_name, goal.page_path, goal.prop]),
  ).toEqual([['Any sign-up', 'page', null, '/welcome', null]]);
});
