import type { Database } from 'better-sqlite3';
import type { TrackingBatch } from '../repos/tracking';

/** A batch as flat lists of statement parameters: what the writer thread receives. */
export interface PackedBatch {
  events: unknown[];
  sessions: unknown[];
  botHits: unknown[];
  usage: unknown[];
}

export function packTrackingBatch(batch: TrackingBatch): PackedBatch;
export function prepareTrackingWriter(client: Database): (batch: PackedBatch) => void;
