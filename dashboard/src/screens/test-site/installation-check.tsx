import type { InstallationCheck as Check, InstallationHost } from '@footfall/contract';
import { INSTALLATION_WINDOW_MINUTES } from '@footfall/contract/constants';
import { formatNumber } from '@footfall/contract/format';
import { useState } from 'react';
import { getInstallationCheck } from '../../api/test-site';
import { http } from '../../app/services';
import { usePolling } from '../../lib/hooks/use-polling';

const RECHECK_MS = 30_000;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

function ago(timestamp: string, now: number): string {
  const seconds = Math.round((Date.parse(timestamp) - now) / 1000);
  return Math.abs(seconds) < 60
    ? relative.format(seconds, 'second')
    : relative.format(Math.round(seconds / 60), 'minute');
}

interface InstallationCheckProps {
  companyId: number;
  /** The panel's heading. */
  title?: string;
  /** How often it checks again by itself. */
  everyMs?: number;
  /** Called once the company's own hosts are sending events. */
  onReceiving?: () => void;
  /**
   * Waiting is expected (a site being set up): say so calmly, and keep what to check for when nothing
   * comes, folded.
   */
  waiting?: boolean;
}

/** "Events received from example.com in the last 30 minutes", per host of the company's own. */
export function InstallationCheck({
  companyId,
  title = '2. Check your installation',
  everyMs = RECHECK_MS,
  onReceiving,
  waiting = false,
}: InstallationCheckProps) {
  const [check, setCheck] = useState<Check | undefined>();
  const load = async (signal?: AbortSignal, background = true) => {
    const { data } = await getInstallationCheck(http, companyId, {
      background,
      ...(signal ? { signal } : {}),
    });
    setCheck(data);
    if (data.status === 'receiving') onReceiving?.();
  };
  usePolling((signal) => load(signal), everyMs);

  return (
    <section className="panel" aria-labelledby="install-title">
      <header className="panel-head">
        <h2 id="install-title">{title}</h2>
        <button
          type="button"
          className="button button-small"
          onClick={() => void load(undefined, false).catch(() => undefined)}
        >
          Check again
        </button>
      </header>
      {check ? <CheckResult check={check} waiting={waiting} /> : <p className="muted">Checking…</p>}
    </section>
  );
}

function CheckResult({ check, waiting }: { check: Check; waiting: boolean }) {
  const now = Date.parse(check.checked_at);
  return (
    <div className="install-result" data-status={check.status}>
      {check.status === 'receiving' ? (
        <p className="notice notice-success">Your site is sending events. The dashboard is counting it.</p>
      ) : check.other_hosts.length > 0 ? (
        <OtherHostsOnly check={check} now={now} />
      ) : (
        <NothingYet check={check} waiting={waiting} />
      )}
      {check.hosts.length > 0 ? (
        <ul className="host-list">
          {check.hosts.map((host) => (
            <HostLine key={host.host} host={host} now={now} />
          ))}
        </ul>
      ) : (
        <p className="muted small">
          Add your website or allowed domains under Settings to check them by name.
        </p>
      )}
      {check.status === 'receiving' && check.other_hosts.length > 0 ? (
        <p className="small">
          Also received from other hosts: {hostList(check.other_hosts)}. They count in your statistics too.
        </p>
      ) : null}
    </div>
  );
}

/** "localhost (3 events, the latest 2 minutes ago)", for each host, in a sentence. */
function hostList(hosts: Check['other_hosts'], now?: number): string {
  return hosts
    .map((other) => {
      const count = `${formatNumber(other.events)} ${other.events === 1 ? 'event' : 'events'}`;
      const latest = now === undefined ? '' : `, the latest ${ago(other.last_event_at, now)}`;
      return `${other.hostname} (${count}${latest})`;
    })
    .join(', ');
}

/** Events arrived, but from none of the company's own hosts: say plainly what came from where, and why it matters. */
function OtherHostsOnly({ check, now }: { check: Check; now: number }) {
  const own = check.hosts.map((host) => host.host).join(', ');
  const total = check.other_hosts.reduce((sum, other) => sum + other.events, 0);
  return (
    <div className="notice notice-warning">
      <p>
        <strong>
          {formatNumber(total)} {total === 1 ? 'event' : 'events'} arrived in the last{' '}
          {INSTALLATION_WINDOW_MINUTES} minutes, but none from {own}.
        </strong>{' '}
        They came from {hostList(check.other_hosts, now)}.
      </p>
      <p>
        So the snippet works with this company's key on those pages, and their visits count in your
        statistics. If one of those hosts is your site, enter it as your website under Settings; if it is a
        copy (a development machine, a staging site), list your real hosts as allowed domains under Settings,
        and events from anywhere else will be refused.
      </p>
    </div>
  );
}

/** Nothing arrived at all: what to check; folded under a calm "waiting" while a site is being set up. */
function NothingYet({ check, waiting }: { check: Check; waiting: boolean }) {
  const own = check.hosts.map((host) => host.host).join(', ') || 'your site';
  const reasons = (
    <ul>
      <li>the snippet is in the page's &lt;head&gt;, with this company's key;</li>
      <li>
        the page is open in a browser (scripts run only there), and not on localhost without
        data-allow-localhost;
      </li>
      <li>
        no ad blocker, Global Privacy Control or <code>localStorage.footfall_ignore</code> stops it;
      </li>
      <li>
        the site's Content-Security-Policy, if it has one, allows this server in <code>script-src</code> and{' '}
        <code>connect-src</code>
        {';'}
      </li>
      <li>the site's host is among the allowed domains under Settings (when you set any).</li>
    </ul>
  );
  const testTraffic = (
    <p className="small">Events from the test page are test traffic: they never count here.</p>
  );
  if (waiting) {
    return (
      <div className="notice notice-info waiting-check">
        <p>
          <span className="live-dot waiting" aria-hidden="true" /> Waiting for the first pageview from {own}…
          This page checks every few seconds.
        </p>
        <details>
          <summary>Nothing after a minute? Check that:</summary>
          {reasons}
        </details>
        {testTraffic}
      </div>
    );
  }
  return (
    <div className="notice notice-warning">
      <p>
        No events from {own} in the last {INSTALLATION_WINDOW_MINUTES} minutes. Check that:
      </p>
      {reasons}
      {testTraffic}
    </div>
  );
}

function HostLine({ host, now }: { host: InstallationHost; now: number }) {
  const ok = host.events > 0;
  return (
    <li className={ok ? 'host host-ok' : 'host host-missing'}>
      <span aria-hidden="true">{ok ? '✓' : '○'}</span>{' '}
      {ok ? (
        <>
          <strong>{formatNumber(host.events)}</strong> {host.events === 1 ? 'event' : 'events'} received from{' '}
          <strong>{host.host}</strong> in the last {INSTALLATION_WINDOW_MINUTES} minutes
          {host.last_event_at ? (
            <span className="muted">, the latest {ago(host.last_event_at, now)}</span>
          ) : null}
        </>
      ) : (
        <>
          No events from <strong>{host.host}</strong> in the last {INSTALLATION_WINDOW_MINUTES} minutes
        </>
      )}
    </li>
  );
}
