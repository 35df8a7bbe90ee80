import { type Static, Type } from '@sinclair/typebox';
import { Nullable, ResourceId, Timestamp } from './common';

// The audit log (docs/api.md "Audit log"): who changed what in a company or an account, when, and from
// which (truncated) address. Kept a year.

/**
 * Every action the log records, as `group.verb`. A closed list: the server refuses to record anything
 * else, and the dashboard has a sentence for each. Some are reserved for features that record them as
 * they arrive (two-factor sign-in, single sign-on, per-site retention, data export and range deletion).
 */
export const AUDIT_ACTIONS = [
  'site.created',
  'site.updated',
  'site.deleted',
  'site.suspended',
  'site.unsuspended',
  'site.retention_changed',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'ownership.transferred',
  'api_key.created',
  'api_key.revoked',
  'goal.created',
  'goal.updated',
  'goal.deleted',
  'funnel.created',
  'funnel.deleted',
  'segment.created',
  'segment.updated',
  'segment.deleted',
  'shared_link.created',
  'shared_link.revoked',
  'annotation.created',
  'annotation.deleted',
  'alert.created',
  'alert.updated',
  'alert.deleted',
  'alert_channel.created',
  'alert_channel.updated',
  'alert_channel.deleted',
  'email_report.changed',
  'import.completed',
  'plan.changed',
  'data.exported',
  'data.deleted_range',
  'account.name_changed',
  'account.email_changed',
  'account.password_changed',
  'account.password_reset',
  'account.session_revoked',
  'account.sessions_revoked',
  'account.deleted',
  'account.suspended',
  'account.unsuspended',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'account.recovery_codes_regenerated',
  'account.recovery_code_used',
  'account.sso_linked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The groups of actions (`member`, `api_key`, …): a filter may name one as `member.` to read all of its actions. */
export const AUDIT_ACTION_GROUPS = [
  ...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0] as string)),
];

/** The actions whose subject is an account rather than a company: their entries have no company. */
export const isAccountAction = (action: AuditAction): boolean => action.startsWith('account.');

export const AUDIT_ACTOR_KINDS = ['user', 'admin', 'api_key', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** The most entries one page of the log holds. */
export const AUDIT_LOG_MAX_LIMIT = 100;
export const AUDIT_LOG_DEFAULT_LIMIT = 50;
/** How long entries are kept before the hourly maintenance deletes them. */
export const AUDIT_LOG_RETENTION_DAYS = 365;

/** A changed field: what it was and what it became. */
export const AuditChange = Type.Object({ from: Type.Unknown(), to: Type.Unknown() });
export type AuditChange = Static<typeof AuditChange>;

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  created_at: Timestamp,
  /** Null for an account's own events. The company may be deleted since: `company_name` is kept. */
  company_id: Nullable(Type.Integer()),
  company_name: Nullable(Type.String()),
  actor: Type.Object({
    kind: Type.Unsafe<AuditActorKind>({ type: 'string', enum: [...AUDIT_ACTOR_KINDS] }),
    /** The user's, admin's or API key's id; null for the system. */
    id: Nullable(Type.Integer()),
    /** Their name and address when the entry was written. */
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
  }),
  action: Type.Unsafe<AuditAction>({ type: 'string', enum: [...AUDIT_ACTIONS] }),
  /** What was changed: its kind (`goal`, `member`, …), its id and a readable label as it was then. */
  target: Nullable(
    Type.Object({ type: Type.String(), id: Nullable(Type.String()), label: Nullable(Type.String()) }),
  ),
  /**
   * Small facts about the change: changed fields as `{from, to}`, or values such as the role given. Never
   * a password, secret, token or key.
   */
  details: Type.Record(Type.String(), Type.Unknown()),
  /** The caller's address, truncated: an IPv4 address to its /24 (last number 0), an IPv6 one to its /48. */
  ip: Nullable(Type.String()),
});
export type AuditEvent = Static<typeof AuditEvent>;

const AuditCursor = Type.String({ pattern: '^[0-9]{1,15}\\.[0-9]{1,10}$', maxLength: 30 });

/** `action`: an action (`goal.created`) or a group with its dot (`goal.`). */
const ActionFilter = Type.String({ maxLength: 60 });

export const AuditLogQuery = Type.Object({
  action: Type.Optional(ActionFilter),
  /** A user's id: their entries only. */
  actor: Type.Optional(ResourceId),
  /** The first and last day, `YYYY-MM-DD` in UTC, both included. */
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LOG_MAX_LIMIT })),
  /** The `meta.cursor` of the previous page: the entries older than its last. */
  cursor: Type.Optional(AuditCursor),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AdminAuditLogQuery = Type.Composite([
  AuditLogQuery,
  Type.Object({ company_id: Type.Optional(ResourceId) }),
]);
export type AdminAuditLogQuery = Static<typeof AdminAuditLogQuery>;

export const AuditLogAnswer = Type.Object({
  data: Type.Array(AuditEvent),
  /** `cursor`: pass it back for the next (older) page; null when this page is the last. */
  meta: Type.Object({ cursor: Nullable(Type.String()) }),
});
export type AuditLogAnswer = Static<typeof AuditLogAnswer>;
