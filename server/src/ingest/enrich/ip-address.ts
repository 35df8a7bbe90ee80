/**
 * Allocation-free IP address parsing for the geo lookup's hot path. An address is written as 32-bit words
 * into a caller-owned `Uint32Array`: IPv4 in `out[0]`, IPv6 big-endian in `out[0..3]`. A substring
 * (`start`, `end`) can be parsed in place.
 */

export type IpVersion = 0 | 4 | 6;

const DOT = 46;
const COLON = 58;

/** Sixteen-bit groups of the IPv6 address being parsed; module-level so that parsing allocates nothing. */
const groups = new Uint16Array(8);

/** Parses `s[start, end)` as an IPv4 or IPv6 address; answers 0 (and leaves `out` undefined) when it is neither. */
export function parseIp(s: string, start: number, end: number, out: Uint32Array): IpVersion {
  // An IPv4 address shows a dot within its first four characters, before any colon.
  for (let i = start; i < end && i < start + 5; i++) {
    const c = s.charCodeAt(i);
    if (c === DOT) {
      const v4 = parseIpv4(s, start, end);
      if (v4 < 0) return 0;
      out[0] = v4;
      return 4;
    }
    if (c === COLON) break;
  }
  return parseIpv6(s, start, end, out) ? 6 : 0;
}

/** Parses dotted-quad IPv4 (`1.2.3.4`, each part 0–255, at most three digits) to 0…2^32−1, or −1. */
export function parseIpv4(s: string, start: number, end: number): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      part = part * 10 + c - 48;
      if (++digits > 3 || part > 255) return -1;
    } else if (c === DOT && digits > 0 && dots < 3) {
      // Multiplying instead of shifting keeps the value unsigned past 2^31.
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else {
      return -1;
    }
  }
  return digits > 0 && dots === 3 ? value * 256 + part : -1;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** RFC 4291 text forms: `::` compression once, an optional dotted IPv4 tail; no zone id, no brackets. */
function parseIpv6(s: string, start: number, end: number, out: Uint32Array): boolean {
  let n = 0;
  let gap = -1;
  let i = start;
  if (end - start < 2) return false;
  if (s.charCodeAt(i) === COLON) {
    if (s.charCodeAt(i + 1) !== COLON) return false;
    gap = 0;
    i += 2;
  }
  while (i < end) {
    let value = 0;
    let j = i;
    while (j < end) {
      const h = hexValue(s.charCodeAt(j));
      if (h < 0) break;
      value = value * 16 + h;
      j++;
    }
    if (j < end && s.charCodeAt(j) === DOT) {
      const v4 = n <= 6 ? parseIpv4(s, i, end) : -1;
      if (v4 < 0) return false;
      groups[n++] = v4 >>> 16;
      groups[n++] = v4 & 0xffff;
      break;
    }
    if (j === i || j - i > 4 || n === 8) return false;
    groups[n++] = value;
    if (j === end) break;
    if (s.charCodeAt(j) !== COLON || j + 1 === end) return false;
    j++;
    if (s.charCodeAt(j) === COLON) {
      if (gap >= 0) return false;
      gap = n;
      j++;
    }
    i = j;
  }
  if (gap < 0 ? n !== 8 : n > 7) return false;
  const zeros = 8 - n;
  for (let w = 0; w < 4; w++) {
    out[w] = groupAt(2 * w, gap, zeros, n) * 0x10000 + groupAt(2 * w + 1, gap, zeros, n);
  }
  return true;
}

/** The k-th of the eight groups once the `::` gap (at index `gap`, `zeros` groups long) is expanded. */
function groupAt(k: number, gap: number, zeros: number, n: number): number {
  if (gap < 0 || k < gap) return groups[k] ?? 0;
  if (k < gap + zeros) return 0;
  const source = k - zeros;
  return source < n ? (groups[source] ?? 0) : 0;
}

/**
 * Whether an IPv4 address can belong to a visitor on the public internet: not private, loopback, link-local,
 * shared (CGNAT), documentation, benchmarking, multicast or reserved space (RFC 6890).
 */
export function isPublicIpv4(ip: number): boolean {
  const a = ip >>> 24;
  const b = (ip >>> 16) & 0xff;
  switch (a) {
    case 0:
    case 10:
    case 127:
      return false;
    case 100:
      return (b & 0xc0) !== 64;
    case 169:
      return b !== 254;
    case 172:
      return (b & 0xf0) !== 16;
    case 192: {
      const c = (ip >>> 8) & 0xff;
      return b !== 168 && !(b === 0 && (c === 0 || c === 2));
    }
    case 198:
      return (b & 0xfe) !== 18 && !(b === 51 && ((ip >>> 8) & 0xff) === 100);
    case 203:
      return !(b === 0 && ((ip >>> 8) & 0xff) === 113);
    default:
      return a < 224;
  }
}

/**
 * Whether an IPv6 address (four words) is global unicast (2000::/3) outside the IETF special-purpose block
 * 2001::/23 (Teredo, benchmarking, ORCHID) and the documentation prefix 2001:db8::/32.
 */
export function isPublicIpv6(words: Uint32Array): boolean {
  const w0 = words[0] ?? 0;
  if (w0 >>> 29 !== 1) return false;
  if (w0 >>> 16 === 0x2001) return (w0 & 0xfe00) !== 0 && (w0 & 0xffff) !== 0x0db8;
  return true;
}
