import { CHROME_UA } from './tracking';

/** A month of history as import records: pageviews of 2,000 pages by a third as many visitors as events. */
export function monthOfHistory(now: number, events: number) {
  return Array.from({ length: events }, (_, i) => ({
    // Day `i % 29` back, at a time of day that wanders, an hour before `now` at the latest.
    timestamp: new Date(now - (i % 29) * 86_400_000 - ((i * 7919) % 72_000_000) - 3_600_000).toISOString(),
    visitor: `v${i % Math.floor(events / 3)}`,
    type: 'pageview',
    url: `https://history.example/products/${(i * 31) % 2000}`,
    user_agent: CHROME_UA,
  }));
}
