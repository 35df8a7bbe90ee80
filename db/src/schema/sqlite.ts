import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// SQLite schema. `postgres.ts` mirrors it export for export and column for column; the schema-parity test
// fails when the two drift. Timestamps are integer milliseconds so that JS `Date`s round-trip exactly and
// later analytics tables can compare them with plain integer arithmetic.

const id = () => integer('id').primaryKey({ autoIncrement: true });
const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date());
const bool = (name: string) => integer(name, { mode: 'boolean' });
const stringList = (name: string) => text(name, { mode: 'json' }).$type<string[]>();
// Rows that belong to either a user or an admin carry exactly the id that their `kind` names.
const subjectMatchesKind = () =>
  sql`("kind" = 'user' and "user_id" is not null and "admin_id" is null) or ("kind" = 'admin' and "admin_id" is not null and "user_id" is null)`;

export const users = sqliteTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at'),
  suspendedAt: timestamp('suspended_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const admins = sqliteTable('admins', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const plans = sqliteTable(
  'plans',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    eventsQuota: integer('events_quota').notNull(),
    apiCallsQuota: integer('api_calls_quota').notNull(),
    retentionDays: integer('retention_days').notNull(),
    features: stringList('features').notNull().default([]),
    isDefault: bool('is_default').notNull().default(false),
    active: bool('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one default plan: new companies land on it, so two would make registration ambiguous.
    uniqueIndex('plans_single_default').on(t.isDefault).where(sql`"is_default"`),
    check('plans_interval_check', sql`"interval" in ('month', 'year')`),
  ],
);

export const companies = sqliteTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    website: text('website'),
    domains: stringList('domains').notNull().default([]),
    timezone: text('timezone').notNull().default('UTC'),
    trackingKey: text('tracking_key').notNull().unique(),
    publicStats: bool('public_stats').notNull().default(false),
    listed: bool('listed').notNull().default(false),
    description: text('description'),
    logoUrl: text('logo_url'),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('companies_plan_id_idx').on(t.planId)],
);

export const memberships = sqliteTable(
  'memberships',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pk', columns: [t.companyId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId),
    check('memberships_role_check', sql`"role" in ('owner', 'member')`),
  ],
);

// Sign-in sessions of users and admins (`sessions` is kept for the visitor sessions of analytics).
// Exactly one of user_id and admin_id is set, matching `kind`.
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    remember: bool('remember').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at')
      .notNull()
      .$defaultFn(() => new Date()),
    expiresAt: timestamp('expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('auth_sessions_user_id_idx').on(t.userId),
    index('auth_sessions_admin_id_idx').on(t.adminId),
    check('auth_sessions_subject_check', subjectMatchesKind()),
  ],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: id(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [
    index('password_reset_tokens_user_id_idx').on(t.userId),
    index('password_reset_tokens_admin_id_idx').on(t.adminId),
    check('password_reset_tokens_subject_check', subjectMatchesKind()),
  ],
);

// Fixed-window counters keyed by the caller (e.g. `login:<email>:<ip>`); see repos/rate-limits.ts.
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);
