import type { AdminOverview, AdminOverviewDay } from '@footfall/contract';
import type { Repositories } from '@footfall/db';
import { addDays } from '../calendar/local-days';
import type { App } from '../types';
import { dailyEvents } from './overview-events';

/** What the platform overview reads of the app. */
type OverviewDeps = Pick<App, 'analytics' | 'db' | 'now' | 'repos'>;

type PlatformTotals = Awaited<ReturnType<Repositories['adminDirectory']['platformTotals']>>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));

/** One row per day from `first`, `days` long, zeros included. */
async function dailySeries(
  app: OverviewDeps,
  first: string,
  last: string,
  days: number,
): Promise<AdminOverviewDay[]> {
  const repo = app.repos.adminDirectory;
  const since = new Date(`${first}T00:00:00.000Z`);
  const signups = byDay(await repo.signupsPerDay(since));
  const companies = byDay(await repo.companiesPerDay(since));
  const apiCalls = byDay(await repo.apiCallsPerDay(first, last));
  const bots = byDay(await repo.botsPerDay(first, last));
  const events = await dailyEvents(app, first, last, app.now().getTime());
  return Array.from({ length: days }, (_, index): AdminOverviewDay => {
    const date = addDays(first, index);
    return {
      date,
      signups: signups.get(date) ?? 0,
      companies: companies.get(date) ?? 0,
      events: events.get(date) ?? 0,
      api_calls: apiCalls.get(date) ?? 0,
      bots: bots.get(date) ?? 0,
    };
  });
}

function presentTotals(totals: PlatformTotals): AdminOverview['totals'] {
  return {
    users: totals.users,
    verified_users: totals.verifiedUsers,
    suspended_users: totals.suspendedUsers,
    companies: totals.companies,
    listed_companies: totals.listedCompanies,
    suspended_companies: totals.suspendedCompanies,
    events: totals.events,
    api_calls: totals.apiCalls,
    subscribers: totals.subscribers,
    admins: totals.admins,
  };
}

/**
 * The admin dashboard's figures over the last `days` UTC days, today included. Sign-ups and new companies
 * are dated by UTC day; events, stats-API calls and bot hits are stored per company and local day, so a
 * row adds up each company's own day of that date. Every figure comes from counters or indexed ranges:
 * totals from small tables and `monthly_usage` (all-time events as plan quotas count them), the daily
 * events as described in overview-events.ts, and the last minute and hour from raw events by index.
 */
export async function platformOverview(app: OverviewDeps, days: number): Promise<AdminOverview> {
  const repo = app.repos.adminDirectory;
  const now = app.now().getTime();
  const today = new Date(now).toISOString().slice(0, 10);
  const daily = await dailySeries(app, addDays(today, 1 - days), today, days);
  const latest = daily.at(-1) as AdminOverviewDay;
  return {
    totals: presentTotals(await repo.platformTotals()),
    today: { signups: latest.signups, events: latest.events, api_calls: latest.api_calls, bots: latest.bots },
    ingest: {
      events_last_minute: await repo.eventsSince(new Date(now - MINUTE_MS)),
      events_last_hour: await repo.eventsSince(new Date(now - HOUR_MS)),
    },
    database: { dialect: app.db.dialect, bytes: await repo.databaseBytes() },
    daily,
  };
}
