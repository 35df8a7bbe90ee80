import type { AlertDelivery } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { useEffect, useState } from 'react';
import { listAlertDeliveries } from '../../api/alerts';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { messageOf } from '../profile/team-text';
import { deliveryLabel, deliveryStatusText, STATUS_TONES } from './alert-text';

/**
 * A channel's latest deliveries: when, what, status, attempts and the last error. Read when it mounts (a
 * test send remounts it with a new key).
 */
export function DeliveryLog({
  companyId,
  channelId,
  channelName,
}: {
  companyId: number;
  channelId: number;
  channelName: string;
}) {
  const [log, setLog] = useState<AlertDelivery[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    setError(undefined);
    listAlertDeliveries(http, companyId, channelId, { signal: controller.signal, background: true })
      .then(({ data }) => setLog(data))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(caught, 'The delivery log could not be read.'));
      });
    return () => controller.abort();
  }, [companyId, channelId]);

  if (error) {
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  }
  if (!log) return <p className="muted small">Reading the log…</p>;
  if (log.length === 0) {
    return <p className="muted small">Nothing delivered yet: press “Send a test” to try the channel.</p>;
  }
  return (
    <div className="alert-log-frame">
      <table className="data-table alert-log-table" aria-label={`Deliveries to ${channelName}`}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Status</th>
            <th scope="col" className="numeric">
              Attempts
            </th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {log.map((delivery) => (
            <tr key={delivery.id}>
              <td data-label="When" className="alert-log-when">
                {formatWhen(delivery.created_at)}
              </td>
              <td data-label="What" title={delivery.message}>
                {deliveryLabel(delivery)}
              </td>
              <td data-label="Status">
                <span className={`badge ${STATUS_TONES[delivery.status]}`}>
                  {deliveryStatusText(delivery)}
                </span>
              </td>
              <td data-label="Attempts" className="numeric">
                {delivery.attempts}
              </td>
              <td data-label="Last error" className="alert-log-error">
                {delivery.last_error ? <Breakable text={delivery.last_error} /> : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
