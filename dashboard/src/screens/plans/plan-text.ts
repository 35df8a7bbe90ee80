import type { Plan } from '@footfall/contract';

/** A plan's price as people read it: "Free", "$9", "$9.50". */
export function formatPrice(plan: Pick<Plan, 'price_cents' | 'currency'>): string {
  if (plan.price_cents === 0) return 'Free';
  const whole = plan.price_cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: plan.currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(plan.price_cents / 100);
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
