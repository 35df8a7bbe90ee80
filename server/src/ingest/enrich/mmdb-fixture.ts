import ipaddr from 'ipaddr.js';

/**
 * Test support: writes small MaxMind DB files, so that the reader is checked against every record size and
 * record shape rather than only against the one shipped database. Keys of `{country_code}` records are
 * written once and reached through pointers, as real writers do.
 */

export type FixtureRecord = { country_code: string } | { country: { iso_code: string } } | { other: string };

export interface FixtureNetwork {
  /** `1.2.3.0/24` or `2001:db8::/32`. */
  readonly cidr: string;
  readonly record: FixtureRecord;
}

export interface FixtureOptions {
  readonly recordSize?: 24 | 28 | 32;
  readonly ipVersion?: 4 | 6;
  readonly builtAt?: Date;
}

interface TreeNode {
  children: [Child, Child];
  id: number;
}
type Child = TreeNode | { data: number } | null;

const bytes = (...values: number[]) => Buffer.from(values);

function control(type: number, size: number): Buffer {
  const head = Math.min(size, 29);
  const tail = size < 29 ? [] : [size - 29];
  return type <= 7 ? bytes((type << 5) | head, ...tail) : bytes(head, type - 7, ...tail);
}

function utf8(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([control(2, body.length), body]);
}

function uint(type: number, value: number): Buffer {
  const body: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) body.unshift(rest % 256);
  return Buffer.concat([control(type, body.length), Buffer.from(body)]);
}

function map(entries: [Buffer, Buffer][]): Buffer {
  return Buffer.concat([control(7, entries.length), ...entries.flat()]);
}

/** A pointer into the data section (the two-byte form reaches the first 2 KiB, plenty here). */
function pointer(offset: number): Buffer {
  return bytes((1 << 5) | (offset >> 8), offset & 0xff);
}

function bitsOf(cidr: string, ipVersion: number): number[] {
  const [address = '', prefixText = ''] = cidr.split('/');
  const parsed = ipaddr.parse(address);
  const bits = parsed
    .toByteArray()
    .flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  const prefix = Number(prefixText);
  // An IPv6 tree keeps IPv4 networks under ::/96.
  const lead = parsed.kind() === 'ipv4' && ipVersion === 6 ? new Array<number>(96).fill(0) : [];
  return [...lead, ...bits.slice(0, prefix)];
}

export function writeMmdb(networks: readonly FixtureNetwork[], options: FixtureOptions = {}): Buffer {
  const { recordSize = 24, ipVersion = 6, builtAt = new Date('2026-06-01T00:00:00Z') } = options;
  const root: TreeNode = { children: [null, null], id: 0 };
  const records: FixtureRecord[] = [];
  for (const { cidr, record } of networks) {
    const path = bitsOf(cidr, ipVersion);
    let node = root;
    path.forEach((bit, depth) => {
      const b = bit as 0 | 1;
      if (depth === path.length - 1) {
        node.children[b] = { data: records.push(record) - 1 };
        return;
      }
      const child = node.children[b];
      // Inside a shorter network already stored: split it, both halves keeping its record.
      const next: TreeNode = child && 'children' in child ? child : { children: [child, child], id: 0 };
      node.children[b] = next;
      node = next;
    });
  }
  const nodes: TreeNode[] = [];
  const number = (node: TreeNode) => {
    node.id = nodes.push(node) - 1;
    for (const child of node.children) if (child && 'children' in child) number(child);
  };
  number(root);

  const key = utf8('country_code');
  const encoded = records.map((record) => {
    if ('country_code' in record) return map([[pointer(0), utf8(record.country_code)]]);
    if ('country' in record)
      return map([[utf8('country'), map([[utf8('iso_code'), utf8(record.country.iso_code)]])]]);
    return map([[utf8('other'), utf8(record.other)]]);
  });
  const offsets: number[] = [];
  let at = key.length;
  for (const data of encoded) {
    offsets.push(at);
    at += data.length;
  }
  const value = (child: Child): number =>
    child === null
      ? nodes.length
      : 'children' in child
        ? child.id
        : nodes.length + 16 + (offsets[child.data] ?? 0);
  const tree = Buffer.concat(
    nodes.map((node) => encodeNode(value(node.children[0]), value(node.children[1]), recordSize)),
  );
  const metadata = map([
    [utf8('node_count'), uint(6, nodes.length)],
    [utf8('record_size'), uint(5, recordSize)],
    [utf8('ip_version'), uint(5, ipVersion)],
    [utf8('database_type'), utf8('fixture-country')],
    [utf8('build_epoch'), uint(9, builtAt.getTime() / 1000)],
  ]);
  const marker = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');
  return Buffer.concat([tree, Buffer.alloc(16), key, ...encoded, marker, metadata]);
}

function encodeNode(left: number, right: number, recordSize: number): Buffer {
  if (recordSize === 24)
    return bytes(left >> 16, (left >> 8) & 255, left & 255, right >> 16, (right >> 8) & 255, right & 255);
  if (recordSize === 32) return Buffer.concat([uint32(left), uint32(right)]);
  const middle = ((left >>> 24) << 4) | (right >>> 24);
  return bytes(
    (left >> 16) & 255,
    (left >> 8) & 255,
    left & 255,
    middle,
    (right >> 16) & 255,
    (right >> 8) & 255,
    right & 255,
  );
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}
