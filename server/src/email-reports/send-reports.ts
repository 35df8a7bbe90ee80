import type { EmailReportKind } from '@footfall/contract';
import type { DueReportSubscriber, EmailReportDelivery, EmailReportKey } from '@footfall/db';
import { addDays, todayIn } from '../calendar/local-days';
import { MAX_ATTEMPTS, nextAttemptAt } from '../scheduler/backoff';
import type { ScheduledTask } from '../scheduler/scheduler';
import type { App } from '../types';
import { type ReportFigures, reportFigures } from './report-figures';
import { reportMail } from './report-mail';
import { lastCompletePeriod, type ReportPeriod } from './report-period';

/** What sending the due reports reads of the app. */
type ReportDeps = Pick<
  App,
  'analytics' | 'config' | 'log' | 'mailer' | 'now' | 'reportUnsubscribeLinks' | 'repos'
>;

/** How often due reports are looked for: a report goes out within minutes of its period's end. */
export const REPORTS_EVERY_MS = 5 * 60_000;
/** How long a claim holds a report for its sender; after that a crashed sender's report is claimed again. */
export const CLAIM_MS = 10 * 60_000;
/** Claims are kept this long (the newest period of a kind is the only one ever sent), then deleted. */
const KEEP_CLAIMS_DAYS = 400;

const KINDS: EmailReportKind[] = ['weekly', 'monthly'];

interface DueReport {
  subscriber: DueReportSubscriber;
  period: ReportPeriod;
  key: EmailReportKey;
}

/**
 * The reports due at `now`: for each kind a member has on, the last complete period in the site's zone,
 * when it ended after the member turned the kind on (no back-log for a new subscriber). Only that newest
 * period is ever due: a report missed for a whole period (every server down) is not sent late.
 */
export function dueReports(subscribers: DueReportSubscriber[], now: number): DueReport[] {
  return subscribers.flatMap((subscriber) =>
    KINDS.flatMap((kind) => {
      const since = kind === 'weekly' ? subscriber.weeklySince : subscriber.monthlySince;
      if (!since) return [];
      const period = lastCompletePeriod(kind, subscriber.timezone, now);
      if (since.getTime() >= period.endsAt) return [];
      const { userId, companyId } = subscriber;
      return [{ subscriber, period, key: { userId, companyId, kind, periodStart: period.from } }];
    }),
  );
}

const keyOf = (key: EmailReportKey) => `${key.userId}|${key.companyId}|${key.kind}|${key.periodStart}`;

/** Claims that no server may take now: sent, given up, held by a sender, or waiting for their retry. */
function unavailable(deliveries: EmailReportDelivery[], now: Date): Set<string> {
  const time = now.getTime();
  return new Set(
    deliveries
      .filter(
        (row) =>
          row.status === 'sent' ||
          row.status === 'failed' ||
          (row.status === 'retry' && (row.nextAttemptAt?.getTime() ?? 0) > time) ||
          (row.status === 'sending' && (row.claimedUntil?.getTime() ?? 0) > time),
      )
      .map(keyOf),
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Sends a claimed report and records how it went; answers whether the mail server took it. */
async function sendClaimed(
  app: ReportDeps,
  report: DueReport,
  claim: EmailReportDelivery,
  figuresOf: (report: DueReport) => Promise<ReportFigures>,
): Promise<boolean> {
  const about = { ...report.key, attempt: claim.attempts };
  try {
    await app.mailer.deliver(reportMail(app, report.subscriber, await figuresOf(report)));
  } catch (error) {
    const retryAt = claim.attempts >= MAX_ATTEMPTS ? null : nextAttemptAt(claim.attempts, app.now());
    await app.repos.emailReports.markFailed(claim.id, errorText(error), retryAt);
    const logged = { ...about, err: errorText(error), retry_at: retryAt };
    if (retryAt) app.log.warn(logged, 'e-mail report failed; it will be retried');
    else app.log.error(logged, 'e-mail report failed; given up');
    return false;
  }
  // Should this write fail, the claim expires and the report is sent again: the one way it goes out twice.
  await app.repos.emailReports.markSent(claim.id, app.now());
  app.log.info(about, 'e-mail report sent');
  return true;
}

/**
 * Sends every due report once: each is claimed in the database (a unique row per member, site, kind and
 * period) before its mail is built and handed over, so servers sharing the database, or a server that
 * restarted, never send it twice. A failure is logged and retried with back-off, up to MAX_ATTEMPTS.
 */
export async function sendDueReports(app: ReportDeps, now: Date): Promise<{ sent: number; failed: number }> {
  const reports = app.repos.emailReports;
  await reports.abandonExpiredClaims(now, MAX_ATTEMPTS);
  const due = dueReports(await reports.subscribers(), now.getTime());
  const taken = unavailable(
    await reports.deliveriesStarting([...new Set(due.map((report) => report.key.periodStart))]),
    now,
  );
  // Members of one site share its figures: read once per site and period.
  const figures = new Map<string, Promise<ReportFigures>>();
  const figuresOf = ({ subscriber: s, period }: DueReport) => {
    const cacheKey = `${s.companyId}|${period.kind}|${period.from}`;
    const company = { id: s.companyId, name: s.companyName, website: s.website, timezone: s.timezone };
    const found = figures.get(cacheKey) ?? reportFigures(app, company, period);
    figures.set(cacheKey, found);
    return found;
  };
  let sent = 0;
  let failed = 0;
  for (const report of due) {
    if (taken.has(keyOf(report.key))) continue;
    const claimedAt = app.now();
    const claim = await reports.claim(
      report.key,
      claimedAt,
      new Date(claimedAt.getTime() + CLAIM_MS),
      MAX_ATTEMPTS,
    );
    if (!claim) continue;
    if (await sendClaimed(app, report, claim, figuresOf)) sent += 1;
    else failed += 1;
  }
  await reports.pruneBefore(addDays(todayIn('UTC', now.getTime()), -KEEP_CLAIMS_DAYS));
  return { sent, failed };
}

/** The scheduler's task that sends the due e-mail reports. */
export function emailReportsTask(app: ReportDeps): ScheduledTask {
  return {
    name: 'email-reports',
    everyMs: REPORTS_EVERY_MS,
    async run(now) {
      const outcome = await sendDueReports(app, now);
      if (outcome.sent + outcome.failed > 0) app.log.info(outcome, 'e-mail reports handled');
    },
  };
}
