import ipaddr from 'ipaddr.js';

/**
 * An address as the audit log keeps it (the privacy policy's "truncated address"): an IPv4 address with its
 * last number zeroed (its /24), an IPv6 address cut to its /48, which names a network, not a device. An
 * IPv4 address written as IPv6 (`::ffff:203.0.113.9`) is treated as the IPv4 one. Anything else is null.
 */
export function truncateIp(address: string | undefined | null): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.map((part, index) => (index < 3 ? part : 0));
  return new ipaddr.IPv6(parts).toString();
}
