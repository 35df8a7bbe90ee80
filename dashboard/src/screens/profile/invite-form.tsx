import type { Invitation, InvitedRole } from '@footfall/contract';
import { limits } from '@footfall/contract/constants';
import { createInvitation } from '../../api/invitations';
import { http } from '../../app/services';
import { FormError, SelectField, TextField } from '../../components/form-field';
import { email, max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { ROLE_LABELS } from '../../lib/format/roles';

const schema = {
  email: [required(), email(), max(limits.emailMax)],
  role: [required()],
};
const ROLES: readonly InvitedRole[] = ['viewer', 'admin'];

/** Invites an address with a role; the server mails the link (docs/api.md "Sites and teams"). */
export function InviteForm({
  companyId,
  onInvited,
}: {
  companyId: number;
  onInvited: (invitation: Invitation) => void;
}) {
  const form = useForm(schema, { email: '', role: 'viewer' }, { labels: { email: 'email' } });
  const role = String(form.values.role) === 'admin' ? 'admin' : 'viewer';
  const submit = form.handleSubmit(async (values) => {
    const { data } = await createInvitation(http, companyId, { email: String(values.email).trim(), role });
    onInvited(data);
  });
  return (
    <form className="form inline-form" noValidate onSubmit={submit} aria-label="Invite a member">
      <FormError message={form.formError} />
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        placeholder="colleague@example.com"
        {...form.bind('email')}
      />
      <SelectField
        name="role"
        label="Role"
        value={role}
        options={ROLES}
        optionLabel={(option) => ROLE_LABELS[option === 'admin' ? 'admin' : 'viewer'].name}
        onValue={(value) => form.setValue('role', value)}
        hint={ROLE_LABELS[role].can}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}
