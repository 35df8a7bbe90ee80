import type { SavedSegment } from '@footfall/contract';
import { useId } from 'react';
import type { GoalName } from '../../../lib/analytics/filter-fields';
import { segmentSummary } from './segment-text';

interface SegmentRowProps {
  segment: SavedSegment;
  goals: readonly GoalName[] | undefined;
  /** Its filters are the ones in force. */
  applied: boolean;
  /** The reader may rename and delete it. */
  manages: boolean;
  onApply: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** A saved segment: its name and filters, applied by a click; renamed and deleted by owners and admins. */
export function SegmentRow({
  segment,
  goals,
  applied,
  manages,
  onApply,
  onRename,
  onDelete,
}: SegmentRowProps) {
  const summaryId = useId();
  return (
    <li
      className={['segment-item', applied ? 'is-applied' : '', manages ? 'can-manage' : ''].join(' ').trim()}
    >
      <button
        type="button"
        className="segment-apply"
        data-segment={segment.id}
        aria-label={`Apply the segment ${segment.name}`}
        aria-describedby={summaryId}
        aria-current={applied || undefined}
        onClick={onApply}
      >
        <span className="segment-name">
          {segment.name}
          {applied ? <span className="segment-applied"> · applied</span> : null}
        </span>
        <span id={summaryId} className="segment-summary">
          {segmentSummary(segment.filters, goals)}
        </span>
      </button>
      {manages ? (
        <span className="segment-actions">
          <button
            type="button"
            className="link-button small"
            aria-label={`Rename the segment ${segment.name}`}
            onClick={onRename}
          >
            Rename
          </button>
          <button
            type="button"
            className="link-button small segment-delete"
            aria-label={`Delete the segment ${segment.name}`}
            onClick={onDelete}
          >
            Delete
          </button>
        </span>
      ) : null}
    </li>
  );
}
