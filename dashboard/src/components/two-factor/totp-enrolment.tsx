import type { TwoFactorEnrolment } from '@footfall/contract';
import { required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { CopyButton } from '../copy-button';
import { FormError } from '../form-field';
import { OneTimeCodeField } from './one-time-code-field';

/** The secret in groups of four, as people type it into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

interface TotpEnrolmentProps {
  enrolment: TwoFactorEnrolment;
  /** Sends the first code; a 422 lands beside the field. */
  onConfirm: (code: string) => Promise<unknown>;
  onCancel?: () => void;
  confirmLabel?: string;
}

const schema = { code: [required()] };

/**
 * The middle of an enrolment: the QR code to scan (an SVG made by the server, shown as an image), the same
 * secret as text for typing in, and the first code, which turns two-factor sign-in on.
 */
export function TotpEnrolment({
  enrolment,
  onConfirm,
  onCancel,
  confirmLabel = 'Turn on',
}: TotpEnrolmentProps) {
  const form = useForm(schema, { code: '' });
  const submit = form.handleSubmit((values) => onConfirm(String(values.code)));
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`;
  return (
    <div className="totp-enrolment">
      <ol className="totp-steps">
        <li>
          <p>
            Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Aegis).
          </p>
          <img
            className="totp-qr"
            src={qr}
            alt="QR code holding your two-factor secret"
            width={192}
            height={192}
          />
        </li>
        <li>
          <p>Or type this key into the app:</p>
          <div className="secret-row">
            <code className="secret totp-secret">{groupedSecret(enrolment.secret)}</code>
            <CopyButton text={enrolment.secret} label="Copy key" />
          </div>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows to finish.</p>
          <form className="form" noValidate onSubmit={submit} aria-label="Confirm two-factor sign-in">
            <FormError message={form.formError} />
            <OneTimeCodeField label="Code from the app" {...form.bind('code')} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={form.submitting}>
                {form.submitting ? 'Checking…' : confirmLabel}
              </button>
              {onCancel ? (
                <button type="button" className="button" onClick={onCancel}>
                  Cancel
                </button>
              ) : null}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
