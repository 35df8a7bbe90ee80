import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendDueReports } from '../src/email-reports/send-reports';
import { INVALID_UNSUBSCRIBE_LINK } from '../src/email-reports/unsubscribe-routes';
import { MAX_ATTEMPTS } from '../src/scheduler/backoff';
import { importRecords } from './support/analytics';
import { useTestApp } from './support/app';
import {
  chooseReports,
  moveClockTo,
  reportClaims,
  type SiteMember,
  signIn,
  siteOwner,
  unsubscribeTokenIn,
} from './support/email-reports';
import { teammate } from './support/teams';

// E-mail reports (docs/api.md "E-mail reports") of a Berlin site, on a calendar worked out by hand. A report's
// week runs from Sunday to Saturday, as the charts' weeks do: the week of Sunday 1 March 2026 has two
// visitors, the week of Sunday 8 March three; a member subscribes on Wednesday 11 March. Berlin is UTC+1 in
// March: its Sunday 8 March begins at 23:00 UTC on Saturday 7 March (the first visit of the second week is
// then), and its Sunday 15 March, when the week's report is due, at 23:00 UTC on Saturday 14 March.

const t = useTestApp();
const MINUTE = 60_000;
const SITE = 'https://reports.example';

const visit = (day: string, visitor: string, path: string, extra: Record<string, unknown> = {}) => ({
  timestamp: `2026-03-${day}T10:00:00Z`,
  visitor,
  type: 'pageview',
  url: `${SITE}${path}`,
  ...extra,
});

const RECORDS = [
  visit('03', 'old-1', '/'),
  visit('04', 'old-2', '/pricing'),
  // Saturday 7 March in UTC, Sunday 8 March in Berlin: this visit is the site's second week's, not its first's.
  {
    ...visit('07', 'v1', '/', { referrer: 'https://www.google.com/search', country: 'DE' }),
    timestamp: '2026-03-07T23:30:00Z',
  },
  { ...visit('07', 'v1', '/pricing'), timestamp: '2026-03-07T23:31:00Z' },
  { ...visit('07', 'v1', '/signup'), timestamp: '2026-03-07T23:32:00Z' },
  visit('10', 'v2', '/pricing', { referrer: 'https://news.ycombinator.com/', country: 'FR' }),
  visit('11', 'v3', '/', { country: 'DE' }),
];

let owner: SiteMember & { trackingKey: string };

/** How long after `from` a retry is due, to the second (the test clock moves on as the test runs). */
function waitAfter(retryAt: Date | null | undefined, from: string): number {
  return Math.floor(((retryAt?.getTime() ?? 0) - Date.parse(from)) / 1000) * 1000;
}

/** Sends what is due now; answers the report mails sent to `member` by this run. */
async function runReports(member?: SiteMember) {
  const before = t.mailer.sent.length;
  const outcome = await sendDueReports(t.app, t.clock.now());
  const mails = t.mailer.sent.slice(before);
  return { outcome, mails: member ? mails.filter((mail) => mail.to === member.email) : mails };
}

