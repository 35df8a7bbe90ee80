/**
 * A minimal reader for MaxMind DB files (the open MMDB format that DB-IP and ip-location-db publish in):
 * the binary search tree is walked bit by bit straight from the file's bytes, so a lookup allocates
 * nothing; the few distinct data records (one per country) are decoded once by the caller and cached.
 * Format: https://maxmind.github.io/MaxMind-DB/
 */

export interface MmdbDatabase {
  readonly bytes: Uint8Array;
  readonly nodeCount: number;
  readonly recordSize: number;
  readonly ipVersion: number;
  /** Where the data section starts: after the search tree and its 16-byte separator. */
  readonly dataStart: number;
  /** Where `::/96` leads (an IPv6 tree keeps IPv4 there): a node, a data record, or `nodeCount` for none. */
  readonly ipv4Root: number;
  readonly databaseType: string;
  /** When the data was built, from the file's metadata. */
  readonly builtAt: Date;
}

const METADATA_MARKER = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');

/** Reads the metadata and checks the layout; throws on a file that is not a usable MMDB. */
export function openMmdb(bytes: Buffer): MmdbDatabase {
  const marker = bytes.lastIndexOf(METADATA_MARKER);
  if (marker < 0) throw new Error('Not a MaxMind DB file: no metadata marker');
  const metaStart = marker + METADATA_MARKER.length;
  const meta = decodeValue(bytes, metaStart, metaStart).value;
  if (!isRecord(meta)) throw new Error('MaxMind DB metadata is not a map');
  const nodeCount = meta.node_count;
  const recordSize = meta.record_size;
  const ipVersion = meta.ip_version;
  if (typeof nodeCount !== 'number' || nodeCount < 1) throw new Error('MaxMind DB has no search tree');
  if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) throw new Error('Unsupported record size');
  if (ipVersion !== 4 && ipVersion !== 6) throw new Error('Unsupported IP version');
  const treeSize = (nodeCount * recordSize) / 4;
  if (treeSize + 16 > marker) throw new Error('MaxMind DB search tree is truncated');
  const partial = { bytes, nodeCount, recordSize, ipVersion, dataStart: treeSize + 16 };
  let ipv4Root = 0;
  for (let bit = 0; ipVersion === 6 && bit < 96 && ipv4Root < nodeCount; bit++) {
    ipv4Root = readRecord(partial, ipv4Root, 0);
  }
  const epoch = typeof meta.build_epoch === 'number' ? meta.build_epoch : 0;
  return {
    ...partial,
    ipv4Root,
    databaseType: typeof meta.database_type === 'string' ? meta.database_type : '',
    builtAt: new Date(epoch * 1000),
  };
}

type TreeShape = Pick<MmdbDatabase, 'bytes' | 'recordSize'>;

/** One of a node's two records (0 = left/zero bit, 1 = right/one bit). */
function readRecord(db: TreeShape, node: number, side: number): number {
  const b = db.bytes;
  if (db.recordSize === 24) {
    const at = node * 6 + side * 3;
    return ((b[at] ?? 0) << 16) | ((b[at + 1] ?? 0) << 8) | (b[at + 2] ?? 0);
  }
  if (db.recordSize === 28) {
    // Seven bytes per node: left's low 24 bits, a byte holding both records' top nibbles, right's low 24.
    const middle = b[node * 7 + 3] ?? 0;
    const at = node * 7 + side * 4;
    const high = side === 0 ? middle >> 4 : middle & 0x0f;
    return high * 0x1000000 + (((b[at] ?? 0) << 16) | ((b[at + 1] ?? 0) << 8) | (b[at + 2] ?? 0));
  }
  const at = node * 8 + side * 4;
  return (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
}

/**
 * Walks the low `bits` bits of `word` (highest first) from `node`; answers the node or record reached.
 * Four calls cover an IPv6 address; one, from `ipv4Root`, an IPv4 address.
 */
export function walk(db: MmdbDatabase, node: number, word: number, bits = 32): number {
  const nodeCount = db.nodeCount;
  if (db.recordSize === 24) {
    // The shipped database's layout, inlined: an IPv6 lookup takes up to 128 of these steps.
    const b = db.bytes;
    for (let bit = bits - 1; bit >= 0 && node < nodeCount; bit--) {
      const at = node * 6 + ((word >>> bit) & 1) * 3;
      node = ((b[at] ?? 0) << 16) | ((b[at + 1] ?? 0) << 8) | (b[at + 2] ?? 0);
    }
    return node;
  }
  for (let bit = bits - 1; bit >= 0 && node < nodeCount; bit--) {
    node = readRecord(db, node, (word >>> bit) & 1);
  }
  return node;
}

/** The byte offset of the data record a walk ended on, or −1 when it found no data. */
export function recordOffset(db: MmdbDatabase, record: number): number {
  if (record <= db.nodeCount) return -1;
  const offset = db.dataStart + (record - db.nodeCount - 16);
  return offset < db.bytes.length ? offset : -1;
}

export type MmdbValue = string | number | boolean | null | MmdbValue[] | { [key: string]: MmdbValue };

function isRecord(value: MmdbValue): value is { [key: string]: MmdbValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Decodes the value at `at`; pointers count from `base` (the data section, or the metadata start).
 * Integers wider than 53 bits lose precision and 128-bit ones decode as null: nothing here needs them.
 */
export function decodeValue(bytes: Uint8Array, at: number, base: number): { value: MmdbValue; next: number } {
  const control = bytes[at] ?? 0;
  let pos = at + 1;
  let type = control >> 5;
  if (type === 1) {
    const sizeBits = (control >> 3) & 3;
    let pointer = sizeBits === 3 ? 0 : control & 7;
    for (let i = 0; i <= sizeBits; i++) pointer = pointer * 256 + (bytes[pos++] ?? 0);
    pointer += [0, 2048, 526336, 0][sizeBits] ?? 0;
    return { value: decodeValue(bytes, base + pointer, base).value, next: pos };
  }
  if (type === 0) type = 7 + (bytes[pos++] ?? 0);
  let size = control & 31;
  if (size >= 29) {
    const extra = size - 28;
    let value = 0;
    for (let i = 0; i < extra; i++) value = value * 256 + (bytes[pos++] ?? 0);
    size = [0, 29, 285, 65821][extra] ?? 0;
    size += value;
  }
  switch (type) {
    case 2:
      return {
        value: Buffer.from(bytes.buffer, bytes.byteOffset + pos, size).toString('utf8'),
        next: pos + size,
      };
    case 5:
    case 6:
    case 9: {
      let value = 0;
      for (let i = 0; i < size; i++) value = value * 256 + (bytes[pos + i] ?? 0);
      return { value, next: pos + size };
    }
    case 7: {
      const map: { [key: string]: MmdbValue } = {};
      for (let i = 0; i < size; i++) {
        const key = decodeValue(bytes, pos, base);
        const value = decodeValue(bytes, key.next, base);
        map[String(key.value)] = value.value;
        pos = value.next;
      }
      return { value: map, next: pos };
    }
    case 11: {
      const list: MmdbValue[] = [];
      for (let i = 0; i < size; i++) {
        const item = decodeValue(bytes, pos, base);
        list.push(item.value);
        pos = item.next;
      }
      return { value: list, next: pos };
    }
    case 14:
      return { value: size !== 0, next: pos };
    default:
      // Doubles, floats, signed and 128-bit integers, raw bytes: skipped by their encoded size.
      return { value: null, next: pos + (type === 3 ? 8 : type === 15 ? 4 : size) };
  }
}
