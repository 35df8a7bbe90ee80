import { VISIT_TIMEOUT_MS } from './session-tracker';

// The visitors whose open visits left memory for the database (docs/api.md "Limits that hold under attack"),
// as Bloom filters of a fixed size: asking whether a visitor may have one there costs no query and, however
// many visitors a flood brings, no more memory. A filter answers "maybe" for every visitor it holds and,
// rarely, for one it does not (that visitor's next event costs a lookup that finds nothing); never "no" for
// one it holds. Visitors go into the filter of the five minutes of their visit's last activity, and a
// filter is dropped once every visit in it has been idle for longer than a visit lasts.

const SLOT_MS = 5 * 60_000;
/** Bits per filter: 1 MiB, which keeps false answers near 5 % even for a million visitors in five minutes. */
const BITS = 1 << 23;
const HASHES = 4;

function mix(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class EvictedVisits {
  private readonly filters = new Map<number, Uint32Array>();
  /** Until when any visitor may have a visit in the database (a restart that could not restore them all). */
  private everyoneUntil = 0;

  /** Whether no visitor can have a visit in the database, so that ingestion need not ask. */
  get isEmpty(): boolean {
    return this.filters.size === 0 && this.everyoneUntil === 0;
  }

  add(companyId: number, visitorId: number, lastActivityAt: number): void {
    const slot = Math.floor(lastActivityAt / SLOT_MS);
    let bits = this.filters.get(slot);
    if (!bits) {
      bits = new Uint32Array(BITS / 32);
      this.filters.set(slot, bits);
    }
    for (const position of positions(companyId, visitorId)) {
      const word = position >>> 5;
      bits[word] = (bits[word] as number) | (1 << (position & 31));
    }
  }

  /** Every visitor may have a visit in the database until `until` (their filters were not built). */
  addEveryone(until: number): void {
    this.everyoneUntil = Math.max(this.everyoneUntil, until);
  }

  /** Whether the visitor may have a visit in the database still open at `now`. */
  mayHold(companyId: number, visitorId: number, now: number): boolean {
    if (now < this.everyoneUntil) return true;
    const at = positions(companyId, visitorId);
    for (const [slot, bits] of this.filters) {
      if ((slot + 1) * SLOT_MS + VISIT_TIMEOUT_MS <= now) continue;
      if (at.every((position) => (bits[position >>> 5] as number) & (1 << (position & 31)))) return true;
    }
    return false;
  }

  /** Drops the filters whose visits have all ended by `now`. */
  expire(now: number): void {
    for (const slot of this.filters.keys()) {
      if ((slot + 1) * SLOT_MS + VISIT_TIMEOUT_MS <= now) this.filters.delete(slot);
    }
    if (this.everyoneUntil <= now) this.everyoneUntil = 0;
  }
}

/** The filter bits of a visitor: double hashing over two mixes of the company and the 48-bit visitor id. */
function positions(companyId: number, visitorId: number): number[] {
  const low = visitorId % 0x1_0000_0000;
  const high = Math.floor(visitorId / 0x1_0000_0000);
  const a = mix(low ^ Math.imul(companyId, 0x9e3779b1));
  const b = mix(high ^ Math.imul(companyId + 1, 0x27d4eb2f) ^ low) | 1;
  const found: number[] = [];
  for (let i = 0; i < HASHES; i++) found.push(((a + Math.imul(i, b)) >>> 0) & (BITS - 1));
  return found;
}
