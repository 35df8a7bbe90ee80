import { describe, expect, it } from 'vitest';
import { isSegmentApplied, searchWithSegment, segmentFiltersOf, segmentSummary } from './segment-text';

describe('saved segments and the search', () => {
  it('read a segment as its pills do', () => {
    expect(segmentSummary({ country: '!US|DE', page: '~blog', goal: '3' }, [{ id: 3, name: 'Signup' }])).toBe(
      'Page contains blog · Country is not United States or Germany · Goal is Signup',
    );
    expect(segmentSummary({ hack: '1' })).toBe('');
  });

  it("replace the filters in force with the segment's, keeping the period and the chart", () => {
    expect(
      searchWithSegment(
        { period: '7d', metric: 'pageviews', country: 'FR', 'prop:plan': 'pro' },
        { page: '~blog', 'prop:seats': '10', unknown: 'x' },
      ),
    ).toEqual({ period: '7d', metric: 'pageviews', page: '~blog', 'prop:seats': '10' });
  });

  it('tell the segment in force, whatever the order and the case of countries', () => {
    const segment = { page: '~blog', country: 'DE|FR' };
    expect(isSegmentApplied({ period: '7d', country: 'de|fr', page: '~blog' }, segment)).toBe(true);
    expect(isSegmentApplied({ country: 'DE|FR' }, segment)).toBe(false);
    expect(isSegmentApplied({ country: 'DE|FR', page: '~blog', source: 'X' }, segment)).toBe(false);
    expect(isSegmentApplied({}, {})).toBe(false);
  });

  it('save the filters in force by their parameter names', () => {
    expect(segmentFiltersOf({ period: '7d', country: '!US', 'prop:plan': 'pro', metric: 'visits' })).toEqual({
      country: '!US',
      'prop:plan': 'pro',
    });
  });
});