beforeAll(async () => {
  moveClockTo(t.clock, '2026-03-11T12:00:00Z');
  owner = await siteOwner(t.app, t.mailer, { timezone: 'Europe/Berlin', website: SITE });
  await importRecords(t.app, owner, RECORDS);
  const goal = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/goals`,
    headers: owner.auth,
    payload: { name: 'Signup page', page_path: '/signup' },
  });
  expect(goal.statusCode, goal.body).toBe(201);
});

describe('choosing reports', () => {
  it('starts with none, saves each member’s own choice, and any member may choose', async () => {
    const url = `/api/companies/${owner.companyId}/email-reports`;
    expect((await t.app.inject({ url, headers: owner.auth })).json()).toEqual({
      data: { weekly: false, monthly: false },
    });
    const viewer = {
      ...(await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer')),
      companyId: owner.companyId,
    };
    expect(await chooseReports(t.app, viewer, { weekly: false, monthly: true })).toEqual({
      weekly: false,
      monthly: true,
    });
    expect((await t.app.inject({ url, headers: viewer.auth })).json().data).toEqual({
      weekly: false,
      monthly: true,
    });
    expect((await t.app.inject({ url, headers: owner.auth })).json().data).toEqual({
      weekly: false,
      monthly: false,
    });

    const bad = await t.app.inject({ method: 'PUT', url, headers: owner.auth, payload: { weekly: 'yes' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['monthly', 'weekly']);
    await chooseReports(t.app, viewer, { weekly: false, monthly: false });
  });
});

describe('the weekly report', () => {
  it('goes to a member who subscribed on Wednesday on the next Sunday in the site’s zone, not before, once', async () => {
    await chooseReports(t.app, owner, { weekly: true, monthly: true });
    expect((await runReports(owner)).mails).toEqual([]);

    // Saturday 14 March, 23:59 in Berlin: the week has not ended there.
    moveClockTo(t.clock, '2026-03-14T22:59:00Z');
    expect((await runReports(owner)).mails).toEqual([]);

    // Sunday 15 March, 00:05 in Berlin, while it is still Saturday in UTC.
    moveClockTo(t.clock, '2026-03-14T23:05:00Z');
    // Saving the same choice again, after the week ended, keeps the subscription's start.
    await signIn(t.app, owner);
    await chooseReports(t.app, owner, { weekly: true, monthly: true });
    const { mails } = await runReports(owner);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Weekly report for reports.example: 3 visitors (+50%)',
    ]);
    expect((await runReports(owner)).mails).toEqual([]);
    t.clock.advance(3 * 24 * 60 * MINUTE);
    expect((await runReports(owner)).mails).toEqual([]);

    const [claim] = await reportClaims(t.app, owner.id);
    expect(claim).toMatchObject({ kind: 'weekly', periodStart: '2026-03-08', status: 'sent', attempts: 1 });
  });

  it('tells the figures, their change, the top lists and the goals, in HTML without scripts and in text', async () => {
    moveClockTo(t.clock, '2026-03-11T12:00:00Z');
    const preview = await t.app.inject({
      url: `/api/companies/${owner.companyId}/email-reports/preview?kind=weekly`,
      headers: owner.auth,
    });
    // On Wednesday the last complete week is Sunday 1 to Saturday 7 March in Berlin, compared with the week
    // before (no visits): its two visitors, without the one of Berlin's Sunday 8 March.
    expect(preview.json().data).toMatchObject({
      kind: 'weekly',
      from: '2026-03-01',
      to: '2026-03-07',
      subject: 'Weekly report for reports.example: 2 visitors',
    });
    moveClockTo(t.clock, '2026-03-15T09:00:00Z');
    const mail = t.mailer.sent.find((sent) => sent.to === owner.email && sent.subject.startsWith('Weekly'));
    if (!mail) throw new Error('no weekly report');
    const { html, text } = mail;
    expect(html).not.toMatch(/<script|<img|<link|<style|src=|javascript:/i);
    expect(text).toContain('Weekly report for reports.example');
    // Intl may write thin or narrow no-break spaces around the range's dash.
    expect(text.replace(/[\u2009\u202f\u00a0]/g, ' ')).toContain(
      'Mar 8 – 14, 2026, compared with Mar 1 – 7, 2026',
    );
    expect(text).toMatch(/Visitors\s+3\s+\(\+50%\)/);
    expect(text).toMatch(/Visits\s+3\s+\(\+50%\)/);
    expect(text).toMatch(/Pageviews\s+5\s+\(\+150%\)/);
    // Two of three visits bounced, both before: 67% against 100%, told in points.
    expect(text).toMatch(/Bounce rate\s+67%\s+\(-33 pts\)/);
    expect(text).toMatch(/Visit duration\s+40s\s+\(new\)/);
    expect(text).toMatch(/Top pages\n\s+2 {2}\/\n\s+2 {2}\/pricing\n\s+1 {2}\/signup/);
    expect(text).toMatch(/Top sources\n\s+1 {2}Direct \/ None\n\s+1 {2}Google\n\s+1 {2}Hacker News/);
    expect(text).toMatch(/Top countries\n\s+2 {2}Germany\n\s+1 {2}France/);
    expect(text).toMatch(/Goal conversions\n\s+1 {2}Signup page \(33\.3%, new\)/);
    expect(text).toContain(
      `http://footfall.test/dashboard/${owner.companyId}?period=custom&from=2026-03-08&to=2026-03-14`,
    );
    for (const words of [
      'reports.example',
      '+50%',
      '-33 pts',
      'Germany',
      'Hacker News',
      'Signup page',
      '/pricing',
    ]) {
      expect(html).toContain(words);
    }
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://footfall.test/api/email-reports/unsubscribe?token=${unsubscribeTokenIn(text)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('the monthly report', () => {
  it('goes out on the 1st for the month before, compared with the month before that', async () => {
    moveClockTo(t.clock, '2026-03-31T21:59:00Z');
    expect((await runReports(owner)).mails.filter((mail) => mail.subject.startsWith('Monthly'))).toEqual([]);
    // Berlin is on summer time from 29 March: its 1 April begins at 22:00 UTC.
    moveClockTo(t.clock, '2026-03-31T22:01:00Z');
    const { mails } = await runReports(owner);
    expect(mails.map((mail) => mail.subject)).toEqual(['Monthly report for reports.example: 5 visitors']);
    expect(mails[0]?.text).toContain('March 2026, compared with February 2026');
    expect((await runReports(owner)).mails).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('reads the link without changing anything, and one POST without a session or XSRF token turns it off', async () => {
    const mail = t.mailer.sent.find((sent) => sent.to === owner.email && sent.subject.startsWith('Weekly'));
    const token = unsubscribeTokenIn(mail?.text ?? '');
    const url = `/api/email-reports/unsubscribe?token=${token}`;
    const read = await t.app.inject({ url });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      data: { kind: 'weekly', site_name: expect.any(String), subscribed: true },
    });

    // RFC 8058: a mail client posts `List-Unsubscribe=One-Click`; a stray cookie must not make it a 419.
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'XSRF-TOKEN=abc' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.subscribed).toBe(false);
    await signIn(t.app, owner);
    const settings = await t.app.inject({
      url: `/api/companies/${owner.companyId}/email-reports`,
      headers: owner.auth,
    });
    expect(settings.json().data).toEqual({ weekly: false, monthly: true });
    // Again: still 200, still off.
    expect((await t.app.inject({ method: 'POST', url })).json().data.subscribed).toBe(false);
  });

  it('refuses a forged, altered or malformed token with 400 and says so', async () => {
    const good = t.app.reportUnsubscribeLinks.token({
      userId: owner.id,
      companyId: owner.companyId,
      kind: 'monthly',
    });
    const signature = good.split('.')[3];
    for (const token of [
      `${owner.id}.${owner.companyId}.weekly.${signature}`,
      `${owner.id + 1}.${owner.companyId}.monthly.${signature}`,
      `${owner.id}.${owner.companyId}.monthly.${'0'.repeat(64)}`,
      'nonsense',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: `/api/email-reports/unsubscribe?token=${token}` });
        expect(response.statusCode, token).toBe(400);
        expect(response.json()).toEqual({ message: INVALID_UNSUBSCRIBE_LINK });
      }
    }
    expect((await t.app.inject({ url: '/api/email-reports/unsubscribe' })).statusCode).toBe(422);
    await signIn(t.app, owner);
    const settings = await t.app.inject({
      url: `/api/companies/${owner.companyId}/email-reports`,
      headers: owner.auth,
    });
    expect(settings.json().data.monthly).toBe(true);
  });
});

