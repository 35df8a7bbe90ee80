import type { TwoFactorEnrolment, TwoFactorStatus } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { useCallback, useEffect, useState } from 'react';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  renewRecoveryCodes,
  setUpTwoFactor,
  type TwoFactorAccount,
} from '../../api/two-factor';
import { http } from '../../app/services';
import { Notice } from '../notice';
import { type Outcome, OutcomeNotice } from '../outcome-notice';
import { PasswordAndCodeForm, PasswordForm } from './confirm-forms';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

/** Where the section is in its flow; the recovery codes are shown once, straight after they are made. */
type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'turn-off' }
  | { name: 'new-codes' };

interface TwoFactorSettingsProps {
  /** The signed-in user's own, or the signed-in admin's. */
  accountKind: TwoFactorAccount;
  /** The account's address, for the file of recovery codes. */
  account: string;
}

/**
 * Two-factor sign-in of the signed-in account (docs/api.md "Two-factor sign-in"). Off: turn it on with the
 * password, scan the QR code (or type the key), confirm a first code, save the recovery codes. On: its
 * state and the codes left, a new set of codes, or turning it off, each with the password and a code.
 */
export function TwoFactorSettings({ accountKind, account }: TwoFactorSettingsProps) {
  const [status, setStatus] = useState<TwoFactorStatus | undefined>();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const load = useCallback(
    async (signal?: AbortSignal) =>
      setStatus((await getTwoFactorStatus(http, accountKind, { background: true, signal })).data),
    [accountKind],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [load]);

  const go = (next: Step) => {
    setOutcome(undefined);
    setStep(next);
  };
  const finish = async (message?: string) => {
    setStep({ name: 'idle' });
    setOutcome(message ? { tone: 'success', text: message } : undefined);
    await load();
  };

  const startSetup = async (password: string) => {
    const answer = await setUpTwoFactor(http, accountKind, { password });
    go({ name: 'enrolling', enrolment: answer.data });
  };
  const enable = async (code: string) => {
    const answer = await enableTwoFactor(http, accountKind, { code });
    go({ name: 'codes', codes: answer.data.recovery_codes });
  };
  const turnOff = async (password: string, code: string) => {
    const answer = await disableTwoFactor(http, accountKind, { password, code });
    await finish(answer.message);
  };
  const newCodes = async (password: string, code: string) => {
    const answer = await renewRecoveryCodes(http, accountKind, { password, code });
    go({ name: 'codes', codes: answer.data.recovery_codes });
  };

  return (
    <section className="panel settings-section" aria-labelledby="two-factor-title" id="two-factor">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {status === undefined ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : step.name === 'idle' ? (
        <StatusLine status={status} />
      ) : null}
      <OutcomeNotice outcome={outcome} />
      {step.name === 'password' ? (
        <PasswordForm
          submitLabel="Continue"
          hint="Enter your password to start setting up two-factor sign-in."
          onSubmit={startSetup}
          onCancel={() => go({ name: 'idle' })}
        />
      ) : null}
      {step.name === 'enrolling' ? (
        <TotpEnrolment enrolment={step.enrolment} onConfirm={enable} onCancel={() => go({ name: 'idle' })} />
      ) : null}
      {step.name === 'codes' ? (
        <RecoveryCodes
          codes={step.codes}
          account={account}
          onDone={() => void finish('Two-factor sign-in is on. Keep your recovery codes safe.')}
          doneLabel="I have saved them"
        />
      ) : null}
      {step.name === 'turn-off' ? (
        <PasswordAndCodeForm
          hint="To turn off two-factor sign-in, enter your password and a code from your app (or a recovery code)."
          submitLabel="Turn off"
          danger
          onSubmit={turnOff}
          onCancel={() => go({ name: 'idle' })}
        />
      ) : null}
      {step.name === 'new-codes' ? (
        <PasswordAndCodeForm
          hint="New recovery codes replace all your old ones. Enter your password and a code from your app."
          submitLabel="Make new codes"
          onSubmit={newCodes}
          onCancel={() => go({ name: 'idle' })}
        />
      ) : null}
      {status && step.name === 'idle' ? (
        <div className="form-actions">
          {status.enabled ? (
            <>
              <button type="button" className="button" onClick={() => go({ name: 'new-codes' })}>
                New recovery codes
              </button>
              <button type="button" className="button button-danger" onClick={() => go({ name: 'turn-off' })}>
                Turn off
              </button>
            </>
          ) : (
            <button type="button" className="button button-primary" onClick={() => go({ name: 'password' })}>
              Turn on
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  if (!status.enabled) {
    return (
      <p className="muted">
        Off. Turn it on to ask for a code from an authenticator app on your phone each time you sign in, so
        that a stolen password is not enough.
      </p>
    );
  }
  const left = status.recovery_codes_left;
  return (
    <>
      <p>
        <span className="badge badge-good">On</span>{' '}
        {status.enabled_at ? `since ${formatWhen(status.enabled_at)}.` : null}{' '}
        <span data-testid="recovery-codes-left">
          {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
        </span>
      </p>
      {left <= 3 ? (
        <Notice tone="warning">
          <p>Few recovery codes are left. Make new ones so that you can still sign in without your phone.</p>
        </Notice>
      ) : null}
    </>
  );
}
