import type { AlertChannel, AlertRule } from '@footfall/contract';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CompanyShell } from '../../components/company-shell';
import { ChannelsPanel } from './channels-panel';
import { RulesPanel } from './rules-panel';

const route = getRouteApi('/_main/_authenticated/alerts/$company_id');

/** `/alerts/{id}`: where the site's alerts go (channels, with their delivery logs) and when they fire. */
export default function AlertsScreen() {
  const { company_id: companyId } = route.useParams();
  const loaded = route.useLoaderData();
  const [channels, setChannels] = useState<AlertChannel[]>(loaded.channels);
  const [alerts, setAlerts] = useState<AlertRule[]>(loaded.alerts);

  const channelDeleted = (id: number) => {
    setChannels((current) => current.filter((channel) => channel.id !== id));
    // The server drops the channel from its alerts: the list shows the same.
    setAlerts((current) =>
      current.map((alert) => ({ ...alert, channel_ids: alert.channel_ids.filter((other) => other !== id) })),
    );
  };

  return (
    <CompanyShell companyId={companyId} section="alerts" title="Alerts">
      <div className="alerts-layout">
        <ChannelsPanel
          companyId={companyId}
          channels={channels}
          onAdded={(channel) => setChannels((current) => [...current, channel])}
          onChanged={(channel) =>
            setChannels((current) => current.map((other) => (other.id === channel.id ? channel : other)))
          }
          onDeleted={channelDeleted}
        />
        <RulesPanel
          companyId={companyId}
          alerts={alerts}
          channels={channels}
          goals={loaded.goals}
          onAlerts={setAlerts}
        />
      </div>
    </CompanyShell>
  );
}
