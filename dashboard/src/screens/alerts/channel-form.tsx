import { ALERT_CHANNEL_KINDS, type AlertChannel, type AlertChannelKind } from '@footfall/contract';
import { limits } from '@footfall/contract/constants';
import { createAlertChannel, updateAlertChannel } from '../../api/alerts';
import { http } from '../../app/services';
import { FormError, SelectField, TextField } from '../../components/form-field';
import { max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { CHANNEL_KIND_LABELS, TARGET_HINTS } from './alert-text';

const schema = {
  name: [required(), max(limits.nameMax)],
  kind: [required()],
  target: [required(), max(2000)],
};

const PLACEHOLDERS: Record<AlertChannelKind, string> = {
  email: 'ops@example.com',
  slack: 'https://hooks.slack.com/…',
  webhook: 'https://example.com/hook',
};

const kindOf = (value: unknown): AlertChannelKind =>
  ALERT_CHANNEL_KINDS.find((kind) => kind === value) ?? 'email';

/**
 * A channel's name, kind and target: a new one (`channel` absent) or an edit of one, whose kind stays
 * (the server keeps a webhook's secret with its kind).
 */
export function ChannelForm({
  companyId,
  channel,
  onSaved,
  onCancel,
}: {
  companyId: number;
  channel?: AlertChannel;
  onSaved: (channel: AlertChannel) => void;
  onCancel?: () => void;
}) {
  const form = useForm(
    schema,
    { name: channel?.name ?? '', kind: channel?.kind ?? 'email', target: channel?.target ?? '' },
    { labels: { target: channel?.kind === 'email' ? 'addresses' : 'URL' } },
  );
  const kind = kindOf(form.values.kind);
  const submit = form.handleSubmit(async (values) => {
    const body = { name: String(values.name).trim(), target: String(values.target).trim() };
    const { data } = channel
      ? await updateAlertChannel(http, companyId, channel.id, body)
      : await createAlertChannel(http, companyId, { ...body, kind });
    onSaved(data);
  });
  const action = channel ? 'Save channel' : 'Add channel';
  return (
    <form
      className="form inline-form"
      noValidate
      onSubmit={submit}
      aria-label={channel ? `Edit the channel ${channel.name}` : 'Add a channel'}
    >
      <FormError message={form.formError} />
      <TextField label="Name" placeholder="Ops team" {...form.bind('name')} />
      {channel ? null : (
        <SelectField
          name="kind"
          label="Kind"
          value={kind}
          options={ALERT_CHANNEL_KINDS}
          optionLabel={(option) => CHANNEL_KIND_LABELS[kindOf(option)]}
          onValue={(value) => form.setValue('kind', value)}
        />
      )}
      <TextField
        {...form.bind('target')}
        label={kind === 'email' ? 'E-mail addresses' : 'URL'}
        placeholder={PLACEHOLDERS[kind]}
        inputMode={kind === 'email' ? 'email' : 'url'}
        autoComplete="off"
        hint={TARGET_HINTS[kind]}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : action}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
