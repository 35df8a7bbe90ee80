import type { Plan } from '@footfall/contract';
import { formatPrice } from '@footfall/contract/format';

/** A plan's price as people read it: "Free", "$9", "$9.50". */
export function planPrice(plan: Pick<Plan, 'price_cents' | 'currency'>): string {
  return plan.price_cents === 0 ? 'Free' : formatPrice(plan.price_cents, plan.currency);
}

/** Retention in the largest whole unit: "365 days" reads as "1 year", "730 days" as "2 years". */
export function retentionText(days: number): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return years === 1 ? '1 year' : `${years} years`;
  }
  return days === 1 ? '1 day' : `${days} days`;
}

/** What moving from the current plan to `target` is called on its button. */
export function planMove(
  current: Pick<Plan, 'price_cents'> | undefined,
  target: Pick<Plan, 'price_cents'>,
): string {
  if (!current) return 'Switch';
  if (target.price_cents > current.price_cents) return 'Upgrade';
  if (target.price_cents < current.price_cents) return 'Downgrade';
  return 'Switch';
}
