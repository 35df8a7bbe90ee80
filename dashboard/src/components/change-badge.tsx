import { type Change, formatBucketLabel, formatDay } from '@footfall/contract/format';

// Read before the change's text; a new metric's text already says so.
const DIRECTION_WORDS = { up: 'up', down: 'down', flat: 'no change', new: '' } as const;

/** A figure's change against the previous period: an arrow, the text, and words for screen readers. */
export function ChangeBadge({ change }: { change: Change | undefined }) {
  if (!change) {
    return (
      <span className="change change-neutral" aria-hidden="true">
        &nbsp;
      </span>
    );
  }
  return (
    <span className={`change change-${change.tone}`}>
      <span aria-hidden="true">
        {change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : ''}
      </span>
      <span className="visually-hidden">{DIRECTION_WORDS[change.direction]} </span>
      {change.text}
      <span className="visually-hidden"> against the previous period</span>
    </span>
  );
}

/**
 * What a change's place says when the previous period began before the site's first day with data
 * (`lib/analytics/comparison-coverage.ts`): "no data before Nov 3", rather than a "new" or ">999%" against days that
 * had nothing to count.
 */
export function NoComparisonBadge({ firstDay }: { firstDay: string }) {
  const since = formatDay(firstDay);
  return (
    <span
      className="change change-neutral change-gap"
      title={`The site's data begins on ${since}, after the previous period began: there is nothing to compare with.`}
    >
      {/* The day stays on one line when the card is narrow. */}
      no data before <span className="change-gap-day">{formatBucketLabel(firstDay, 'day')}</span>
    </span>
  );
}
