import { formatNumber, formatWhen } from '@footfall/contract/format';
import type { ActiveAlertRule, AlertRuleTransition } from '@footfall/db';
import { realtimeVisitors } from '../analytics/detail';
import { todayIn } from '../calendar/local-days';
import type { ScheduledTask } from '../scheduler/scheduler';
import type { App } from '../types';
import { type AlertOccurrence, alertPayload } from './alert-payload';

/** What evaluating alert rules reads of the app. */
type RuleDeps = Pick<
  App,
  'analytics' | 'analyticsEngine' | 'analyticsRepos' | 'config' | 'log' | 'now' | 'repos'
>;

const HOUR = 60 * 60 * 1000;
/** A spike that ended fires again only an hour after the last one: traffic hovering at N is not a flood. */
export const SPIKE_COOLDOWN_MS = HOUR;

type Change = Omit<AlertRuleTransition, 'payload' | 'now'> & { occurrence?: AlertOccurrence };

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;

/** A moment as the site's dashboard would tell it: in the site's zone, named (`Dec 1, 2026, 10:43 PM GMT+1`). */
const onSiteClock = (at: Date, timeZone: string) => formatWhen(at, { timeZone, zoneName: true });

/** Above N: fires once; at N or below: re-arms (firing again after the cool-down at the earliest). */
async function spikeChange(app: RuleDeps, { rule }: ActiveAlertRule, now: Date): Promise<Change | undefined> {
  const visitors = await realtimeVisitors(app, rule.companyId, now.getTime());
  if (visitors <= rule.threshold) return rule.firing ? { firing: false } : undefined;
  const cooling = rule.firedAt !== null && now.getTime() - rule.firedAt.getTime() < SPIKE_COOLDOWN_MS;
  if (rule.firing || cooling) return undefined;
  return {
    firing: true,
    firedAt: now,
    occurrence: {
      type: 'spike',
      rule,
      value: visitors,
      message: `${plural(visitors, 'visitor')} on the site right now, above the alert's ${formatNumber(rule.threshold)}.`,
    },
  };
}

/** No event for N hours after earlier ones: fires once; the first event after it sends "recovered". */
async function dropChange(
  app: RuleDeps,
  { rule, company }: ActiveAlertRule,
  now: Date,
): Promise<Change | undefined> {
  const last = await app.repos.visitCounts.lastActivityAt(rule.companyId);
  if (last === null) return undefined;
  const quietHours = Math.floor((now.getTime() - last.getTime()) / HOUR);
  if (rule.firing) {
    if (rule.firedAt !== null && last.getTime() <= rule.firedAt.getTime()) return undefined;
    return {
      firing: false,
      occurrence: {
        type: 'recovered',
        rule,
        value: quietHours,
        message: `Events are arriving again, the last at ${onSiteClock(last, company.timezone)}.`,
      },
    };
  }
  if (quietHours < rule.threshold) return undefined;
  return {
    firing: true,
    firedAt: now,
    occurrence: {
      type: 'drop',
      rule,
      value: quietHours,
      message: `No events for ${plural(quietHours, 'hour')}, since ${onSiteClock(last, company.timezone)}: check that the tracking snippet is still on the site.`,
    },
  };
}

/** Today's conversions reaching N: fires once per local day; the next day re-arms it. */
async function goalChange(app: RuleDeps, active: ActiveAlertRule, now: Date): Promise<Change | undefined> {
  const { rule, company } = active;
  const today = todayIn(company.timezone, now.getTime());
  if (rule.firedOn === today) return undefined;
  const target = {
    company: { id: company.id, timezone: company.timezone },
    goalId: rule.goalId,
    eventName: rule.eventName,
  };
  const conversions = await app.analytics.run('conversionsToday', { target });
  if (conversions === null || conversions < rule.threshold) {
    return rule.firing ? { firing: false } : undefined;
  }
  const what =
    rule.eventName !== null
      ? plural(conversions, `"${rule.eventName}" event`)
      : plural(conversions, 'conversion');
  return {
    firing: true,
    firedAt: now,
    firedOn: today,
    occurrence: {
      type: 'goal',
      rule,
      value: conversions,
      message: `${what} today, reaching the alert's ${formatNumber(rule.threshold)}.`,
    },
  };
}

const CHANGES = { spike: spikeChange, drop: dropChange, goal: goalChange } as const;

/** Looks at one rule and, when its state changes, records that and queues its messages. */
export async function evaluateRule(app: RuleDeps, active: ActiveAlertRule, now: Date): Promise<boolean> {
  const change = await CHANGES[active.rule.kind](app, active, now);
  if (!change) return false;
  const { occurrence, ...state } = change;
  const payload = occurrence ? alertPayload(app.config.appUrl, active.company, occurrence, now) : null;
  return app.repos.alertRules.transition(active.rule, { ...state, payload, now });
}

/** Every minute: evaluates every enabled rule; one rule's failure does not stop the others. */
export function alertEvaluationTask(app: RuleDeps): ScheduledTask {
  return {
    name: 'alert-evaluation',
    everyMs: 60_000,
    async run(now) {
      let changed = 0;
      for (const active of await app.repos.alertRules.listEnabled()) {
        try {
          if (await evaluateRule(app, active, now)) changed += 1;
        } catch (error) {
          app.log.warn({ err: error, alert: active.rule.id }, 'an alert rule could not be evaluated');
        }
      }
      return changed;
    },
  };
}
