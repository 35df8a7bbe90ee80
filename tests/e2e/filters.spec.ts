// The filter editor and saved segments on the demo workspace's 30 days of sample traffic, in Chromium
// against the real server: filters added and edited with their operators and several values, written into
// the URL as the API reads them, the figures as the API answers them; goal and property filters named in
// their pills; the editor at a laptop's and a phone's width; the filters in force saved as a segment,
// cleared and applied again, renamed and deleted, and a viewer's menu.
import type { GoalAnswer, GoalListAnswer, SegmentListAnswer } from '@footfall/contract';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  apiAnalytics,
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  SCREEN_WIDTHS,
  signIn,
  signInAsDemo,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';
import { expectFitsWidth } from './support/mobile';
import { firstSiteOf, joinTeam } from './support/team';

async function demoToken(): Promise<string> {
  const { demoEmail, demoPassword } = readEnvironment();
  return apiToken(demoEmail, demoPassword);
}

/** The exact figure of a summary card, from its title ("1,234"). */
function cardFigure(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Summary' })
    .getByRole('listitem')
    .filter({ hasText: label })
    .locator('.summary-value');
}

const exact = (count: number) => count.toLocaleString('en-US');

/** A filter's value as the URL holds it. */
function searchParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/**
 * What is open (the editor, the segments menu) photographed at each width as the reader sees it, after
 * checking that nothing sticks out past the screen's edge; the editor is a dialog in the middle of a
 * laptop's screen and a sheet along the bottom of a phone's.
 */
