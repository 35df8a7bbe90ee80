// The alerts screen (`/alerts/{id}`) in Chromium against the real server: a webhook channel pointed at a
// receiver this test runs, its signing secret, "Send a test" and the delivery log, an e-mail channel, alerts
// added, turned off and deleted, the empty states, and the screen at 1280 and 375 px.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompanyListAnswer } from '@footfall/contract';
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
import { expectFitsWidth, expectPlaceholdersFit, LONG, PHONE } from './support/mobile';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records what it gets and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/footfall`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiver's check, as docs/api.md "Alerts and webhooks" documents it. */
function verifyFootfallSignature(secret: string, header: string, rawBody: string, now = Date.now()) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || typeof parts.v1 !== 'string') return false;
  if (Math.abs(now / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an admin adds a webhook channel, sends it a signed test, sees it logged as sent, and sets alerts', async ({
  page,
}, testInfo) => {
  const receiver = await startReceiver();
  try {
    const account = await verifiedAccount('Alerts Owner');
    const token = await apiToken(account.email, account.password);
    const [company] = (await apiCall<CompanyListAnswer>('GET', '/api/companies', { token })).data;
    if (!company) throw new Error('the new account has no company');

    await signIn(page, account.email, account.password);
    await page
      .getByRole('navigation', { name: 'Company sections' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/alerts/${company.id}$`));
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await expect(page.getByText('No channels yet.')).toBeVisible();
    await expect(page.getByText('No alerts yet. Add a channel first')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, testInfo, 'alerts-empty');

    // A webhook channel, pointed at the receiver.
    const addChannel = page.getByRole('form', { name: 'Add a channel' });
    await addChannel.getByLabel('Name').fill('Ops webhook');
    await addChannel.getByLabel('Kind').selectOption('webhook');
    await addChannel.getByLabel('URL').fill(receiver.url);
    await addChannel.getByRole('button', { name: 'Add channel' }).click();
    await expect(page.getByText('The channel “Ops webhook” was added.')).toBeVisible();
    const channels = page.getByRole('list', { name: 'Channels' });
    const webhook = channels.getByRole('listitem').filter({ hasText: 'Ops webhook' });
    const secret = (await webhook.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(webhook.getByRole('button', { name: 'Copy secret' })).toBeVisible();

    // "Send a test": delivered, signed, and in the log as sent.
    await webhook.getByRole('button', { name: 'Send a test' }).click();
    await expect(page.getByText('A test message was sent to “Ops webhook”.')).toBeVisible();
    const log = webhook.getByRole('table', { name: 'Deliveries to Ops webhook' });
    await expect(log.getByRole('row')).toHaveCount(2);
    const row = log.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Test');
    await expect(row.getByRole('cell').nth(2)).toHaveText('sent');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('the receiver got nothing');
    expect(verifyFootfallSignature(secret, String(request.headers['footfall-signature']), request.body)).toBe(
      true,
    );
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'test',
      site: { id: company.id },
      alert: null,
      dashboard_url: expect.stringMatching(new RegExp(`/dashboard/${company.id}$`)),
    });

    // An e-mail channel too, with its addresses tidied by the server.
    await addChannel.getByLabel('Name').fill('Founders');
    await addChannel.getByLabel('Kind').selectOption('email');
    await addChannel.getByLabel('E-mail addresses').fill('Ada@Example.com, grace@example.com');
    await addChannel.getByRole('button', { name: 'Add channel' }).click();
    await expect(channels.getByText('ada@example.com, grace@example.com')).toBeVisible();

    // Alerts: a drop to the webhook, a traffic spike to both.
    const addAlert = page.getByRole('form', { name: 'Add an alert' });
    await addAlert.getByLabel('When').selectOption('drop');
    await addAlert.getByLabel('Hours without events').fill('6');
    await addAlert.getByRole('button', { name: 'Add alert' }).click();
    const alerts = page.getByRole('list', { name: 'Alerts' });
    await expect(alerts.getByText('No events for 6 hours')).toBeVisible();
    await addAlert.getByLabel('When').selectOption('spike');
    await addAlert.getByLabel('Visitors at once, more than').fill('250');
    await addAlert.getByLabel('Founders').check();
    await addAlert.getByRole('button', { name: 'Add alert' }).click();
    const spike = alerts.getByRole('listitem').filter({ hasText: /More than \d+ visitors/ });
    await expect(spike.getByText('To Ops webhook, Founders')).toBeVisible();
    await expect(spike.getByText('Watching')).toBeVisible();
    await spike.getByRole('button', { name: 'Turn off' }).click();
    await expect(spike.getByText('Off', { exact: true })).toBeVisible();

    // Edited in place: a higher threshold, one channel fewer; the alert stays off.
    await spike.getByRole('button', { name: /Edit the alert/ }).click();
    const edit = spike.getByRole('form', { name: 'Edit the alert' });
    await expect(edit.getByLabel('Visitors at once, more than')).toHaveValue('250');
    await edit.getByLabel('Visitors at once, more than').fill('300');
    await edit.getByLabel('Founders').uncheck();
    await edit.getByRole('button', { name: 'Save alert' }).click();
    await expect(page.getByText('The alert was saved.')).toBeVisible();
    const edited = alerts.getByRole('listitem').filter({ hasText: 'More than 300 visitors' });
    await expect(edited.getByText('To Ops webhook', { exact: true })).toBeVisible();
    await expect(edited.getByText('Off', { exact: true })).toBeVisible();
    const stored = await apiCall<{ data: { threshold: number; channel_ids: number[]; enabled: boolean }[] }>(
      'GET',
      `/api/companies/${company.id}/alerts`,
      { token },
    );
    expect(stored.data.map((rule) => [rule.threshold, rule.channel_ids.length, rule.enabled])).toEqual([
      [6, 1, true],
      [300, 1, false],
    ]);

    // A threshold the server refuses is shown beside its field.
    await addAlert.getByLabel('When').selectOption('drop');
    await addAlert.getByLabel('Hours without events').fill('500');
    await addAlert.getByRole('button', { name: 'Add alert' }).click();
    await expect(addAlert.getByText('A drop alert waits 1 to 168 hours.')).toBeVisible();

    await expectAccessible(page);
    // From the top: a full-page shot taken further down draws the sticky header over the middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await captureScreens(page, testInfo, 'alerts');

    // On a phone, with a long channel name and a long address: nothing past the edge, no placeholder cut.
    await apiCall('POST', `/api/companies/${company.id}/alert-channels`, {
      token,
      body: { name: LONG.company, kind: 'email', target: `${LONG.event}@${new URL(LONG.website).hostname}` },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Delivery log' }).first().click();
    await page.setViewportSize(PHONE);
    for (const kind of ['email', 'slack', 'webhook']) {
      await addChannel.getByLabel('Kind').selectOption(kind);
      await expectPlaceholdersFit(page, `alerts, ${kind} channel form`);
    }
    await expectFitsWidth(page, 'alerts');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Deleting the drop alert asks first.
    const drop = alerts.getByRole('listitem').filter({ hasText: 'No events for 6 hours' });
    await drop.getByRole('button', { name: /Delete the alert/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this alert?' })
      .getByRole('button', { name: 'Ok' })
      .click();
    await expect(page.getByText('The alert was deleted.')).toBeVisible();
    await expect(alerts.getByRole('listitem')).toHaveCount(1);
  } finally {
    await receiver.close();
  }
});
