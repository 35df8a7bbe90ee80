import type { TwoFactorEnrolment } from '@footfall/contract';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { adminActions } from '../../app/services';
import { RecoveryCodes } from '../../components/two-factor/recovery-codes';
import { TotpEnrolment } from '../../components/two-factor/totp-enrolment';
import { SignInAgain } from '../session/sign-in-again';

interface EnrolAtSignInProps {
  challenge: string;
  email: string;
  remember: boolean;
  /** Signed in, the recovery codes saved. */
  onSignedIn: () => void;
  onStartOver: () => void;
}

/**
 * For an admin who must use two-factor sign-in (`ADMIN_REQUIRE_TWO_FACTOR`) and has not set it up: enrol
 * with the challenge of the password step, which signs them in, then save the recovery codes.
 */
export function TwoFactorEnrolAtSignIn({
  challenge,
  email,
  remember,
  onSignedIn,
  onStartOver,
}: EnrolAtSignInProps) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | undefined>();
  const [codes, setCodes] = useState<string[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    adminActions
      .startAdminEnrolment(challenge)
      .then(setEnrolment)
      .catch((error: unknown) => setProblem(isApiError(error) ? error.message : 'Please sign in again.'));
  }, [challenge]);

  const confirm = async (code: string) => {
    try {
      setCodes((await adminActions.finishAdminEnrolment(challenge, code, remember)).data.recovery_codes);
    } catch (error) {
      if (isApiError(error) && error.status === 410) setProblem(error.message);
      else throw error;
    }
  };

  if (problem) return <SignInAgain message={problem} onStartOver={onStartOver} />;
  if (codes) return <RecoveryCodes codes={codes} account={email} onDone={onSignedIn} doneLabel="Continue" />;
  if (!enrolment) {
    return (
      <p className="muted" role="status">
        Preparing your two-factor sign-in…
      </p>
    );
  }
  return (
    <TotpEnrolment
      enrolment={enrolment}
      onConfirm={confirm}
      onCancel={onStartOver}
      confirmLabel="Turn on and sign in"
    />
  );
}
