import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createDb, type Db } from '@footfall/db';
import { createTestDb, type TestDb } from '@footfall/db/testing';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { sendDueReports } from '../src/email-reports/send-reports';
import type { App } from '../src/types';
import { createClock, type TestClock } from './support/app';
import { moveClockTo } from './support/email-reports';
import { parseMime, partOfType } from './support/mime';
import { type TestSmtpServer, useSmtpServers } from './support/smtp-server';

// Reports through a real SMTP server, from several servers sharing one database (PostgreSQL when
// TEST_DATABASE_URL is set): each report is claimed in the database before it is sent, so it goes out once
// whichever server ticks, and a server started later sends nothing again.

const startSmtpServer = useSmtpServers();
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Cluster {
  test: TestDb;
  smtp: TestSmtpServer;
  clock: TestClock;
  /** Starts another server on the shared database, with its own connection, mailer and scheduler. */
  start(options?: { logs?: string[]; logLevel?: string }): Promise<App>;
}

async function cluster(smtpOptions: { rejectRecipients?: boolean } = {}): Promise<Cluster> {
  const test = await createTestDb();
  cleanups.push(() => test.cleanup());
  const smtp = await startSmtpServer(smtpOptions);
  const clock = createClock();
  const start: Cluster['start'] = async (options = {}) => {
    const db: Db = await createDb(test.url);
    const config = loadConfig({
      APP_URL: 'http://footfall.test',
      DATABASE_URL: test.url,
      DATA_DIR: '/nonexistent-footfall-data',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-the-config-check',
      LOG_LEVEL: options.logLevel ?? 'silent',
      FOOTFALL_SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
    });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        options.logs?.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config, db, now: clock.now, schedulerTickMs: 0, logStream });
    await app.ready();
    cleanups.push(async () => {
      // Closing an app twice is harmless: a test may close one itself, as a stopped server.
      await app.close();
      await db.close();
    });
    return app;
  };
  return { test, smtp, clock, start };
}

let people = 0;

/** A verified member of a new UTC site who gets weekly reports since `since`. */
async function subscriber(app: App, since: Date) {
  people += 1;
  const { user, company } = await app.repos.users.register({
    user: { name: `Member ${people}`, email: `member${people}-${Date.now()}@example.com`, passwordHash: 'x' },
    company: {
      name: `Site ${people}`,
      website: 'https://servers.example',
      timezone: 'UTC',
      trackingKey: randomBytes(8).toString('hex'),
    },
  });
  const { users } = app.db.schema;
  await app.db.orm.update(users).set({ emailVerifiedAt: since }).where(eq(users.id, user.id));
  await app.repos.emailReports.choose(company.id, user.id, { weekly: true, monthly: false }, since);
  return { email: user.email, userId: user.id, companyId: company.id };
}

describe('e-mail reports across servers', () => {
  it('two servers on one database ticking at the same moment send each report once; a restarted one sends none again', async () => {
    const { smtp, clock, start } = await cluster();
    moveClockTo(clock, '2026-05-06T12:00:00Z');
    const first = await start();
    const second = await start();
    const ann = await subscriber(first, clock.now());
    const bob = await subscriber(second, clock.now());

    // Sunday 10 May: the week of Sunday 3 May has ended.
    moveClockTo(clock, '2026-05-10T00:02:00Z');
    const ticks = await Promise.all([first.scheduler.tick(), second.scheduler.tick()]);
    expect(ticks.flat().filter((task) => task === 'email-reports')).toHaveLength(1);
    await Promise.all([first.mailer.idle(), second.mailer.idle()]);
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([[ann.email], [bob.email]].sort());

    // Without the scheduler's lease too: the claims alone keep two senders from doubling a report.
    const carol = await subscriber(first, new Date('2026-05-06T12:00:00Z'));
    const runs = await Promise.all([sendDueReports(first, clock.now()), sendDueReports(second, clock.now())]);
    expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);
    expect(smtp.received.filter((mail) => mail.to[0] === carol.email)).toHaveLength(1);

    await first.close();
    clock.advance(6 * 60_000);
    const third = await start();
    expect(await third.scheduler.tick()).toContain('email-reports');
    expect(await second.scheduler.tick()).not.toContain('email-reports');
    clock.advance(6 * 60_000);
    expect(await second.scheduler.tick()).toContain('email-reports');
    expect(smtp.received).toHaveLength(3);

    // The mail as a client receives it: both parts, the one-click headers, and a link that works.
    const parsed = parseMime(smtp.received.find((mail) => mail.to[0] === ann.email)?.raw ?? '');
    expect(parsed.headers.subject).toBe('Weekly report for servers.example: 0 visitors');
    expect(parsed.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Intl may write thin or narrow no-break spaces around the range's dash.
    expect((partOfType(parsed, 'text/plain') ?? '').replace(/[\u2009\u202f\u00a0]/g, ' ')).toContain(
      'May 3 – 9, 2026',
    );
    expect(partOfType(parsed, 'text/html')).toContain('Open the dashboard');
    const oneClick = /^<(http:\/\/footfall\.test(\/api\/email-reports\/unsubscribe\?token=[^>]+))>$/.exec(
      parsed.headers['list-unsubscribe'] ?? '',
    );
    expect(oneClick).not.toBeNull();
    const unsubscribed = await third.inject({
      method: 'POST',
      url: oneClick?.[2] ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(await third.repos.emailReports.switches(ann.companyId, ann.userId)).toEqual({
      weekly: false,
      monthly: false,
    });
  });

  it('a report the mail server refuses is logged and retried after a minute', async () => {
    const { smtp, clock, start } = await cluster({ rejectRecipients: true });
    moveClockTo(clock, '2026-05-13T12:00:00Z');
    const logs: string[] = [];
    const app = await start({ logs, logLevel: 'warn' });
    const dan = await subscriber(app, clock.now());
    moveClockTo(clock, '2026-05-17T00:02:00Z');
    expect(await sendDueReports(app, clock.now())).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received).toEqual([]);
    const lines = logs.map((line) => JSON.parse(line));
    const failure = lines.find((line) => line.msg === 'e-mail report failed; it will be retried');
    expect(failure).toMatchObject({
      userId: dan.userId,
      kind: 'weekly',
      periodStart: '2026-05-10',
      attempt: 1,
    });
    expect(failure.err).toMatch(/No such user here/);
    const claim = await app.repos.emailReports.find({
      userId: dan.userId,
      companyId: dan.companyId,
      kind: 'weekly',
      periodStart: '2026-05-10',
    });
    expect(claim).toMatchObject({ status: 'retry', attempts: 1 });
    expect(claim?.lastError).toMatch(/No such user here/);
  });
});
