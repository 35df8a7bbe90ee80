import { limits } from '@footfall/contract/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { segmentProblem } from './use-segments';

interface SegmentFormProps {
  /** The form's name for assistive technology ("Save current filters as segment"). */
  label: string;
  /** The field's label. */
  field: string;
  initial: string;
  /** The submit button's text. */
  submit: string;
  /** Saves; a refusal is thrown and shown beside the field. */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** A segment's name, to save the filters in force under or to rename one; it takes the focus when shown. */
export function SegmentForm({ label, field, initial, submit, onSubmit, onCancel }: SegmentFormProps) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem('The segment needs a name.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit(trimmed);
    } catch (error) {
      setProblem(segmentProblem(error, 'The segment could not be saved.'));
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <form className="segment-form" aria-label={label} onSubmit={(event) => void send(event)} noValidate>
      <div className={problem ? 'field has-error' : 'field'}>
        <label htmlFor={id}>{field}</label>
        <input
          ref={input}
          id={id}
          value={name}
          maxLength={limits.nameMax}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problem ? (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="segment-form-actions">
        <button type="submit" className="button button-small button-primary" disabled={busy}>
          {submit}
        </button>
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
