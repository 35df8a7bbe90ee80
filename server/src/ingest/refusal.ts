import type { DropReason } from './types';

/** The drop reasons that refuse a whole request rather than leaving one event out. */
export type RefusingReason = Exclude<DropReason, 'bot' | 'no_visit'>;

/**
 * A request the ingestion refuses, and why (docs/api.md "Ingestion"): the pipeline says so in its own
 * terms, and the route answers it in HTTP's. `retryAfterMs` is how long to wait before trying again (0: it
 * will not help).
 */
export class IngestRefusal extends Error {
  override name = 'IngestRefusal';
  constructor(
    readonly reason: RefusingReason,
    readonly retryAfterMs = 0,
  ) {
    super(`ingestion refused: ${reason}`);
  }
}
