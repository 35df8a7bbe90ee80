import type { AuditAction, AuditActorKind } from '@footfall/contract';
import type { AuditEventRow } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import type { App } from '../types';
import { safeDetails } from './safe-details';
import { truncateIp } from './truncate-ip';

/** Who made a change, as the log keeps them: their kind, id and name and address at the time. */
export interface AuditActor {
  kind: AuditActorKind;
  id: number | null;
  name: string | null;
  email: string | null;
}

/** The system itself (scheduled work, a payment provider's webhook). */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', id: null, name: null, email: null };

/** What changed: the action, and where it is known the company, the thing changed, and small facts. */
export interface AuditEntry {
  action: AuditAction;
  /**
   * The company changed; by default the one the route's permission loaded (`companyOf`). `null` for an
   * account's own events, which belong to no company.
   */
  company?: { id: number; name: string } | null;
  target?: { type: string; id?: string | number | null; label?: string | null };
  /** Changed fields as `{from, to}`, or other small values; keys that name secrets are dropped. */
  details?: Record<string, unknown>;
}

export interface AuditLog {
  /** Records a change made by the request's caller, from the request's (truncated) address. */
  record(request: FastifyRequest, entry: AuditEntry): Promise<void>;
  /** Records a change made outside a request (or on another's behalf), from `ip` when there is one. */
  recordAs(actor: AuditActor, entry: AuditEntry, ip?: string | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log's writer (audit/audit-log.ts). */
    audit: AuditLog;
  }
}

/** An account as the actor of a change made before it holds a session (a sign-up, a sign-in's step). */
export function accountActor(
  kind: 'user' | 'admin',
  account: { id: number; name: string | null; email: string },
): AuditActor {
  return { kind, id: account.id, name: account.name, email: account.email };
}

/** The caller of a request as an actor; a request with no caller is the system's doing. */
export function actorOf(request: FastifyRequest): AuditActor {
  const caller = request.caller;
  if (caller?.kind === 'user') {
    return { kind: 'user', id: caller.user.id, name: caller.user.name, email: caller.user.email };
  }
  if (caller?.kind === 'admin') {
    return { kind: 'admin', id: caller.admin.id, name: caller.admin.name, email: caller.admin.email };
  }
  return SYSTEM_ACTOR;
}

/**
 * The one writer of audit entries, called by every route that changes a company or an account once the
 * change has succeeded. A failing write is logged as an error and does not fail the request: the change is
 * already made (and cannot be rolled back without interactive transactions), so an error answer would
 * tell the caller that it was not, and invite them to repeat it.
 */
export function createAuditLog(app: Pick<App, 'log' | 'now' | 'repos'>): AuditLog {
  async function write(actor: AuditActor, entry: AuditEntry, ip: string | null, request?: FastifyRequest) {
    const company = entry.company === undefined ? (request?.company ?? null) : entry.company;
    const row = {
      createdAt: app.now(),
      companyId: company?.id ?? null,
      companyName: company?.name ?? null,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id == null ? null : String(entry.target.id),
      targetLabel: entry.target?.label ?? null,
      details: safeDetails(entry.details ?? {}),
      ip: truncateIp(ip),
    };
    try {
      await app.repos.auditEvents.insert(row);
    } catch (error) {
      app.log.error(
        {
          err: error,
          action: row.action,
          companyId: row.companyId,
          actor: { kind: actor.kind, id: actor.id },
        },
        'audit: an entry could not be written',
      );
    }
  }
  return {
    record: (request, entry) => write(actorOf(request), entry, request.ip, request),
    recordAs: (actor, entry, ip = null) => write(actor, entry, ip),
  };
}

/** The position of a stored entry in the log's order, as a cursor: its time in ms and its id. */
export function auditCursor(row: Pick<AuditEventRow, 'createdAt' | 'id'>): string {
  return `${row.createdAt.getTime()}.${row.id}`;
}
