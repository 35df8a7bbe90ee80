import { describe, expect, it } from 'vitest';
import { decodeValue, type MmdbDatabase, recordOffset, walk } from './mmdb-reader';

/** A one-node tree whose records are given as raw bytes, to check each record layout bit for bit. */
function oneNode(recordSize: number, node: number[], dataBytes = 0): MmdbDatabase {
  return {
    bytes: Uint8Array.from([...node, ...new Array<number>(16 + dataBytes).fill(0)]),
    nodeCount: 1,
    recordSize,
    ipVersion: 6,
    dataStart: node.length + 16,
    ipv4Root: 1,
    databaseType: 'test',
    builtAt: new Date(0),
  };
}

// With a one-bit walk, the word's lowest bit picks the record.
const LEFT = 0;
const RIGHT = 1;

describe('walk', () => {
  it('reads 24-bit records', () => {
    const db = oneNode(24, [0xab, 0xcd, 0xef, 0x12, 0x34, 0x56]);
    expect(walk(db, 0, LEFT, 1)).toBe(0xabcdef);
    expect(walk(db, 0, RIGHT, 1)).toBe(0x123456);
  });

  it('reads 28-bit records, whose top nibbles share the middle byte', () => {
    const db = oneNode(28, [0xab, 0xcd, 0xef, 0x9a, 0x12, 0x34, 0x56]);
    expect(walk(db, 0, LEFT, 1)).toBe(0x9abcdef);
    expect(walk(db, 0, RIGHT, 1)).toBe(0xa123456);
  });

  it('reads 32-bit records as unsigned numbers', () => {
    const db = oneNode(32, [0xfa, 0xbc, 0xde, 0xf0, 0x81, 0x23, 0x45, 0x67]);
    expect(walk(db, 0, LEFT, 1)).toBe(0xfabcdef0);
    expect(walk(db, 0, RIGHT, 1)).toBe(0x81234567);
  });

  it('walks from the most significant bit and stops at the first record that is not a node', () => {
    const db = oneNode(24, [0, 0, 0, 0, 0, 5]);
    expect(walk(db, 0, 0, 32)).toBe(0);
    expect(walk(db, 0, 0x40000000, 32)).toBe(5);
    expect(walk(db, 0, 0x00000001, 32)).toBe(5);
  });
});

describe('recordOffset', () => {
  const db = oneNode(24, [0, 0, 0, 0, 0, 0], 40);

  it('turns a data record into a byte offset past the tree and its separator', () => {
    expect(recordOffset(db, 1 + 16 + 3)).toBe(db.dataStart + 3);
  });

  it('answers −1 for the empty record, for nodes and for offsets past the end', () => {
    expect(recordOffset(db, 1)).toBe(-1);
    expect(recordOffset(db, 0)).toBe(-1);
    expect(recordOffset(db, 1_000_000)).toBe(-1);
  });
});

describe('decodeValue', () => {
  const decode = (bytes: number[], base = 0) => decodeValue(Uint8Array.from(bytes), 0, base);
  const text = (s: string) => [...Buffer.from(s)];

  it('decodes strings, including the 29, 30 and 31 size escapes', () => {
    expect(decode([0x42, ...text('US')])).toEqual({ value: 'US', next: 3 });
    const medium = 'w'.repeat(200);
    expect(decode([0x5d, 200 - 29, ...text(medium)]).value).toBe(medium);
    const long = 'x'.repeat(300);
    expect(decode([0x5e, 0, 300 - 285, ...text(long)]).value).toBe(long);
    const huge = 'y'.repeat(65_900);
    expect(decode([0x5f, 0, 0, 65_900 - 65_821, ...text(huge)]).value).toBe(huge);
  });

  it('decodes unsigned integers, booleans, arrays and maps, and the extended types', () => {
    expect(decode([0xa2, 0x01, 0x00]).value).toBe(256);
    expect(decode([0xc4, 0xde, 0xad, 0xbe, 0xef]).value).toBe(0xdeadbeef);
    expect(decode([0x05, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00]).value).toBe(2 ** 32);
    expect(decode([0x01, 0x07]).value).toBe(true);
    expect(decode([0x02, 0x04, 0x41, ...text('a'), 0x41, ...text('b')]).value).toEqual(['a', 'b']);
    expect(decode([0xe1, 0x41, ...text('k'), 0x41, ...text('v')]).value).toEqual({ k: 'v' });
  });

  it('skips doubles, floats and signed integers by their size', () => {
    expect(decode([0x68, 1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ value: null, next: 9 });
    expect(decode([0x04, 0x08, 1, 2, 3, 4])).toEqual({ value: null, next: 6 });
    expect(decode([0x04, 0x01, 1, 2, 3, 4])).toEqual({ value: null, next: 6 });
  });

  it('follows pointers of every width from the given base', () => {
    const target = (offset: number, pointer: number[]) => {
      const bytes = [...pointer, ...new Array<number>(offset).fill(0), 0x42, ...text('JP')];
      return decodeValue(Uint8Array.from(bytes), 0, pointer.length);
    };
    expect(target(5, [0x20, 5])).toEqual({ value: 'JP', next: 2 });
    expect(target(2048 + 5, [0x28, 0, 5]).value).toBe('JP');
    expect(target(526_336 + 5, [0x30, 0, 0, 5]).value).toBe('JP');
    expect(target(70_000, [0x38, 0, 1, 0x11, 0x70]).value).toBe('JP');
  });
});
