import { required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { FormError, TextField } from '../form-field';

interface FormProps {
  hint: string;
  submitLabel: string;
  onCancel: () => void;
  danger?: boolean;
}

function Actions({
  submitLabel,
  onCancel,
  danger,
  submitting,
}: Omit<FormProps, 'hint'> & { submitting: boolean }) {
  return (
    <div className="form-actions">
      <button
        type="submit"
        className={danger ? 'button button-danger' : 'button button-primary'}
        disabled={submitting}
      >
        {submitting ? 'Checking…' : submitLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** The account's password, asked again before a new two-factor secret is shown. */
export function PasswordForm({
  onSubmit,
  ...props
}: FormProps & { onSubmit: (password: string) => Promise<unknown> }) {
  const form = useForm({ password: [required()] }, { password: '' });
  const submit = form.handleSubmit((values) => onSubmit(String(values.password)));
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Start setting up two-factor sign-in">
      <p className="small">{props.hint}</p>
      <FormError message={form.formError} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
      <Actions {...props} submitting={form.submitting} />
    </form>
  );
}

/**
 * The password and a code (of the app, or a recovery code), which turning two-factor sign-in off and making
 * new recovery codes both need.
 */
export function PasswordAndCodeForm({
  onSubmit,
  ...props
}: FormProps & { onSubmit: (password: string, code: string) => Promise<unknown> }) {
  const form = useForm({ password: [required()], code: [required()] }, { password: '', code: '' });
  const submit = form.handleSubmit((values) => onSubmit(String(values.password), String(values.code)));
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={props.submitLabel}>
      <p className="small">{props.hint}</p>
      <FormError message={form.formError} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
      <TextField
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
        autoCapitalize="none"
        {...form.bind('code')}
      />
      <Actions {...props} submitting={form.submitting} />
    </form>
  );
}
