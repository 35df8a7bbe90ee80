import type { AccountSession } from '@footfall/contract';
import { countryName } from '@footfall/contract/format';

// Where a sign-in session was, as the sessions list words it (docs/api.md "Sessions"): the country and the
// network of its sign-in and of its last use, so that an owner recognises their own and spots a stranger's.

/**
 * A network as the list shows it, its hidden part spelled out: `203.0.113.0/24` reads `203.0.113.x`,
 * `2001:db8:abcd::/48` reads `2001:db8:abcd:…`. Anything else (the server answers only those two forms)
 * is shown as it came.
 */
export function maskedNetwork(network: string): string {
  const ipv4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.0\/24$/.exec(network);
  if (ipv4) return `${ipv4[1]}.x`;
  const groups = ipv6Groups(/^([0-9a-f:]+)\/48$/i.exec(network)?.[1]);
  if (groups) return `${groups.slice(0, 3).join(':')}:…`;
  return network;
}

/** The eight groups of an IPv6 address in text, "::" filled in, leading zeros dropped; undefined when it is none. */
function ipv6Groups(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const halves = text.split('::').map((half) => (half === '' ? [] : half.split(':')));
  if (halves.length > 2) return undefined;
  const [head = [], tail] = halves;
  const gap = 8 - head.length - (tail?.length ?? 0);
  // Without "::" all eight groups are written; with it, it stands for one zero group or more.
  if (tail === undefined ? gap !== 0 : gap < 1) return undefined;
  const groups = [...head, ...Array<string>(tail === undefined ? 0 : gap).fill('0'), ...(tail ?? [])];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * "Germany, IP 203.0.113.x", "Germany", "IP 127.0.0.x"; null when neither is known. "IP" is bound to its
 * network by a no-break space: a line that ends in "IP" reads as cut off.
 */
export function placeText(country: string | null, network: string | null): string | null {
  const parts = [country ? countryName(country) : null, network ? `IP\u00a0${maskedNetwork(network)}` : null];
  return parts.filter((part) => part !== null).join(', ') || null;
}

export interface SessionPlaces {
  /** Where it was last used, null when unknown. */
  lastUsed: string | null;
  /** Where it signed in, when that is not where it was last used (null otherwise, or when unknown). */
  signedInElsewhere: string | null;
}

export function sessionPlaces(
  session: Pick<AccountSession, 'country' | 'network' | 'last_used_country' | 'last_used_network'>,
): SessionPlaces {
  const lastUsed = placeText(session.last_used_country, session.last_used_network);
  const signedIn = placeText(session.country, session.network);
  return { lastUsed, signedInElsewhere: signedIn === lastUsed ? null : signedIn };
}
