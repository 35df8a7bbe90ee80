import type { AlertChannel } from '@footfall/contract';
import { MAX_ALERT_CHANNELS } from '@footfall/contract/constants';
import { useState } from 'react';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { ChannelForm } from './channel-form';
import { ChannelItem } from './channel-item';

/** The site's channels: each with its secret, test button and log; a form to add one. */
export function ChannelsPanel({
  companyId,
  channels,
  onAdded,
  onChanged,
  onDeleted,
}: {
  companyId: number;
  channels: AlertChannel[];
  onAdded: (channel: AlertChannel) => void;
  onChanged: (channel: AlertChannel) => void;
  onDeleted: (id: number) => void;
}) {
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [generation, setGeneration] = useState(0);

  return (
    <section className="panel settings-section" aria-labelledby="channels-title">
      <h2 id="channels-title">Channels</h2>
      <p className="muted">
        Where alerts are delivered: e-mail addresses, a Slack channel or your own webhook receiver.
      </p>
      {channels.length === 0 ? (
        <p className="empty-state">
          No channels yet. Add one below, then press “Send a test” to check that its messages arrive.
        </p>
      ) : (
        <ul className="member-list" aria-label="Channels">
          {channels.map((channel) => (
            <ChannelItem
              key={channel.id}
              companyId={companyId}
              channel={channel}
              onChanged={onChanged}
              onDeleted={(deleted) => {
                onDeleted(deleted.id);
                setOutcome({ tone: 'success', text: `The channel “${deleted.name}” was deleted.` });
              }}
              onOutcome={setOutcome}
            />
          ))}
        </ul>
      )}
      <OutcomeNotice outcome={outcome} />
      {channels.length < MAX_ALERT_CHANNELS ? (
        <>
          <h3 className="settings-subtitle">Add a channel</h3>
          <ChannelForm
            key={generation}
            companyId={companyId}
            onSaved={(channel) => {
              onAdded(channel);
              setGeneration((count) => count + 1);
              setOutcome({ tone: 'success', text: `The channel “${channel.name}” was added.` });
            }}
          />
        </>
      ) : null}
    </section>
  );
}
