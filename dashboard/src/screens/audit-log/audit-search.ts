import { type AdminAuditLogQuery, AUDIT_ACTION_GROUPS, AUDIT_ACTIONS } from '@footfall/contract';

// The audit log's filters live in the URL (`?action=member.&actor=3&from=…&to=…`), validated at the route
// and again in its loader; what the server would refuse is dropped here, so a hand-edited URL shows the
// whole log rather than an error.

export interface AuditSearch {
  /** An action, or a group with its dot (`member.`). */
  action?: string;
  /** A user's id. */
  actor?: number;
  from?: string;
  to?: string;
  /** The admin log's company filter. */
  company_id?: number;
}

const MAX_ID = 2 ** 31 - 1;

function id(raw: unknown): number | undefined {
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_ID ? value : undefined;
}

function day(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const parsed = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(raw) ? raw : undefined;
}

export function isAuditActionFilter(value: string): boolean {
  if (value.endsWith('.')) return AUDIT_ACTION_GROUPS.includes(value.slice(0, -1));
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const action = typeof raw.action === 'string' && isAuditActionFilter(raw.action) ? raw.action : undefined;
  const actor = id(raw.actor);
  const companyId = id(raw.company_id);
  let from = day(raw.from);
  let to = day(raw.to);
  // Days given the wrong way round are read the right way round.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    ...(action && { action }),
    ...(actor && { actor }),
    ...(from && { from }),
    ...(to && { to }),
    ...(companyId && { company_id: companyId }),
  };
}

/** How many entries a page of the screen asks for. */
export const AUDIT_PAGE_SIZE = 50;

/** The API query of a page of the log under these filters. */
export function auditQuery(search: AuditSearch, cursor?: string): AdminAuditLogQuery {
  return { ...search, limit: AUDIT_PAGE_SIZE, ...(cursor && { cursor }) };
}