async function photograph(page: Page, testInfo: TestInfo, name: string, opened: Locator): Promise<void> {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    await opened.scrollIntoViewIfNeeded();
    await expectFitsWidth(page, `${name} at ${width} px`);
    const box = await opened.boundingBox();
    if (!box) throw new Error(`${name} is not drawn`);
    expect(box.x, `${name} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on the screen`).toBeLessThanOrEqual(width + 0.5);
    if (width < 600 && (await opened.evaluate((element) => element.tagName)) === 'DIALOG') {
      // A sheet: the whole width, along the bottom.
      expect(Math.round(box.width)).toBe(width);
      expect(Math.round(box.y + box.height)).toBe(800);
    }
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name} at ${width} px`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a filter added in the editor with "is not" and two values, then edited to "contains"', async ({
  page,
}, testInfo) => {
  const companyId = await signInAsDemo(page);
  const token = await demoToken();
  const everything = await apiAnalytics(token, companyId);
  await expect(cardFigure(page, 'Pageviews')).toHaveAttribute('title', exact(everything.summary.pageviews));

  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Add filter' }).click();
  const editor = page.getByRole('dialog', { name: 'Add a filter' });
  await expect(editor).toBeVisible();
  // The dialog takes the focus: its first field.
  await expect(editor.getByLabel('Filter by')).toBeFocused();
  await editor.getByLabel('Filter by').selectOption({ label: 'Page' });
  await editor.getByRole('radio', { name: 'is not', exact: true }).check();
  // One value typed (Enter makes it a chip), one from the suggestions of the loaded rows.
  const values = editor.getByLabel('Values', { exact: true });
  await values.fill('/');
  await values.press('Enter');
  await expect(editor.getByRole('list', { name: 'Values chosen' }).getByRole('listitem')).toHaveText(['/×']);
  await editor.getByRole('button', { name: 'Add /pricing', exact: true }).click();
  await expect(editor.getByRole('list', { name: 'Values chosen' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);
  await photograph(page, testInfo, 'filter-editor', editor);
  await editor.getByRole('button', { name: 'Apply filter' }).click();

  await expect(editor).toBeHidden();
  await expect.poll(() => searchParam(page, 'page')).toBe('!/|/pricing');
  expect(page.url()).toContain('page=%21%2F%7C%2Fpricing');
  const pill = filters.getByRole('button', { name: 'Edit filter Page is not / or /pricing' });
  await expect(pill).toBeVisible();
  // The focus comes back to the filter just set.
  await expect(pill).toBeFocused();
  const without = await apiAnalytics(token, companyId, { page: '!/|/pricing' });
  expect(without.summary.pageviews).toBeLessThan(everything.summary.pageviews);
  await expect(cardFigure(page, 'Pageviews')).toHaveAttribute('title', exact(without.summary.pageviews));

  // Edited: "contains", one value in place of the two.
  await pill.click();
  const edit = page.getByRole('dialog', { name: 'Edit filter' });
  await expect(edit.getByRole('radio', { name: 'is not', exact: true })).toBeChecked();
  await edit.getByRole('radio', { name: 'contains', exact: true }).check();
  await edit.getByRole('button', { name: 'Remove the value /', exact: true }).click();
  await edit.getByRole('button', { name: 'Remove the value /pricing' }).click();
  await edit.getByLabel('Values', { exact: true }).fill('BLOG');
  // Enter with a value typed adds it; Enter again applies the filter.
  await edit.getByLabel('Values', { exact: true }).press('Enter');
  await edit.getByLabel('Values', { exact: true }).press('Enter');
  await expect(edit).toBeHidden();
  await expect.poll(() => searchParam(page, 'page')).toBe('~BLOG');
  await expect(filters).toContainText('Page contains BLOG');
  const blog = await apiAnalytics(token, companyId, { page: '~BLOG' });
  expect(blog.summary.pageviews).toBeGreaterThan(0);
  expect(blog.summary.pageviews).not.toBe(without.summary.pageviews);
  await expect(cardFigure(page, 'Pageviews')).toHaveAttribute('title', exact(blog.summary.pageviews));

  // Escape closes the editor unchanged and gives the focus back to the pill.
  await filters.getByRole('button', { name: 'Edit filter Page contains BLOG' }).click();
  await page
    .getByRole('dialog', { name: 'Edit filter' })
    .getByRole('radio', { name: 'is', exact: true })
    .check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(filters.getByRole('button', { name: 'Edit filter Page contains BLOG' })).toBeFocused();
  expect(searchParam(page, 'page')).toBe('~BLOG');

  // Removing works as before; Back brings the filter back.
  await filters.getByRole('button', { name: 'Remove filter Page contains BLOG' }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(filters.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await page.goBack();
  await expect.poll(() => searchParam(page, 'page')).toBe('~BLOG');
});

test('countries by name or code, values with operator characters, and the keyboard alone', async ({
  page,
}, testInfo) => {
  const companyId = await signInAsDemo(page);
  const token = await demoToken();
  const filters = page.getByRole('region', { name: 'Filters' });

  // All by keyboard: the button, the field, the operator, two values (a name and a code), Enter applies.
  await filters.getByRole('button', { name: 'Add filter' }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'Add a filter' });
  await expect(editor.getByLabel('Filter by')).toBeFocused();
  await editor.getByLabel('Filter by').selectOption('country');
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('radio', { name: 'is', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(editor.getByRole('radio', { name: 'is not', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(editor.getByLabel('Values', { exact: true })).toBeFocused();
  await page.keyboard.type('united states,de');
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('list', { name: 'Values chosen' }).getByRole('listitem')).toHaveText([
    'United States×',
    'Germany×',
  ]);
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect.poll(() => searchParam(page, 'country')).toBe('!US|DE');
  await expect(filters).toContainText('Country is not United States or Germany');
  const elsewhere = await apiAnalytics(token, companyId, { country: '!US|DE' });
  await expect(cardFigure(page, 'Unique visitors')).toHaveAttribute(
    'title',
    exact(elsewhere.summary.visitors),
  );

  // A custom event's name that starts with an operator and holds a bar is written escaped.
  await filters.getByRole('button', { name: 'Add filter' }).click();
  await editor.getByLabel('Filter by').selectOption({ label: 'Custom event' });
  await editor.getByLabel('Values', { exact: true }).fill('!promo|spring');
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect.poll(() => searchParam(page, 'event')).toBe('\\!promo\\|spring');
  await expect(filters).toContainText('Custom event is !promo|spring');

  // The pills fit beside each other, or under each other on a phone.
  await captureScreens(page, testInfo, 'filter-pills');

  // A value the API would refuse is explained, not sent.
  await filters.getByRole('button', { name: 'Add filter' }).click();
  await editor.getByLabel('Filter by').selectOption('country');
  await editor.getByLabel('Values', { exact: true }).fill('Atlantis');
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    'A country is its two-letter code, such as DE for Germany.',
  );
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(filters.getByRole('button', { name: 'Add filter' })).toBeFocused();
  expect(searchParam(page, 'country')).toBe('!US|DE');
});

test('goal and property filters go to the API as they are and read as the goal and the property', async ({
  page,
}) => {
  const account = await verifiedAccount('Filters Owner');
  const token = await apiToken(account.email, account.password);
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  const signup = await apiCall<GoalAnswer>('POST', `/api/companies/${companyId}/goals`, {
    token,
    body: { name: 'Signup', event_name: 'signup' },
  });
  await apiCall<GoalAnswer>('POST', `/api/companies/${companyId}/goals`, {
    token,
    body: { name: 'Read the docs', page_path: '/docs/**' },
  });
  const goals = await apiCall<GoalListAnswer>('GET', `/api/companies/${companyId}/goals`, { token });
  const docs = goals.data.find((goal) => goal.name === 'Read the docs');
  if (!docs) throw new Error('the docs goal was not stored');

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/company-visitor-analytics-detail/')) asked.push(request.url());
  });
  await page.goto(`/dashboard/${companyId}?goal=${signup.data.id}&prop:plan=pro`);
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters).toContainText('Goal is Signup');
  await expect(filters).toContainText('Property plan is pro');
  const sent = new URL(asked.at(-1) ?? '').searchParams;
  expect(sent.get('goal')).toBe(String(signup.data.id));
  expect(sent.get('prop:plan')).toBe('pro');

  // The editor ticks goals from the site's list, and types a property's key and values.
  await filters.getByRole('button', { name: 'Edit filter Goal is Signup' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit filter' });
  await expect(editor.getByRole('radio')).toHaveCount(2);
  await editor.getByRole('checkbox', { name: 'Read the docs' }).check();
  await editor.getByRole('radio', { name: 'is not', exact: true }).check();
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect.poll(() => searchParam(page, 'goal')).toBe(`!${signup.data.id}|${docs.id}`);
  await expect(filters).toContainText('Goal is not Signup or Read the docs');

  await filters.getByRole('button', { name: 'Add filter' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a filter' });
  await adding.getByLabel('Filter by').selectOption({ label: 'Property' });
  await adding.getByLabel('Property name').fill('seats');
  await adding.getByLabel('Values', { exact: true }).fill('10, 25');
  await adding.getByRole('button', { name: 'Apply filter' }).click();
  await expect.poll(() => searchParam(page, 'prop:seats')).toBe('10|25');
  await expect(filters).toContainText('Property seats is 10 or 25');
  expect(searchParam(page, 'prop:plan')).toBe('pro');
});

test('the filters in force saved as a segment, cleared, and applied again from the menu; renamed and deleted', async ({
  page,
}, testInfo) => {
  const companyId = await signInAsDemo(page);
  const token = await demoToken();
  const name = `Blog readers abroad ${Date.now()}`;
  await page.goto(`/dashboard/${companyId}?country=%21US%7CDE&page=%7Eblog`);
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters).toContainText('Country is not United States or Germany');
  const segmented = await apiAnalytics(token, companyId, { country: '!US|DE', page: '~blog' });
  await expect(cardFigure(page, 'Unique visitors')).toHaveAttribute(
    'title',
    exact(segmented.summary.visitors),
  );

  const toggle = filters.getByRole('button', { name: 'Segments' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('region', { name: 'Saved segments' });
  await menu.getByRole('button', { name: 'Save current filters as segment' }).click();
  const form = menu.getByRole('form', { name: 'Save current filters as segment' });
  await expect(form.getByLabel('Segment name')).toBeFocused();
  await form.getByRole('button', { name: 'Save segment' }).click();
  await expect(form.getByRole('alert')).toHaveText('The segment needs a name.');
  await form.getByLabel('Segment name').fill(name);
  await form.getByRole('button', { name: 'Save segment' }).click();
  await expect(menu.getByText(`The segment “${name}” was saved.`)).toBeVisible();
  const saved = menu.getByRole('button', { name: `Apply the segment ${name}` });
  await expect(saved).toBeFocused();
  // It holds the filters in force, read as their pills are.
  await expect(saved).toHaveAttribute('aria-current', 'true');
  await expect(saved).toHaveAccessibleDescription(
    'Page contains blog · Country is not United States or Germany',
  );
  const stored = await apiCall<SegmentListAnswer>('GET', `/api/companies/${companyId}/segments`, { token });
  const segment = stored.data.find((one) => one.name === name);
  expect(segment?.filters).toEqual({ page: '~blog', country: '!US|DE' });
  await photograph(page, testInfo, 'segments-menu', menu);

  // Escape closes the menu and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // Cleared, then applied again in one click.
  await filters.getByRole('button', { name: 'Clear all' }).click();
  await expect(filters.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/country=|page=/);
  const everything = await apiAnalytics(token, companyId);
  await expect(cardFigure(page, 'Unique visitors')).toHaveAttribute(
    'title',
    exact(everything.summary.visitors),
  );
  await toggle.click();
  await expect(saved).not.toHaveAttribute('aria-current');
  await saved.click();
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect.poll(() => searchParam(page, 'country')).toBe('!US|DE');
  expect(searchParam(page, 'page')).toBe('~blog');
  await expect(filters).toContainText('Page contains blog');
  await expect(cardFigure(page, 'Unique visitors')).toHaveAttribute(
    'title',
    exact(segmented.summary.visitors),
  );

  // Renamed, then deleted after the confirmation.
  await toggle.click();
  await menu.getByRole('button', { name: `Rename the segment ${name}` }).click();
  const rename = menu.getByRole('form', { name: `Rename the segment ${name}` });
  await expect(rename.getByLabel('New name')).toHaveValue(name);
  await rename.getByLabel('New name').fill(`${name} (renamed)`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(menu.getByText(`The segment is now “${name} (renamed)”.`)).toBeVisible();
  await expect(menu.getByRole('button', { name: `Apply the segment ${name} (renamed)` })).toBeFocused();
  await menu.getByRole('button', { name: `Delete the segment ${name} (renamed)` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this segment?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(menu.getByText(`The segment “${name} (renamed)” was deleted.`)).toBeVisible();
  await expect(menu.getByRole('button', { name: `Apply the segment ${name} (renamed)` })).toHaveCount(0);
  const left = await apiCall<SegmentListAnswer>('GET', `/api/companies/${companyId}/segments`, { token });
  expect(left.data.map((one) => one.name)).not.toContain(`${name} (renamed)`);
  expect(left.data.map((one) => one.name)).not.toContain(name);
});

test("a viewer applies the site's segments but is offered no saving, renaming or deleting", async ({
  page,
}) => {
  const owner = await verifiedAccount('Segments Owner');
  const { companyId, token } = await firstSiteOf(owner);
  await apiCall('POST', `/api/companies/${companyId}/segments`, {
    token,
    body: { name: 'Phones', filters: { device: 'mobile' } },
  });
  const viewer = await verifiedAccount('Segments Viewer');
  await joinTeam(token, companyId, viewer, 'viewer');
  await signIn(page, viewer.email, viewer.password);
  await page.goto(`/dashboard/${companyId}?country=FR`);

  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Segments' }).click();
  const menu = page.getByRole('region', { name: 'Saved segments' });
  const phones = menu.getByRole('button', { name: 'Apply the segment Phones' });
  await expect(phones).toHaveAccessibleDescription('Device is Mobile');
  await expect(menu.getByRole('button', { name: /Save current filters|Rename|Delete/ })).toHaveCount(0);
  await phones.click();
  await expect.poll(() => searchParam(page, 'device')).toBe('mobile');
  // The segment's filters replace those in force.
  expect(searchParam(page, 'country')).toBeNull();
  await expect(filters).toContainText('Device is Mobile');
});
