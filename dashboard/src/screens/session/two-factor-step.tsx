import type { TwoFactorLoginBody } from '@footfall/contract';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { FormError, TextField } from '../../components/form-field';
import { OneTimeCodeField } from '../../components/two-factor/one-time-code-field';
import { required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { SignInAgain } from './sign-in-again';

/** The code step's answer when the challenge is gone (expired, used, or out of tries): only a new sign-in helps. */
const CHALLENGE_GONE = 410;

interface TwoFactorStepProps {
  /** Sends the code with the challenge of the password step and signs in. */
  onSubmit: (body: Omit<TwoFactorLoginBody, 'challenge'>) => Promise<unknown>;
  /** Back to the password step. */
  onStartOver: () => void;
}

const schema = { code: [required()] };

/**
 * The second step of signing in with two-factor sign-in on: the 6-digit code of the authenticator app, or
 * a recovery code. A challenge that has expired or run out of tries sends the person back to the password.
 */
export function TwoFactorStep({ onSubmit, onStartOver }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [gone, setGone] = useState<string | undefined>();
  const form = useForm(schema, { code: '' });

  const submit = form.handleSubmit(async (values) => {
    const typed = String(values.code);
    try {
      await onSubmit(useRecovery ? { recovery_code: typed } : { code: typed });
    } catch (error) {
      if (isApiError(error) && error.status === CHALLENGE_GONE) {
        setGone(error.message);
        return;
      }
      // The server names the field it checked (`code` or `recovery_code`); the form shows one field.
      if (isApiError(error) && error.status === 422) {
        const message = error.fieldError('recovery_code') ?? error.fieldError('code');
        if (message) form.setServerErrors({ code: [message] });
        return;
      }
      throw error;
    }
  });

  const switchKind = () => {
    setUseRecovery((recovery) => !recovery);
    form.reset();
  };

  if (gone) return <SignInAgain message={gone} onStartOver={onStartOver} />;

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Two-factor sign-in">
      <p className="muted">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Footfall.'}
      </p>
      <FormError message={form.formError} />
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          placeholder="xxxx-xxxx-xx"
          {...form.bind('code')}
        />
      ) : (
        <OneTimeCodeField key="app" label="Authentication code" {...form.bind('code')} />
      )}
      <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
        {form.submitting ? 'Checking…' : 'Verify and sign in'}
      </button>
      <div className="form-row">
        <button type="button" className="link-button small" onClick={switchKind}>
          {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
        <button type="button" className="link-button small" onClick={onStartOver}>
          Start over
        </button>
      </div>
    </form>
  );
}