describe('failed sends', () => {
  it('are retried with back-off, logged on the claim, and sent once the mail server is back', async () => {
    moveClockTo(t.clock, '2026-04-01T12:00:00Z');
    const member = await siteOwner(t.app, t.mailer, { timezone: 'UTC' });
    await chooseReports(t.app, member, { weekly: true, monthly: false });
    t.mailer.failDeliveries(new Error('the mail server is down'));
    try {
      // Sunday 5 April, just after the week of 29 March ended.
      moveClockTo(t.clock, '2026-04-05T00:01:00Z');
      expect((await runReports(member)).outcome.failed).toBeGreaterThanOrEqual(1);
      let [claim] = await reportClaims(t.app, member.id);
      expect(claim).toMatchObject({ status: 'retry', attempts: 1, lastError: 'the mail server is down' });
      // The clock runs on between the moves: the retry waits a minute from the failure.
      expect(waitAfter(claim?.nextAttemptAt, '2026-04-05T00:01:00Z')).toBe(MINUTE);

      t.clock.advance(30_000);
      await runReports(member);
      expect((await reportClaims(t.app, member.id))[0]?.attempts).toBe(1);
      t.clock.advance(31_000);
      await runReports(member);
      [claim] = await reportClaims(t.app, member.id);
      expect(claim).toMatchObject({ status: 'retry', attempts: 2 });
      expect(waitAfter(claim?.nextAttemptAt, '2026-04-05T00:02:01Z')).toBe(2 * MINUTE);
    } finally {
      t.mailer.failDeliveries(null);
    }
    t.clock.advance(2 * MINUTE);
    expect((await runReports(member)).mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Weekly report for shop\.example: 0 visitors/),
    ]);
    expect((await reportClaims(t.app, member.id))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    t.clock.advance(60 * MINUTE);
    expect((await runReports(member)).mails).toEqual([]);
  });

  it(`are given up after ${MAX_ATTEMPTS} attempts`, async () => {
    moveClockTo(t.clock, '2026-04-08T12:00:00Z');
    const member = await siteOwner(t.app, t.mailer, { timezone: 'UTC' });
    await chooseReports(t.app, member, { weekly: true, monthly: false });
    moveClockTo(t.clock, '2026-04-12T00:01:00Z');
    t.mailer.failDeliveries(new Error('mailbox full'));
    try {
      for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) {
        await runReports(member);
        t.clock.advance(7 * 60 * MINUTE);
      }
    } finally {
      t.mailer.failDeliveries(null);
    }
    expect((await runReports(member)).mails).toEqual([]);
    expect(await reportClaims(t.app, member.id)).toMatchObject([
      { status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'mailbox full', nextAttemptAt: null },
    ]);
  });

  it('a claim whose sender crashed is taken again once it expires, and sent once', async () => {
    moveClockTo(t.clock, '2026-04-15T12:00:00Z');
    const member = await siteOwner(t.app, t.mailer, { timezone: 'UTC' });
    await chooseReports(t.app, member, { weekly: true, monthly: false });
    moveClockTo(t.clock, '2026-04-19T00:01:00Z');
    const now = t.clock.now();
    // Another server claimed it and stopped before it sent or recorded anything.
    const key = {
      userId: member.id,
      companyId: member.companyId,
      kind: 'weekly' as const,
      periodStart: '2026-04-12',
    };
    expect(
      await t.app.repos.emailReports.claim(key, now, new Date(now.getTime() + 10 * MINUTE), MAX_ATTEMPTS),
    ).toBeDefined();
    expect((await runReports(member)).mails).toEqual([]);
    t.clock.advance(10 * MINUTE);
    expect((await runReports(member)).mails).toHaveLength(1);
    expect((await runReports(member)).mails).toEqual([]);
    expect((await reportClaims(t.app, member.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('who gets no report', () => {
  it('members of a suspended site, unverified accounts, and members who left or deleted their account', async () => {
    moveClockTo(t.clock, '2026-04-22T12:00:00Z');
    const suspended = await siteOwner(t.app, t.mailer);
    await chooseReports(t.app, suspended, { weekly: true, monthly: false });
    const { companies, users } = t.app.db.schema;
    await t.app.db.orm
      .update(companies)
      .set({ suspendedAt: t.clock.now() })
      .where(eq(companies.id, suspended.companyId));

    const unverified = await siteOwner(t.app, t.mailer);
    await chooseReports(t.app, unverified, { weekly: true, monthly: false });
    await t.app.db.orm.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));

    const host = await siteOwner(t.app, t.mailer);
    const leaver = {
      ...(await teammate(t.app, t.mailer, host, host.companyId, 'viewer')),
      companyId: host.companyId,
    };
    await chooseReports(t.app, leaver, { weekly: true, monthly: false });
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${host.companyId}/members/${leaver.id}`,
      headers: leaver.auth,
    });
    expect(left.statusCode, left.body).toBe(204);
    const { emailReportSubscriptions } = t.app.db.schema;
    const rows = await t.app.db.orm
      .select()
      .from(emailReportSubscriptions)
      .where(eq(emailReportSubscriptions.userId, leaver.id));
    expect(rows).toEqual([]);

    const deleter = {
      ...(await teammate(t.app, t.mailer, host, host.companyId, 'admin')),
      companyId: host.companyId,
    };
    await chooseReports(t.app, deleter, { weekly: true, monthly: true });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: deleter.auth,
      payload: { email: deleter.email, current_password: deleter.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const remaining = await t.app.db.orm
      .select()
      .from(emailReportSubscriptions)
      .where(eq(emailReportSubscriptions.companyId, host.companyId));
    // The host never chose reports: the site keeps no subscription of those who left or deleted their account.
    expect(remaining).toEqual([]);

    const stays = await siteOwner(t.app, t.mailer);
    await chooseReports(t.app, stays, { weekly: true, monthly: false });

    moveClockTo(t.clock, '2026-04-26T00:01:00Z');
    const { mails } = await runReports();
    const recipients = mails.map((mail) => mail.to);
    expect(recipients).toContain(stays.email);
    for (const member of [suspended, unverified, leaver, deleter])
      expect(recipients).not.toContain(member.email);
  });
});

describe('the preview', () => {
  it('answers the report of the last complete period for any member, and 422 for an unknown kind', async () => {
    moveClockTo(t.clock, '2026-04-02T08:00:00Z');
    await signIn(t.app, owner);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const url = `/api/companies/${owner.companyId}/email-reports/preview`;
    const monthly = await t.app.inject({ url: `${url}?kind=monthly`, headers: viewer.auth });
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json().data).toMatchObject({
      kind: 'monthly',
      from: '2026-03-01',
      to: '2026-03-31',
      subject: 'Monthly report for reports.example: 5 visitors',
    });
    expect(monthly.json().data.html).toMatch(/^<!doctype html>/);
    expect(monthly.json().data.text).toContain(`unsubscribe?token=${viewer.id}.${owner.companyId}.monthly.`);
    expect((await t.app.inject({ url: `${url}?kind=yearly`, headers: viewer.auth })).statusCode).toBe(422);
  });
});
