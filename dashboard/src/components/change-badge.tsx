import type { Change } from '../lib/format';

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
