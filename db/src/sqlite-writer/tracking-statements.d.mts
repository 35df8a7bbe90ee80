import type { Database } from 'better-sqlite3';
import type { TrackingBatch } from '../repos/tracking';

export function prepareTrackingWriter(client: Database): (batch: TrackingBatch) => void;
