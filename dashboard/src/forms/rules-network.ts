import { type SyncRule, textRule } from './rules-core';

// 0–255 without leading zeros, which some parsers read as octal.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

function isIPv6(text: string): boolean {
  const lastColon = text.lastIndexOf(':');
  if (lastColon === -1) return false;
  const tail = text.slice(lastColon + 1);
  let address = text;
  if (tail.includes('.')) {
    // An embedded IPv4 address (::ffff:1.2.3.4) takes the place of the last two groups.
    if (!isIPv4(tail)) return false;
    address = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((half) => half.every((group) => HEX_GROUP.test(group)))) return false;
  const count = groups.reduce((total, half) => total + half.length, 0);
  // '::' stands for one group or more.
  return halves.length === 2 ? count <= 7 : count === 8;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// A URL parser takes a host whose last label is a number, in decimal or in hexadecimal after 0x, for an
// IPv4 address whose parts may be written in any base ('0x7f.0.0.0x1' is 127.0.0.1, '0x7f.1' too) and
// refuses it when the other labels are not numbers ('a.0x1'). Such a name is never a domain name.
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/i;

function isFQDN(text: string): boolean {
  // The root's trailing dot is allowed (example.com.) and is not part of the name's length.
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length > 253) return false;
  const labels = name.split('.');
  const tld = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !NUMERIC_LABEL.test(tld);
}

/** An IPv4 address, an IPv6 address (compressed and IPv4-mapped forms included), or only one `version`. */
export function ip(version?: 4 | 6): SyncRule {
  const test =
    version === 4 ? isIPv4 : version === 6 ? isIPv6 : (text: string) => isIPv4(text) || isIPv6(text);
  return textRule('ip', test, 'must be a valid ip address');
}

/**
 * An IP address or a fully qualified domain name: two labels or more of 1–63 letters, digits and inner
 * hyphens, a top-level domain that is not a number (all digits, or 0x and hexadecimal digits), 253
 * characters at most, so that no name it accepts is read by a URL parser as an IPv4 address.
 */
export function ip_or_fqdn(): SyncRule {
  return textRule(
    'ip_or_fqdn',
    (text) => isIPv4(text) || isIPv6(text) || isFQDN(text),
    'must be a valid ip address or FQDN',
  );
}
