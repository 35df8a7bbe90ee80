import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_LOG_DEFAULT_LIMIT,
  type AuditAction,
  type AuditEvent,
  type AuditLogQuery,
} from '@footfall/contract';
import type { AuditEventFilter, AuditEventRow } from '@footfall/db';
import { fieldError } from '../errors';
import { auditCursor } from './audit-log';

const DAY_MS = 24 * 60 * 60 * 1000;
const LATEST_CURSOR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** `action=goal.created` names one action, `action=goal.` its whole group; anything else is 422. */
function actionsOf(action: string): readonly AuditAction[] {
  if (action.endsWith('.') && AUDIT_ACTION_GROUPS.includes(action.slice(0, -1))) {
    return AUDIT_ACTIONS.filter((known) => known.startsWith(action));
  }
  if ((AUDIT_ACTIONS as readonly string[]).includes(action)) return [action as AuditAction];
  throw fieldError(
    'action',
    'Choose an action of the audit log (such as goal.created) or a group of them (such as member.).',
  );
}

/** A `YYYY-MM-DD` (already checked as a calendar date by the schema) as the UTC midnight that starts it. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The query string of an audit-log read as a repository filter (without the company) and a page size. */
export function auditLogFilter(query: AuditLogQuery): { filter: AuditEventFilter; limit: number } {
  const since = query.from === undefined ? undefined : startOfDay(query.from);
  const until = query.to === undefined ? undefined : new Date(startOfDay(query.to).getTime() + DAY_MS);
  if (since && until && since >= until) {
    throw fieldError('to', 'The to field must be a date after or equal to from.');
  }
  let after: AuditEventFilter['after'];
  if (query.cursor !== undefined) {
    const [ms = '', id = ''] = query.cursor.split('.');
    // The schema admits up to 15 digits of ms; a time past the year 9999 is no cursor the server gave, and
    // PostgreSQL's driver cannot write it as a timestamp.
    if (Number(ms) > LATEST_CURSOR_MS)
      throw fieldError('cursor', 'Pass back the cursor of the previous page.');
    after = { createdAt: new Date(Number(ms)), id: Number(id) };
  }
  return {
    filter: {
      ...(query.action !== undefined && { actions: actionsOf(query.action) }),
      ...(query.actor !== undefined && { actorUserId: query.actor }),
      ...(since && { since }),
      ...(until && { until }),
      ...(after && { after }),
    },
    limit: query.limit ?? AUDIT_LOG_DEFAULT_LIMIT,
  };
}

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    company_id: row.companyId,
    company_name: row.companyName,
    actor: { kind: row.actorKind, id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action as AuditAction,
    target:
      row.targetType === null ? null : { type: row.targetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
    ip: row.ip,
  };
}

/** A page of entries read with one extra row: the page, and the cursor of its last entry when more follow. */
export function auditPage(
  rows: AuditEventRow[],
  limit: number,
): { data: AuditEvent[]; meta: { cursor: string | null } } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(presentAuditEvent),
    meta: { cursor: rows.length > limit && last ? auditCursor(last) : null },
  };
}
