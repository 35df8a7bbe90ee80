import { endianness } from 'node:os';
import { type Column, columnOf, widthOf } from './columns';
import { DICTIONARIES, type Dictionaries, type EventColumn, type Segment, type VisitColumn } from './segment';

// A segment as stored: `FFS1`, the header's length (uint32), the header as JSON (times, counts, the
// dictionaries and each column's width), then the visitor ids and each column's bytes, every part starting
// on a multiple of 8 so that typed arrays can view the buffer where it lies. Numbers are little-endian, as
// on every machine Node.js runs on here; a big-endian one refuses to read rather than misread.

const MAGIC = 'FFS1';
const ALIGN = 8;

interface Header {
  startsAt: number;
  endsAt: number;
  visits: number;
  events: number;
  visitors: number;
  /** Each dictionary without its leading null. */
  dictionaries: Record<string, (string | null)[]>;
  visitColumns: [VisitColumn, number][];
  eventColumns: [EventColumn, number][];
}

const aligned = (offset: number) => Math.ceil(offset / ALIGN) * ALIGN;

function assertLittleEndian(): void {
  if (endianness() !== 'LE') throw new Error('segments are stored little-endian');
}

export function encodeSegment(segment: Segment): Buffer {
  assertLittleEndian();
  const widths = <K extends string>(columns: Record<K, Column>) =>
    (Object.entries(columns) as [K, Column][]).map(([name, column]): [K, number] => [name, widthOf(column)]);
  const header: Header = {
    startsAt: segment.startsAt,
    endsAt: segment.endsAt,
    visits: segment.visitCount,
    events: segment.eventCount,
    visitors: segment.visitorIds.length,
    dictionaries: Object.fromEntries(DICTIONARIES.map((name) => [name, segment.dictionaries[name].slice(1)])),
    visitColumns: widths(segment.visits),
    eventColumns: widths(segment.events),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const parts: Uint8Array[] = [
    new Uint8Array(segment.visitorIds.buffer, segment.visitorIds.byteOffset, segment.visitorIds.byteLength),
  ];
  for (const [name, width] of header.visitColumns) if (width > 0) parts.push(bytesOf(segment.visits[name]));
  for (const [name, width] of header.eventColumns) if (width > 0) parts.push(bytesOf(segment.events[name]));
  let size = aligned(8 + headerBytes.length);
  for (const part of parts) size = aligned(size + part.byteLength);
  const out = Buffer.alloc(size);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(out, 8);
  let offset = aligned(8 + headerBytes.length);
  for (const part of parts) {
    out.set(part, offset);
    offset = aligned(offset + part.byteLength);
  }
  return out;
}

function copyOf(data: Buffer): Buffer {
  const copy = Buffer.alloc(data.length);
  data.copy(copy);
  return copy;
}

const bytesOf = (column: Column) => new Uint8Array(column.buffer, column.byteOffset, column.byteLength);

export function decodeSegment(data: Buffer): Segment {
  assertLittleEndian();
  if (data.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a stored segment');
  // Typed arrays need their offsets aligned: copy the rare buffer that does not start on a multiple of 8.
  // (`Buffer.alloc` never hands out a slice of the shared pool, so its copy starts at 0.)
  const bytes = data.byteOffset % ALIGN === 0 ? data : copyOf(data);
  const headerLength = bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as Header;
  let offset = bytes.byteOffset + aligned(8 + headerLength);
  const take = (width: number, length: number) => {
    const column = columnOf(width, bytes.buffer as ArrayBuffer, offset, length);
    offset = aligned(offset + width * length);
    return column;
  };
  const visitorIds = take(8, header.visitors) as Float64Array;
  const visits = Object.fromEntries(
    header.visitColumns.map(([name, width]) => [name, take(width, header.visits)]),
  );
  const events = Object.fromEntries(
    header.eventColumns.map(([name, width]) => [name, take(width, header.events)]),
  );
  return {
    startsAt: header.startsAt,
    endsAt: header.endsAt,
    visitCount: header.visits,
    eventCount: header.events,
    visitorIds,
    dictionaries: Object.fromEntries(
      DICTIONARIES.map((name) => [name, [null, ...(header.dictionaries[name] ?? [])]]),
    ) as unknown as Dictionaries,
    visits: visits as Segment['visits'],
    events: events as Segment['events'],
  };
}
