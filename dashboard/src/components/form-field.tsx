import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** The ids that tie a field to its help and its message, and the `aria-describedby` that lists them. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** A field's help and its message, under it. */
function FieldNotes({
  hint,
  error,
  ids,
}: {
  hint?: ReactNode;
  error?: string | undefined;
  ids: { hintId: string; errorId: string };
}) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Help below the field, read by screen readers with it. */
  hint?: ReactNode;
}

/** A labelled text input with its help and its message, tied together for assistive technology. */
export function TextField({ name, label, value, onValue, error, hint, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldNotes hint={hint} error={error} ids={ids} />
    </div>
  );
}

interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: ReactNode;
}

export function CheckboxField({ name, label, checked, onChecked, hint }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The message of a whole form, announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

interface TextAreaFieldProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
}

export function TextAreaField({ name, label, value, onValue, error, hint, ...rest }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      <FieldNotes hint={hint} error={error} ids={ids} />
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: readonly string[];
  /** The text shown for an option, when it is not the value itself. */
  optionLabel?: (option: string) => string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

export function SelectField({
  name,
  label,
  value,
  options,
  optionLabel,
  onValue,
  hint,
  disabled,
}: SelectFieldProps) {
  const ids = useFieldIds(hint, undefined);
  const { id } = ids;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onValue(event.target.value)}
        aria-describedby={ids.describedBy}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel ? optionLabel(option) : option}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} ids={ids} />
    </div>
  );
}
