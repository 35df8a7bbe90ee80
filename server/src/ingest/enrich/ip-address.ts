import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The client addresses the geo lookup reads, parsed by ipaddr.js. Stricter than `ipaddr.parse`, which also
 * takes the classful IPv4 forms of `inet_aton` (`127.1`, `0x7f.0.0.1`) and IPv6 zone ids: a socket or a
 * proxy's `X-Forwarded-For` reports neither, so such input is no client address.
 */

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The longest IPv6 text form (with an IPv4 tail) is 45 characters; longer input is not an address. */
const MAX_ADDRESS_LENGTH = 45;

/**
 * A dotted-quad IPv4 address or an IPv6 address without zone id; null for anything else. Never throws.
 * Node's `isIPv4`/`isIPv6` check the text form first (the strict forms, at a fraction of the cost of
 * ipaddr.js's own checks, which try the classful forms and build the address to see whether it parses).
 */
export function parseIpAddress(text: string): IpAddress | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  if (isIPv4(text)) return ipaddr.IPv4.parse(text);
  if (!isIPv6(text) || text.includes('%')) return null;
  return ipaddr.IPv6.parse(text);
}

/**
 * The IPv4 address an IPv6 address carries for a client: dual-stack sockets report IPv4 clients as
 * `::ffff:a.b.c.d`, and 6to4 (2002::/16) holds the client's IPv4 address in bits 16–47. Otherwise the
 * address itself.
 */
export function clientAddress(address: IpAddress): IpAddress {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const [first, high = 0, low = 0] = v6.parts;
  if (first === 0x2002) return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  return address;
}

const cidrs = (...list: string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * IPv4 space that cannot hold a visitor on the public internet (RFC 6890): "this network", private,
 * shared (CGNAT), loopback, link-local, IETF protocol assignments, documentation, benchmarking, and
 * multicast and reserved space (224.0.0.0 up).
 */
const SPECIAL_IPV4 = cidrs(
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3',
);

/** Global unicast IPv6 space (2000::/3), less the IETF special-purpose block and the documentation prefix. */
const GLOBAL_UNICAST_IPV6 = cidrs('2000::/3');
/** 2001::/23 holds Teredo, benchmarking and ORCHID; 2001:db8::/32 is documentation. */
const SPECIAL_IPV6 = cidrs('2001::/23', '2001:db8::/32');

/**
 * Whether an address can belong to a visitor on the public internet: for IPv4, outside the special
 * blocks above; for IPv6, global unicast outside the special-purpose and documentation prefixes.
 */
export function isPublicAddress(address: IpAddress): boolean {
  const within = (ranges: [IpAddress, number][]) =>
    ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
  if (address.kind() === 'ipv4') return !within(SPECIAL_IPV4);
  return within(GLOBAL_UNICAST_IPV6) && !within(SPECIAL_IPV6);
}
