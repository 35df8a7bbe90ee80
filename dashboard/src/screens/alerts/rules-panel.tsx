import type { AlertChannel, AlertRule, Goal } from '@footfall/contract';
import { MAX_ALERT_RULES } from '@footfall/contract/constants';
import { formatWhen } from '@footfall/contract/format';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { deleteAlertRule, updateAlertRule } from '../../api/alerts';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { showAlert } from '../../state/alerts';
import { messageOf } from '../profile/team-text';
import { channelNames, RULE_KIND_LABELS, ruleSummary } from './alert-text';
import { RuleForm } from './rule-form';

/** The site's alerts: what each watches, where it goes, whether it is on; a form to add one. */
export function RulesPanel({
  companyId,
  alerts,
  channels,
  goals,
  onAlerts,
}: {
  companyId: number;
  alerts: AlertRule[];
  channels: AlertChannel[];
  goals: Goal[];
  onAlerts: Dispatch<SetStateAction<AlertRule[]>>;
}) {
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [generation, setGeneration] = useState(0);
  const [editingId, setEditingId] = useState<number | undefined>();

  const setEnabled = async (alert: AlertRule, enabled: boolean) => {
    setOutcome(undefined);
    try {
      const { data } = await updateAlertRule(http, companyId, alert.id, { enabled });
      onAlerts((current) => current.map((other) => (other.id === data.id ? data : other)));
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The alert could not be changed.') });
    }
  };

  const remove = async (alert: AlertRule) => {
    const choice = await showAlert({
      title: 'Delete this alert?',
      text: `“${ruleSummary(alert, goals)}” stops being watched.`,
    });
    if (choice !== 'ok') return;
    setOutcome(undefined);
    try {
      await deleteAlertRule(http, companyId, alert.id);
      onAlerts((current) => current.filter((other) => other.id !== alert.id));
      setOutcome({ tone: 'success', text: 'The alert was deleted.' });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The alert could not be deleted.') });
    }
  };

  return (
    <section className="panel settings-section" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <p className="muted">
        What to watch: a traffic spike, a drop (the tracking snippet fell off the site), or a goal reached.
        Checked every minute.
      </p>
      {alerts.length === 0 ? (
        <p className="empty-state">
          {channels.length === 0
            ? 'No alerts yet. Add a channel first, then choose what should alert it.'
            : 'No alerts yet. Add one below: for example, a drop after 6 hours without events.'}
        </p>
      ) : (
        <ul className="member-list" aria-label="Alerts">
          {alerts.map((alert) => (
            <li key={alert.id} className="member-item">
              <div className="member-info">
                <p className="member-name">
                  <strong>{RULE_KIND_LABELS[alert.kind]}</strong>{' '}
                  {!alert.enabled ? (
                    <span className="badge">Off</span>
                  ) : alert.state === 'firing' ? (
                    <span className="badge badge-bad">Firing</span>
                  ) : (
                    <span className="badge badge-good">Watching</span>
                  )}
                </p>
                <p className="small member-meta">
                  <Breakable text={ruleSummary(alert, goals)} />
                </p>
                <p className="muted small member-meta">
                  <Breakable text={`To ${channelNames(alert, channels)}`} />
                  {alert.last_fired_at ? ` · last fired ${formatWhen(alert.last_fired_at)}` : ''}
                </p>
              </div>
              <div className="member-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Edit the alert ${ruleSummary(alert, goals)}`}
                  aria-expanded={editingId === alert.id}
                  onClick={() => {
                    setOutcome(undefined);
                    setEditingId(editingId === alert.id ? undefined : alert.id);
                  }}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-pressed={alert.enabled}
                  onClick={() => void setEnabled(alert, !alert.enabled)}
                >
                  {alert.enabled ? 'Turn off' : 'Turn on'}
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={`Delete the alert ${ruleSummary(alert, goals)}`}
                  onClick={() => void remove(alert)}
                >
                  Delete
                </button>
              </div>
              {editingId === alert.id ? (
                <div className="alert-rule-edit">
                  <RuleForm
                    companyId={companyId}
                    goals={goals}
                    channels={channels}
                    editing={alert}
                    onCancel={() => setEditingId(undefined)}
                    onSaved={(saved) => {
                      onAlerts((current) => current.map((other) => (other.id === saved.id ? saved : other)));
                      setEditingId(undefined);
                      setOutcome({ tone: 'success', text: 'The alert was saved.' });
                    }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <OutcomeNotice outcome={outcome} />
      {channels.length > 0 && alerts.length < MAX_ALERT_RULES ? (
        <>
          <h3 className="settings-subtitle">Add an alert</h3>
          <RuleForm
            key={generation}
            companyId={companyId}
            goals={goals}
            channels={channels}
            onSaved={(alert) => {
              onAlerts((current) => [...current, alert]);
              setGeneration((count) => count + 1);
              setOutcome({ tone: 'success', text: 'The alert was added.' });
            }}
          />
        </>
      ) : null}
    </section>
  );
}
