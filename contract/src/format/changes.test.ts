import { describe, expect, it } from 'vitest';
import { formatChange, formatRateChange, formatSummaryChange, NO_VALUE } from './index';

const summary = (visitors: number, visits: number, bounce_rate: number) => ({
  visitors,
  visits,
  pageviews: visits * 2,
  views_per_visit: 2,
  bounce_rate,
  visit_duration: 60,
  events: 0,
});

describe('formatRateChange', () => {
  it('writes the change of a rate in percentage points, never as a relative percent', () => {
    expect(formatRateChange(45, 40)).toEqual({ text: '+5 pts', direction: 'up', tone: 'good' });
    expect(formatRateChange(35, 40, { lowerIsBetter: true })).toEqual({
      text: '-5 pts',
      direction: 'down',
      tone: 'good',
    });
    expect(formatRateChange(41, 40).text).toBe('+1 pt');
    expect(formatRateChange(57, 55.5).text).toBe('+1.5 pts');
  });

  it('rounds to a tenth of a point, halves away from zero both ways', () => {
    expect(formatRateChange(12.25, 12.1).text).toBe('+0.2 pts');
    expect(formatRateChange(40.04, 40).text).toBe('0 pts');
    expect(formatRateChange(40.04, 40).direction).toBe('flat');
  });

  it('says new when the previous period had nothing to take a rate of, and a dash when this one has none', () => {
    expect(formatRateChange(40, null)).toEqual({ text: 'new', direction: 'new', tone: 'neutral' });
    expect(formatRateChange(null, 40).text).toBe(NO_VALUE);
  });
});

describe('formatSummaryChange', () => {
  it('changes counts in percent and the bounce rate in points, good when it falls', () => {
    const now = summary(120, 150, 35);
    const before = summary(100, 120, 40);
    expect(formatSummaryChange('visitors', now, before).text).toBe('+20%');
    expect(formatSummaryChange('bounce_rate', now, before)).toEqual({
      text: '-5 pts',
      direction: 'down',
      tone: 'good',
    });
    // The same figures as a relative change would have read -13%.
    expect(formatChange(35, 40).text).toBe('-13%');
  });

  it('gives no bounce change for a period without visits, whatever its stored rate of 0', () => {
    expect(formatSummaryChange('bounce_rate', summary(5, 5, 40), summary(0, 0, 0)).text).toBe('new');
    expect(formatSummaryChange('bounce_rate', summary(0, 0, 0), summary(5, 5, 40)).text).toBe(NO_VALUE);
    expect(formatSummaryChange('bounce_rate', summary(0, 0, 0), summary(0, 0, 0)).text).toBe(NO_VALUE);
  });

  it('gives a dash for an engagement figure one of the periods does not have', () => {
    const now = { ...summary(5, 5, 40), scroll_depth: 70 };
    const before = { ...summary(5, 5, 40), scroll_depth: null };
    expect(formatSummaryChange('scroll_depth', now, before).text).toBe(NO_VALUE);
    expect(formatSummaryChange('scroll_depth', now, { ...before, scroll_depth: 62 }).text).toBe('+8 pts');
  });
});
