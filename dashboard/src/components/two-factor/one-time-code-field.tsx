import type { BoundField } from '../../forms/use-form';
import { TextField } from '../form-field';

/**
 * The 6-digit code of an authenticator app: the numeric keyboard on phones, and the browser's or the
 * phone's offer to fill in a code it received (`autocomplete="one-time-code"`).
 */
export function OneTimeCodeField({ label, ...field }: BoundField & { label: string; hint?: string }) {
  return (
    <TextField
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={12}
      className="one-time-code"
      {...field}
    />
  );
}
