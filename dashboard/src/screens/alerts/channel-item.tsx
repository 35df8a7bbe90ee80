import type { AlertChannel } from '@footfall/contract';
import { useState } from 'react';
import { deleteAlertChannel, testAlertChannel } from '../../api/alerts';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { CopyButton } from '../../components/copy-button';
import type { Outcome } from '../../components/outcome-notice';
import { showAlert } from '../../state/alerts';
import { messageOf } from '../profile/team-text';
import { CHANNEL_KIND_LABELS } from './alert-text';
import { ChannelForm } from './channel-form';
import { DeliveryLog } from './delivery-log';

/** One channel: what it is, its signing secret, and its actions (test, log, edit, delete). */
export function ChannelItem({
  companyId,
  channel,
  onChanged,
  onDeleted,
  onOutcome,
}: {
  companyId: number;
  channel: AlertChannel;
  onChanged: (channel: AlertChannel) => void;
  onDeleted: (channel: AlertChannel) => void;
  onOutcome: (outcome: Outcome | undefined) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [testing, setTesting] = useState(false);
  // Bumped by a test send: the log, keyed by it, reads itself again.
  const [logVersion, setLogVersion] = useState(0);

  const sendTest = async () => {
    onOutcome(undefined);
    setTesting(true);
    try {
      const { data } = await testAlertChannel(http, companyId, channel.id);
      onOutcome(
        data.status === 'sent'
          ? { tone: 'success', text: `A test message was sent to “${channel.name}”.` }
          : {
              tone: 'error',
              text: `The test message to “${channel.name}” failed: ${data.last_error ?? 'unknown error'}. It will be retried.`,
            },
      );
      setShowLog(true);
      setLogVersion((version) => version + 1);
    } catch (error) {
      onOutcome({ tone: 'error', text: messageOf(error, 'The test message could not be sent.') });
    } finally {
      setTesting(false);
    }
  };

  const remove = async () => {
    const choice = await showAlert({
      title: 'Delete this channel?',
      text: `“${channel.name}” stops receiving alerts, and its delivery log is deleted.`,
    });
    if (choice !== 'ok') return;
    onOutcome(undefined);
    try {
      await deleteAlertChannel(http, companyId, channel.id);
      onDeleted(channel);
    } catch (error) {
      onOutcome({ tone: 'error', text: messageOf(error, 'The channel could not be deleted.') });
    }
  };

  if (editing) {
    return (
      <li className="member-item alert-channel">
        <ChannelForm
          companyId={companyId}
          channel={channel}
          onSaved={(saved) => {
            onChanged(saved);
            setEditing(false);
            onOutcome({ tone: 'success', text: `The channel “${saved.name}” was saved.` });
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li className="member-item alert-channel">
      <div className="member-info">
        <p className="member-name">
          <strong>
            <Breakable text={channel.name} />
          </strong>{' '}
          <span className="badge">{CHANNEL_KIND_LABELS[channel.kind]}</span>
        </p>
        <p className="muted small member-meta">
          <Breakable text={channel.target} />
        </p>
        {channel.secret !== null ? (
          <div className="alert-secret">
            <span className="small muted">Signing secret</span>
            <code>{channel.secret}</code>
            <CopyButton text={channel.secret} label="Copy secret" />
          </div>
        ) : null}
      </div>
      <div className="member-actions">
        <button
          type="button"
          className="button button-small button-primary"
          disabled={testing}
          onClick={sendTest}
        >
          {testing ? 'Sending…' : 'Send a test'}
        </button>
        <button
          type="button"
          className="button button-small"
          aria-expanded={showLog}
          aria-controls={`log-${channel.id}`}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide log' : 'Delivery log'}
        </button>
        <button
          type="button"
          className="button button-small"
          aria-label={`Edit the channel ${channel.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button-small button-danger"
          aria-label={`Delete the channel ${channel.name}`}
          onClick={() => void remove()}
        >
          Delete
        </button>
      </div>
      {showLog ? (
        <div id={`log-${channel.id}`} className="alert-log">
          <DeliveryLog
            key={logVersion}
            companyId={companyId}
            channelId={channel.id}
            channelName={channel.name}
          />
        </div>
      ) : null}
    </li>
  );
}
