// Notes on the chart (annotations), in Chromium against the real server: an owner writes a day's note and a
// range's on the overview, the chart marks them and tells them on hover, the API and the detail hold them,
// and a deleted note leaves the chart.
import type { AnnotationListAnswer } from '@footfall/contract';
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
import { readEnvironment } from './support/environment';

const DAY = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

/** A pageview or two on each of the last ten days, imported, so that the chart has a line to mark. */
async function importTraffic(token: string, companyId: number): Promise<void> {
  const lines = Array.from({ length: 10 }, (_, index) => {
    const at = Date.now() - (index + 1) * DAY;
    return Array.from({ length: 1 + (index % 3) }, (_, visitor) =>
      JSON.stringify({
        type: 'pageview',
        url: `https://notes.example/${visitor === 0 ? '' : 'pricing'}`,
        timestamp: at + visitor * 60_000,
        visitor: `visitor-${index}-${visitor}`,
      }),
    ).join('\n');
  }).join('\n');
  const answer = await fetch(`${readEnvironment().server}/api/companies/${companyId}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
    body: lines,
  });
  expect(answer.status, await answer.text()).toBe(200);
}

test('an owner notes a launch and a sale on the chart, which marks them and tells them on hover', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Notes Owner');
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  const token = await apiToken(account.email, account.password);
  await importTraffic(token, companyId);
  await page.goto(`/dashboard/${companyId}?period=30d`);

  const chart = page.getByRole('region', { name: 'Visitors over time' });
  await chart.getByRole('button', { name: 'Add a note' }).click();
  const form = chart.getByRole('form', { name: 'Add a note' });
  await form.getByRole('button', { name: 'Save note' }).click();
  await expect(form.getByLabel('Note')).toHaveAccessibleDescription(/required/);
  await form.getByLabel('Date', { exact: true }).fill(dayAgo(3));
  await form.getByLabel('Note').fill('Launched the new pricing page');
  await form.getByRole('button', { name: 'Save note' }).click();
  const notes = chart.getByRole('list', { name: 'Notes on this period' });
  await expect(notes.getByRole('listitem')).toHaveText([/Launched the new pricing page.*Notes Owner/]);

  // A range, written backwards first: the server's refusal lands beside the field.
  await chart.getByRole('button', { name: 'Add a note' }).click();
  await form.getByLabel('Date', { exact: true }).fill(dayAgo(8));
  await form.getByLabel('Until (optional)').fill(dayAgo(9));
  const sale =
    'Winter sale across every plan, announced in the newsletter, on social networks and with a banner on the home page';
  await form.getByLabel('Note').fill(sale);
  await form.getByRole('button', { name: 'Save note' }).click();
  await expect(form.getByLabel('Until (optional)')).toHaveAccessibleDescription(/after or equal to date/);
  await form.getByLabel('Until (optional)').fill(dayAgo(6));
  await form.getByRole('button', { name: 'Save note' }).click();
  await expect(notes.getByRole('listitem')).toHaveCount(2);
  await expect(notes.getByRole('listitem').first()).toContainText('Winter sale');

  // Both are marked on the chart: a rule for the day, a band for the range, a pin on each.
  await expect(chart.locator('[data-note-id]')).toHaveCount(2);
  await expect(chart.locator('.ff-chart-note-band')).toHaveCount(1);
  await expect(chart.locator('.ff-chart-note-rule')).toHaveCount(1);
  const pin = await chart.locator('.ff-chart-note-rule').boundingBox();
  if (!pin) throw new Error('the note is not drawn');
  await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
  const tooltip = chart.locator('.ff-chart-tooltip');
  await expect(tooltip).toContainText('Launched the new pricing page (Notes Owner)');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'chart-notes');
  await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
  await captureScreens(page, testInfo, 'chart-note-tooltip');

  // The API holds what the screen shows, and the analytics answer carries the notes of its range.
  const stored = await apiCall<AnnotationListAnswer>('GET', `/api/companies/${companyId}/annotations`, {
    token,
  });
  expect(stored.data.map((note) => [note.date, note.end_date, note.text, note.author])).toEqual([
    [dayAgo(8), dayAgo(6), sale, 'Notes Owner'],
    [dayAgo(3), null, 'Launched the new pricing page', 'Notes Owner'],
  ]);
  const week = await apiCall<{ data: { annotations: unknown[] } }>(
    'GET',
    `/api/company-visitor-analytics-detail/${companyId}?period=7d`,
    { token },
  );
  expect(week.data.annotations).toEqual([stored.data[0], stored.data[1]]);

  await notes.getByRole('button', { name: 'Delete the note "Launched the new pricing page"' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this note?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(chart.locator('[data-note-id]')).toHaveCount(1);
});
