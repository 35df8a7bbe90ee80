import { truncateIp } from '../audit/truncate-ip';

/**
 * The network a sign-in session was used from, as the sessions list answers it (docs/api.md "Sessions"): an
 * IPv4 address's /24 (`203.0.113.0/24`) or an IPv6 address's /48 (`2001:db8:abcd::/48`), an IPv4 address
 * written as IPv6 counting as IPv4. Enough for an owner to recognise their home or office network, too little
 * to name a device. Takes an address or a network already cut (what is stored); null for anything else.
 */
export function sessionNetwork(address: string | null | undefined): string | null {
  const network = truncateIp(address);
  if (network === null) return null;
  return network.includes(':') ? `${network}/48` : `${network}/24`;
}
