import { type FormEvent, useCallback, useRef, useState } from 'react';
import { type FieldErrors, isApiError } from '../api/api-error';
import { type FormOptions, type SyncFormSchema, validateFormSync } from './rules';

// A form's values, its rules checked on every input (an aggressive mode: on input, no delay), the
// server's 422 messages beside the fields, a form-wide error for answers that belong to no field, and the
// outcome of the last submission. An edit or a new submission clears that outcome: an earlier "Saved." never
// stands beside a new error.

export type FormValuesOf<K extends string> = Record<K, string | boolean>;

export interface BoundField {
  name: string;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}

export interface UseForm<K extends string> {
  values: FormValuesOf<K>;
  /** The message shown beside a field: the rules' first, else the server's. */
  errorOf(field: K): string | undefined;
  /** The server's message for a field the form does not show (`token` of a reset link). */
  serverErrorOf(field: string): string | undefined;
  /** A message for the whole form (a refused request that names no field). */
  formError: string | undefined;
  /**
   * What the last submission's `onValid` said when it succeeded ("Settings saved."); cleared by the next
   * submission and by any edit.
   */
  success: string | undefined;
  submitting: boolean;
  setValue(field: K, value: string | boolean): void;
  /** A text field's props: its name, value, change handler and message (spread into a TextField). */
  bind(field: K): BoundField;
  setServerErrors(errors: FieldErrors): void;
  setFormError(message: string | undefined): void;
  /** Back to the initial values, with no message shown (after a password change, say). */
  reset(): void;
  /**
   * Checks every field, then runs `onValid`; a 422 lands beside the fields, other refusals as the form
   * error, and the text `onValid` resolves to (if it resolves to one) becomes `success`.
   */
  handleSubmit(
    onValid: (values: FormValuesOf<K>) => Promise<unknown>,
  ): (event: FormEvent<HTMLFormElement>) => void;
}

export function useForm<K extends string>(
  schema: SyncFormSchema<K>,
  initial: FormValuesOf<K>,
  options: FormOptions = {},
): UseForm<K> {
  const [values, setValues] = useState(initial);
  const [ruleErrors, setRuleErrors] = useState<Partial<Record<K, string>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  // Fields typed into (or submitted): only they show the rules' messages.
  const touched = useRef(new Set<K>());

  const validate = useCallback(
    (next: FormValuesOf<K>, fields: ReadonlySet<K>) => {
      const all = validateFormSync(schema, next, options);
      const shown: Partial<Record<K, string>> = {};
      for (const field of fields) if (all[field]) shown[field] = all[field];
      setRuleErrors(shown);
      return all;
    },
    [schema, options],
  );

  const setValue = (field: K, value: string | boolean) => {
    const next = { ...values, [field]: value };
    setValues(next);
    touched.current.add(field);
    // Every touched field is checked again: a password change can make its confirmation wrong.
    validate(next, touched.current);
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
    setFormError(undefined);
    // What was saved is no longer what the form shows.
    setSuccess(undefined);
  };

  const reset = () => {
    setValues(initial);
    touched.current.clear();
    setRuleErrors({});
    setServerErrors({});
    setFormError(undefined);
  };

  const handleSubmit =
    (onValid: (values: FormValuesOf<K>) => Promise<unknown>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      const form = event.currentTarget;
      setSuccess(undefined);
      for (const field of Object.keys(schema) as K[]) touched.current.add(field);
      const errors = validate(values, touched.current);
      const firstInvalid = (Object.keys(schema) as K[]).find((field) => errors[field]);
      if (firstInvalid) {
        form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      setSubmitting(true);
      setFormError(undefined);
      onValid(values)
        .then((message) => setSuccess(typeof message === 'string' && message !== '' ? message : undefined))
        .catch((error: unknown) => {
          if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
            setServerErrors(error.errors);
            const field = Object.keys(error.errors)[0];
            if (field) form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
          } else if (isApiError(error) && error.status < 500 && error.status !== 0) {
            setFormError(error.message);
          }
          // Server faults and lost connections are already shown as alerts by the error catalogue.
        })
        .finally(() => setSubmitting(false));
    };

  const errorOf = (field: K) => ruleErrors[field] ?? serverErrors[field]?.[0];

  return {
    values,
    errorOf,
    serverErrorOf: (field) => serverErrors[field]?.[0],
    formError,
    success,
    submitting,
    setValue,
    bind: (field) => ({
      name: field,
      value: String(values[field]),
      onValue: (value: string) => setValue(field, value),
      error: errorOf(field),
    }),
    setServerErrors,
    setFormError,
    reset,
    handleSubmit,
  };
}
