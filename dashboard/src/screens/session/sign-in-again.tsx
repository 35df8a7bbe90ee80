import { Notice } from '../../components/notice';

/**
 * A sign-in whose challenge is spent (expired, used, or too many wrong codes): what happened, and the one
 * way on — the password step again. Shared by the code step and an admin's enrolment at sign-in.
 */
export function SignInAgain({ message, onStartOver }: { message: string; onStartOver: () => void }) {
  return (
    <div className="form">
      <Notice tone="warning">
        <p>{message}</p>
      </Notice>
      <button type="button" className="button button-primary button-block" onClick={onStartOver}>
        Sign in again
      </button>
    </div>
  );
}
