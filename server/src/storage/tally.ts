import type { Counts, Totals } from './day-stats';

/**
 * Counts per dictionary id, with distinct visitors: rows arrive grouped by visitor (visits are sorted by
 * visitor, events by visit), so a visitor is new to a key when it differs from the key's last one.
 */
export class Tally {
  readonly visitors: Uint32Array;
  readonly visits: Uint32Array;
  readonly pageviews: Uint32Array;
  readonly events: Uint32Array;
  private readonly last: Int32Array;

  constructor(size: number) {
    this.visitors = new Uint32Array(size);
    this.visits = new Uint32Array(size);
    this.pageviews = new Uint32Array(size);
    this.events = new Uint32Array(size);
    this.last = new Int32Array(size).fill(-1);
  }

  /** Counts one more in `field` under `key`, and `visitor` (≥ 0) if new to it; -1 counts no visitor. */
  add(key: number, visitor: number, field: Uint32Array): void {
    (field[key] as number)++;
    if (visitor >= 0 && this.last[key] !== visitor) {
      this.last[key] = visitor;
      (this.visitors[key] as number)++;
    }
  }

  /** Whether anything was counted under `key`. */
  protected counted(key: number): boolean {
    return this.visits[key] !== 0 || this.pageviews[key] !== 0 || this.events[key] !== 0;
  }

  protected countsOf(key: number): Counts {
    return {
      visitors: this.visitors[key] as number,
      visits: this.visits[key] as number,
      pageviews: this.pageviews[key] as number,
      events: this.events[key] as number,
    };
  }

  /** The keys counted, by name: `nameOf(id)` (ids whose name is null, and keys never counted, are left out). */
  toMap(nameOf: (id: number) => string | null | undefined): Map<string, Counts> {
    const counts = new Map<string, Counts>();
    for (let id = 0; id < this.visits.length; id++) {
      const name = nameOf(id);
      if (this.counted(id) && name !== null && name !== undefined) counts.set(name, this.countsOf(id));
    }
    return counts;
  }
}

/**
 * The hours of a day, by index: beside the counts, the bounces and summed durations of the visits that
 * started in each hour, so that an hour's ratios are those of its own visits.
 */
export class HourTally extends Tally {
  readonly bounces: Uint32Array;
  /** Summed in a busy hour, durations pass 2^32 ms; doubles hold whole numbers exactly up to 2^53. */
  readonly durationMs: Float64Array;

  constructor(size: number) {
    super(size);
    this.bounces = new Uint32Array(size);
    this.durationMs = new Float64Array(size);
  }

  /** Counts a visit that started in hour `key`. */
  addVisit(key: number, visitor: number, bounce: number, durationMs: number): void {
    this.add(key, visitor, this.visits);
    (this.bounces[key] as number) += bounce;
    (this.durationMs[key] as number) += durationMs;
  }

  /** The hours counted, by label (hours where nothing was counted are left out). */
  toTotals(labelOf: (id: number) => string | undefined): Map<string, Totals> {
    const hours = new Map<string, Totals>();
    for (let id = 0; id < this.visits.length; id++) {
      const label = labelOf(id);
      if (!this.counted(id) || label === undefined) continue;
      hours.set(label, {
        ...this.countsOf(id),
        bounces: this.bounces[id] as number,
        durationMs: this.durationMs[id] as number,
      });
    }
    return hours;
  }
}
