import {
  type HostnameActivity,
  INSTALLATION_MAX_HOSTNAMES,
  type InstallationCheck,
  type InstallationHost,
} from '@footfall/contract';
import type { HostnameCount } from '@footfall/db';
import { isHostWithin } from '../ingest/enrich/referrer';
import { stripWww } from '../ingest/enrich/referrer-list';

/**
 * The company host that an event's hostname counts toward: the most specific one containing it, as
 * ingestion admits subdomains (`app.shop.example` counts toward `shop.example`, unless `app.shop.example`
 * is listed too). `www.` is ignored, as the company's hosts are listed without it.
 */
function ownerOf(hostname: string, ownHosts: readonly string[]): string | undefined {
  const bare = stripWww(hostname);
  let owner: string | undefined;
  for (const host of ownHosts) {
    if (isHostWithin(bare, host) && (owner === undefined || host.length > owner.length)) owner = host;
  }
  return owner;
}

const latestFirst = (a: HostnameCount, b: HostnameCount): number =>
  b.lastEventAt - a.lastEventAt || (a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : 0);

function listed(counts: HostnameCount[]): HostnameActivity[] {
  return [...counts]
    .sort(latestFirst)
    .slice(0, INSTALLATION_MAX_HOSTNAMES)
    .map((count) => ({
      hostname: count.hostname,
      events: count.events,
      last_event_at: new Date(count.lastEventAt).toISOString(),
    }));
}

function hostSummary(host: string, counts: HostnameCount[]): InstallationHost {
  const last = counts.reduce((latest, count) => Math.max(latest, count.lastEventAt), -Infinity);
  return {
    host,
    events: counts.reduce((sum, count) => sum + count.events, 0),
    last_event_at: counts.length > 0 ? new Date(last).toISOString() : null,
    hostnames: listed(counts),
  };
}

/**
 * The installation check from the hostnames that sent events since `since`. `ownHosts` are the company's
 * domains and website host, normalised as `companyInternalHosts` does.
 */
export function installationCheck(
  ownHosts: readonly string[],
  counts: HostnameCount[],
  since: number,
  now: number,
): InstallationCheck {
  const window = { since: new Date(since).toISOString(), checked_at: new Date(now).toISOString() };
  if (ownHosts.length === 0) {
    // Neither domains nor a website: nothing to tell the company's hosts from others, so all are its own.
    const hosts = [...counts]
      .sort(latestFirst)
      .slice(0, INSTALLATION_MAX_HOSTNAMES)
      .map((count) => hostSummary(count.hostname, [count]));
    return { status: hosts.length > 0 ? 'receiving' : 'not-yet', ...window, hosts, other_hosts: [] };
  }
  const groups = new Map<string, HostnameCount[]>(ownHosts.map((host) => [host, []]));
  const others: HostnameCount[] = [];
  for (const count of counts) {
    const owner = ownerOf(count.hostname, ownHosts);
    if (owner === undefined) others.push(count);
    else groups.get(owner)?.push(count);
  }
  const hosts = [...groups].map(([host, group]) => hostSummary(host, group));
  return {
    status: hosts.some((host) => host.events > 0) ? 'receiving' : 'not-yet',
    ...window,
    hosts,
    other_hosts: listed(others),
  };
}
