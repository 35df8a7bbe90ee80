import type { SavedSegment } from '@footfall/contract';
import { can } from '@footfall/contract/rules';
import { useSelector } from '@tanstack/react-store';
import { useEffect, useId, useRef, useState } from 'react';
import { authStore } from '../../../app/services';
import { type Outcome, OutcomeNotice } from '../../../components/outcome-notice';
import type { AnalyticsSearch } from '../../../lib/analytics/analytics-search';
import { useDisclosure } from '../../../lib/hooks/use-disclosure';
import { showAlert } from '../../../state/alerts';
import { SegmentForm } from './segment-form';
import { SegmentRow } from './segment-row';
import { isSegmentApplied, segmentFiltersOf } from './segment-text';
import { useGoals } from './use-goals';
import { segmentProblem, useSegments } from './use-segments';

interface SegmentsMenuProps {
  companyId: number;
  search: AnalyticsSearch;
  /** Puts a segment's filters in place of those in force. */
  onApply: (filters: Record<string, string>) => void;
}

/**
 * The site's saved segments beside the filters: one click applies one. Owners and admins also save the
 * filters in force as a segment, rename and delete them (viewers are refused those by the server anyway).
 */
export function SegmentsMenu({ companyId, search, onApply }: SegmentsMenuProps) {
  const menu = useDisclosure<HTMLDivElement>();
  const panelId = useId();
  const role = useSelector(
    authStore,
    (state) => state.user?.companies.find((company) => company.id === companyId)?.role,
  );
  const manages = can(role, 'manageSegments');
  const segments = useSegments(companyId, menu.open);
  const list = segments.list;
  const goals = useGoals(companyId, menu.open && (list?.some((one) => 'goal' in one.filters) ?? false));
  const [form, setForm] = useState<'save' | { rename: number } | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [focusOn, setFocusOn] = useState<string | undefined>();
  const panel = useRef<HTMLDivElement>(null);
  const filters = segmentFiltersOf(search);
  const hasFilters = Object.keys(filters).length > 0;

  useEffect(() => {
    if (!focusOn) return;
    const element = panel.current?.querySelector<HTMLElement>(focusOn);
    if (element) {
      element.focus();
      setFocusOn(undefined);
    }
  });

  const apply = (segment: SavedSegment) => {
    onApply(segment.filters);
    menu.close();
    menu.button.current?.focus();
  };
  const remove = async (segment: SavedSegment) => {
    const choice = await showAlert({
      title: 'Delete this segment?',
      text: `“${segment.name}” is deleted for everyone on the team. The filters in force stay as they are.`,
    });
    if (choice !== 'ok') return;
    try {
      await segments.remove(segment);
      setOutcome({ tone: 'success', text: `The segment “${segment.name}” was deleted.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: segmentProblem(error, 'The segment could not be deleted.') });
    }
    setFocusOn('[data-segments-save]');
  };

  return (
    <div ref={menu.root} className="segments-menu">
      <button
        ref={menu.button}
        type="button"
        className="button button-small"
        aria-expanded={menu.open}
        aria-controls={panelId}
        onClick={() => {
          menu.toggle();
          setOutcome(undefined);
          setForm(undefined);
        }}
      >
        Segments <span aria-hidden="true">▾</span>
      </button>
      {menu.open ? (
        <section ref={panel} id={panelId} className="segments-panel" aria-label="Saved segments">
          <h2 className="segments-title">Saved segments</h2>
          {segments.failed ? (
            <p className="form-error">The segments could not be loaded.</p>
          ) : list === undefined ? (
            <p className="muted small">Loading the segments…</p>
          ) : list.length === 0 ? (
            <p className="muted small">
              No segments yet.
              {manages ? ' Save the filters in force as one to come back to them in one click.' : ''}
            </p>
          ) : (
            <ul className="segment-list" aria-label="Segments">
              {list.map((segment) =>
                typeof form === 'object' && form.rename === segment.id ? (
                  <li key={segment.id} className="segment-item">
                    <SegmentForm
                      label={`Rename the segment ${segment.name}`}
                      field="New name"
                      initial={segment.name}
                      submit="Rename"
                      onSubmit={async (name) => {
                        const renamed = await segments.rename(segment, name);
                        setForm(undefined);
                        setOutcome({ tone: 'success', text: `The segment is now “${renamed.name}”.` });
                        setFocusOn(`[data-segment="${segment.id}"]`);
                      }}
                      onCancel={() => {
                        setForm(undefined);
                        setFocusOn(`[data-segment="${segment.id}"]`);
                      }}
                    />
                  </li>
                ) : (
                  <SegmentRow
                    key={segment.id}
                    segment={segment}
                    goals={goals}
                    applied={isSegmentApplied(search, segment.filters)}
                    manages={manages}
                    onApply={() => apply(segment)}
                    onRename={() => {
                      setOutcome(undefined);
                      setForm({ rename: segment.id });
                    }}
                    onDelete={() => void remove(segment)}
                  />
                ),
              )}
            </ul>
          )}
          <OutcomeNotice outcome={outcome} />
          {manages && form === 'save' ? (
            <SegmentForm
              label="Save current filters as segment"
              field="Segment name"
              initial=""
              submit="Save segment"
              onSubmit={async (name) => {
                const saved = await segments.create(name, filters);
                setForm(undefined);
                setOutcome({ tone: 'success', text: `The segment “${saved.name}” was saved.` });
                setFocusOn(`[data-segment="${saved.id}"]`);
              }}
              onCancel={() => {
                setForm(undefined);
                setFocusOn('[data-segments-save]');
              }}
            />
          ) : manages ? (
            <div className="segments-save">
              <button
                type="button"
                className="button button-small"
                data-segments-save=""
                disabled={!hasFilters}
                aria-describedby={hasFilters ? undefined : `${panelId}-none`}
                onClick={() => {
                  setOutcome(undefined);
                  setForm('save');
                }}
              >
                Save current filters as segment
              </button>
              {hasFilters ? null : (
                <p id={`${panelId}-none`} className="field-hint">
                  Add a filter first: a segment is a set of filters.
                </p>
              )}
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
