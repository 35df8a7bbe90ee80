import type { Breakdown, BreakdownRow } from '@footfall/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SelectField } from '../../../components/form-field';
import type { AnalyticsSearch } from '../../../lib/analytics/analytics-search';
import { OPERATOR_LABELS } from '../../../lib/analytics/filter-expression';
import {
  describeFilter,
  describeValue,
  FIELD_LABELS,
  FILTER_FIELDS,
  type FilterField,
  type FilterName,
  type GoalName,
  nameOf,
  operatorsFor,
  suggestionsFor,
} from '../../../lib/analytics/filter-fields';
import {
  applyDraft,
  choosesFromList,
  draftOf,
  typedValues,
  withField,
  withOperator,
  withoutValue,
  withValues,
} from './filter-draft';
import { PropKeyField } from './prop-key-field';
import { usePropertySuggestions } from './use-property-suggestions';
import { ValueChips } from './value-chips';
import { ValueChoices } from './value-choices';

interface FilterEditorProps {
  companyId: number;
  /** The filter edited; a new one when undefined. */
  name: FilterName | undefined;
  search: AnalyticsSearch;
  /** The rows loaded for the screen, which suggest values. */
  breakdowns: Partial<Record<Breakdown, readonly BreakdownRow[]>>;
  /** The site's goals; undefined while they load. */
  goals: GoalName[] | undefined;
  onApply: (name: FilterName, value: string) => void;
  onRemove: (name: FilterName) => void;
  onClose: () => void;
}

/**
 * A filter's editor in a modal dialog (a sheet along the bottom on a phone): the field, the operator and
 * one or more values, any of which may match. Escape, Cancel or a press outside close it unchanged.
 */
export function FilterEditor({
  companyId,
  name,
  search,
  breakdowns,
  goals,
  onApply,
  onRemove,
  onClose,
}: FilterEditorProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(() => draftOf(name, name ? search[name] : undefined));
  const [problem, setProblem] = useState<string | undefined>();
  const titleId = useId();
  const valuesId = useId();
  const hintId = useId();
  const problemId = useId();

  useEffect(() => {
    const element = dialog.current;
    // showModal keeps focus inside and makes the page behind inert, which a positioned div cannot.
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const change = (next: typeof draft) => {
    setDraft(next);
    setProblem(undefined);
  };
  const target = nameOf(draft.field, draft.propKey.trim());
  const replaced =
    target !== name && search[target] !== undefined
      ? describeFilter(target, search[target] ?? '', goals)
      : undefined;
  const listed = choosesFromList(draft.field, draft.operator);
  const { keys, values: propValues } = usePropertySuggestions(companyId, search, name, draft);
  const suggestions = suggestionsFor(draft.field, breakdowns, goals, propValues);
  const labelOf = (value: string) => describeValue(target, value, draft.operator, goals);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = applyDraft(draft);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    onApply(result.name, result.value);
  };
  const describedBy = [hintId, problem ? problemId : ''].filter(Boolean).join(' ');
  const hint = (
    <p id={hintId} className="field-hint">
      {hintFor(draft.field, listed)}
    </p>
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a press on the backdrop; Escape is its keyboard twin.
    <dialog
      ref={dialog}
      className="filter-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog has no padding of its own: a click on it, not on its form, is on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <form className="filter-form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="filter-title">
          {name ? 'Edit filter' : 'Add a filter'}
        </h2>
        <SelectField
          name="field"
          label="Filter by"
          value={draft.field}
          options={FILTER_FIELDS}
          optionLabel={(field) => FIELD_LABELS[field as FilterField]}
          onValue={(field) => change(withField(draft, field as FilterField))}
        />
        {draft.field === 'prop' ? (
          <PropKeyField
            value={draft.propKey}
            keys={keys}
            onValue={(propKey) => change({ ...draft, propKey })}
            onChoose={(propKey) => {
              // The values chosen for another key mean nothing to this one.
              change({ ...draft, propKey, values: propKey === draft.propKey.trim() ? draft.values : [] });
              document.getElementById(valuesId)?.focus();
            }}
          />
        ) : null}
        <fieldset className="operator-choice">
          <legend>Operator</legend>
          <div className="operator-options">
            {operatorsFor(draft.field, draft.operator).map((operator) => (
              <label key={operator} className="operator-option">
                <input
                  type="radio"
                  name="operator"
                  value={operator}
                  checked={draft.operator === operator}
                  onChange={() => change(withOperator(draft, operator))}
                />
                <span>{OPERATOR_LABELS[operator]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          {listed ? null : <label htmlFor={valuesId}>Values</label>}
          {listed ? null : hint}
          {listed ? (
            <ValueChoices
              options={suggestions}
              values={draft.values}
              loading={draft.field === 'goal' && goals === undefined}
              describedBy={describedBy}
              onValues={(values) => change({ ...draft, values })}
            />
          ) : (
            <ValueChips
              inputId={valuesId}
              values={draft.values}
              labelOf={labelOf}
              draft={draft.typed}
              onDraft={(typed) => change({ ...draft, typed })}
              onAddTyped={(text) => change(withValues(draft, typedValues(draft, text)))}
              onAddValue={(value) => change(withValues(draft, [value]))}
              onRemove={(value) => change(withoutValue(draft, value))}
              suggestions={suggestions}
              describedBy={describedBy}
              invalid={problem !== undefined}
            />
          )}
          {listed ? hint : null}
          {problem ? (
            <p id={problemId} className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          {replaced ? <p className="field-hint">This replaces the filter “{replaced.text}”.</p> : null}
        </div>
        <div className="filter-actions">
          {name ? (
            <button
              type="button"
              className="button button-danger filter-remove"
              onClick={() => onRemove(name)}
            >
              Remove filter
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary">
            Apply filter
          </button>
        </div>
      </form>
    </dialog>
  );
}

function hintFor(field: FilterField, listed: boolean): string {
  if (listed) return 'Tick one or more: any of them may match.';
  const base = 'Enter or a comma adds a value; any of them may match.';
  if (field === 'page') return `${base} A * at the end matches every page that starts so.`;
  if (field === 'country') return `${base} A country by its name or its two-letter code.`;
  return base;
}
