import type { AlertMessageType, AlertPayload } from '@footfall/contract';
import type { AlertRule, Company } from '@footfall/db';

export type PayloadCompany = Pick<Company, 'id' | 'name' | 'website' | 'domains'>;

/** The site's domain as receivers see it: its first tracked domain, else its website's host. */
function domainOf(company: PayloadCompany): string | null {
  const [first] = company.domains;
  if (first !== undefined) return first;
  if (company.website === null) return null;
  try {
    return new URL(company.website).hostname;
  } catch {
    return null;
  }
}

/** What the rule watched and the figure that crossed its threshold. */
export interface AlertOccurrence {
  type: Exclude<AlertMessageType, 'test'>;
  rule: Pick<AlertRule, 'id' | 'kind' | 'threshold' | 'goalId' | 'eventName'>;
  value: number;
  message: string;
}

/** The message of an alert as every channel receives it (docs/api.md "Alerts and webhooks"). */
export function alertPayload(
  appUrl: string,
  company: PayloadCompany,
  occurrence: AlertOccurrence,
  at: Date,
): AlertPayload {
  const { rule } = occurrence;
  return {
    type: occurrence.type,
    site: { id: company.id, name: company.name, domain: domainOf(company) },
    alert: {
      id: rule.id,
      kind: rule.kind,
      threshold: rule.threshold,
      goal_id: rule.goalId,
      event_name: rule.eventName,
      value: occurrence.value,
    },
    message: occurrence.message,
    occurred_at: at.toISOString(),
    dashboard_url: `${appUrl}/dashboard/${company.id}`,
  };
}

/** The message "Send a test" delivers: the shape of an alert, without one. */
export function testPayload(appUrl: string, company: PayloadCompany, at: Date): AlertPayload {
  return {
    type: 'test',
    site: { id: company.id, name: company.name, domain: domainOf(company) },
    alert: null,
    message: `This is a test message from Footfall for ${company.name}: this channel receives its alerts.`,
    occurred_at: at.toISOString(),
    dashboard_url: `${appUrl}/dashboard/${company.id}`,
  };
}
