import { AUDIT_LOG_RETENTION_DAYS } from '@footfall/contract';
import type { App } from '../types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: small enough that a year's backlog never locks the table for long. */
export const AUDIT_PRUNE_BATCH = 1000;
/** Batches per maintenance pass; what is left waits for the next hour. */
const MAX_BATCHES = 100;

/**
 * Deletes the audit entries older than the year the privacy policy promises (`AUDIT_LOG_RETENTION_DAYS`),
 * oldest first, in batches; answers how many went.
 */
export async function pruneAuditLog(app: Pick<App, 'now' | 'repos'>): Promise<number> {
  const before = new Date(app.now().getTime() - AUDIT_LOG_RETENTION_DAYS * DAY_MS);
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const deleted = await app.repos.auditEvents.pruneBatch(before, AUDIT_PRUNE_BATCH);
    total += deleted;
    if (deleted < AUDIT_PRUNE_BATCH) break;
  }
  return total;
}
