import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp as pgTimestamp,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// PostgreSQL schema: the mirror of `sqlite.ts`, export for export and column for column (the schema-parity
// test fails when the two drift). Columns use the modes that give the same JS types as on SQLite: `Date`
// timestamps, `boolean`s and `string[]` JSON.

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const timestamp = (name: string) => pgTimestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date());
const bool = (name: string) => boolean(name);
const stringList = (name: string) => jsonb(name).$type<string[]>();
// Binary data as a Node Buffer, like SQLite's blob column in buffer mode.
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
// Rows that belong to either a user or an admin carry exactly the id that their `kind` names.
const subjectMatchesKind = () =>
  sql`("kind" = 'user' and "user_id" is not null and "admin_id" is null) or ("kind" = 'admin' and "admin_id" is not null and "user_id" is null)`;

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at'),
  suspendedAt: timestamp('suspended_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const admins = pgTable('admins', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const plans = pgTable(
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

export const companies = pgTable(
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
    // The directory's category ("Software", "Shop"…), free text set by the owner or an admin.
    category: text('category'),
    // The site's own retention in days, at most its plan's; null keeps the plan's. The retention pass uses
    // the smaller of the two, so a move to a plan that keeps less never keeps data longer than it allows.
    retentionDays: integer('retention_days'),
    // Set by an admin: a suspended company is out of the directory and its tracking answers 403.
    suspendedAt: timestamp('suspended_at'),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('companies_plan_id_idx').on(t.planId)],
);

export const memberships = pgTable(
  'memberships',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'viewer'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pk', columns: [t.companyId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId),
    // Exactly one owner per company: a transfer demotes the old owner before it promotes the new one.
    uniqueIndex('memberships_single_owner').on(t.companyId).where(sql`"role" = 'owner'`),
    check('memberships_role_check', sql`"role" in ('owner', 'admin', 'viewer')`),
  ],
);

// Pending invitations to join a company. The link's token is random and only its SHA-256 is kept; accepting
// or revoking an invitation deletes its row, so a used link is simply unknown.
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'viewer'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending invitation per address and company: inviting again renews it.
    uniqueIndex('invitations_company_email').on(t.companyId, t.email),
    index('invitations_email_idx').on(t.email),
    check('invitations_role_check', sql`"role" in ('admin', 'viewer')`),
  ],
);

// A company's goals (docs/api.md "Analytics"): a custom event (optionally with one property equal to a value) or a
// pageview whose path matches a pattern (`*` within a segment, `**` across). Exactly one of the two is set.
export const goals = pgTable(
  'goals',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    eventName: text('event_name'),
    pagePath: text('page_path'),
    propKey: text('prop_key'),
    propValue: text('prop_value'),
    /** An event goal's currency (ISO 4217): its events' `revenue` property is summed in it. */
    revenueCurrency: text('revenue_currency'),
    createdAt: createdAt(),
  },
  (t) => [
    index('goals_company_id_idx').on(t.companyId),
    check(
      'goals_kind_check',
      sql`("event_name" is not null and "page_path" is null) or ("event_name" is null and "page_path" is not null and "prop_key" is null)`,
    ),
    check('goals_prop_check', sql`("prop_key" is null) = ("prop_value" is null)`),
  ],
);

// A company's funnels (docs/api.md "Funnels"): goals a visit converts on in order, as a JSON array of 2 to 8
// goal ids of the same company. Deleting a goal deletes the funnels that name it (repos/companies/goals.ts).
export const funnels = pgTable(
  'funnels',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('funnels_company_id_idx').on(t.companyId)],
);

// A company's saved segments (docs/api.md "Segments"): a name and a set of the analytics detail's filters, as
// a JSON object from filter name to value. Not `segments`: a day segment is a packed day of analytics.
export const savedSegments = pgTable(
  'saved_segments',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_segments_company_id_idx').on(t.companyId)],
);

// Notes on a company's chart (docs/api.md "Annotations"): a local calendar date (`YYYY-MM-DD`, the company's time
// zone) or a range of them. The author's name is kept with the note, so that it still says who wrote it when
// the account is gone; while the account exists its current name is answered.
export const annotations = pgTable(
  'annotations',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    endDate: text('end_date'),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('annotations_company_id_date_idx').on(t.companyId, t.date)],
);

// Members' e-mail report subscriptions (docs/api.md "E-mail reports"), one row per member and site. A kind's
// `…_since` is when the member last turned it on (null: off); no report is sent for a period that ended
// before it. The row belongs to the membership: leaving the site or deleting the account deletes it.
export const emailReportSubscriptions = pgTable(
  'email_report_subscriptions',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    weeklySince: timestamp('weekly_since'),
    monthlySince: timestamp('monthly_since'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'email_report_subscriptions_pk', columns: [t.companyId, t.userId] }),
    foreignKey({
      name: 'email_report_subscriptions_membership_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

// One row per report a member is due (member, site, kind, first day of the period), inserted before the mail
// is sent: the unique key is the claim that makes a report go out once, whichever server sends it. A claim
// lasts until `claimed_until`; a sender that crashed leaves it to expire and be claimed again. `attempts`
// counts claims; a failed one waits until `next_attempt_at` (scheduler/backoff.ts).
export const emailReportDeliveries = pgTable(
  'email_report_deliveries',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['weekly', 'monthly'] }).notNull(),
    periodStart: text('period_start').notNull(),
    status: text('status', { enum: ['sending', 'retry', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull(),
    claimedUntil: timestamp('claimed_until'),
    nextAttemptAt: timestamp('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_report_deliveries_report').on(t.userId, t.companyId, t.kind, t.periodStart),
    index('email_report_deliveries_company_id_idx').on(t.companyId),
    index('email_report_deliveries_period_start_idx').on(t.periodStart),
    check('email_report_deliveries_kind_check', sql`"kind" in ('weekly', 'monthly')`),
    check('email_report_deliveries_status_check', sql`"status" in ('sending', 'retry', 'sent', 'failed')`),
  ],
);

// Sign-in sessions of users and admins (`sessions` is kept for the visitor sessions of analytics).
// Exactly one of user_id and admin_id is set, matching `kind`.
export const authSessions = pgTable(
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
    // Networks, never addresses (docs/api.md "Sessions"): the server keeps an IPv4 address's /24 (last
    // number 0) and an IPv6 address's /48, enough for an owner to recognise a place, not to name a device.
    /** The network it signed in from. */
    ip: text('ip'),
    /** The network it was last used from; moves with `last_used_at`. */
    lastUsedIp: text('last_used_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('auth_sessions_user_id_idx').on(t.userId),
    index('auth_sessions_admin_id_idx').on(t.adminId),
    check('auth_sessions_subject_check', subjectMatchesKind()),
  ],
);

// A user's accounts at the OpenID provider (docs/api.md "Single sign-on"): a sign-in finds its user by
// (issuer, subject), which the provider never reassigns, so an address changed on either side keeps the link.
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    primaryKey({ name: 'oidc_identities_pk', columns: [t.issuer, t.subject] }),
    index('oidc_identities_user_id_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
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

// Two-factor sign-in (TOTP, RFC 6238) of users and admins (docs/api.md "Two-factor sign-in"): at most one
// row per account. The secret is encrypted by the server (AES-256-GCM, server/src/auth/two-factor/); a row
// without `enabled_at` is an enrolment waiting for its first code. `last_step` is the time step of the last
// code accepted: a code is taken only for a newer step, so no code works twice.
export const twoFactorSecrets = pgTable(
  'two_factor_secrets',
  {
    id: id(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    enabledAt: timestamp('enabled_at'),
    lastStep: integer('last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('two_factor_secrets_user_id_idx').on(t.userId),
    uniqueIndex('two_factor_secrets_admin_id_idx').on(t.adminId),
    check('two_factor_secrets_subject_check', subjectMatchesKind()),
  ],
);

// Single-use recovery codes of an account with two-factor sign-in, stored as SHA-256 digests only.
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('two_factor_recovery_codes_user_id_idx').on(t.userId),
    index('two_factor_recovery_codes_admin_id_idx').on(t.adminId),
    check('two_factor_recovery_codes_subject_check', subjectMatchesKind()),
  ],
);

// The second step of a sign-in: issued when the password was right, redeemed once with a code (`sign_in`),
// or, for an admin who must enrol first, with the first code of a new enrolment (`setup`).
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: id(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['sign_in', 'setup'] }).notNull(),
    remember: bool('remember').notNull(),
    attempts: integer('attempts').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [
    index('two_factor_challenges_user_id_idx').on(t.userId),
    index('two_factor_challenges_admin_id_idx').on(t.adminId),
    index('two_factor_challenges_expires_at_idx').on(t.expiresAt),
    check('two_factor_challenges_subject_check', subjectMatchesKind()),
    check('two_factor_challenges_purpose_check', sql`"purpose" in ('sign_in', 'setup')`),
  ],
);

// Fixed-window counters keyed by the caller (e.g. `login:<email>:<ip>`); see repos/rate-limits.ts.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

// Leases of the scheduler's tasks (server/src/scheduler): a task runs where its lease was taken, and the lease
// lasts until the task is next due, so that servers sharing the database run each task once per interval.
export const schedulerLeases = pgTable('scheduler_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
});

// Secrets that every server of one database must share, made by whichever server starts first (the
// signing key of tokens when JWT_SECRET is not set): kept here rather than in one server's data directory.
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ---- Tracking (docs/api.md "Ingestion"). Visitor ids and session ids are 48-bit integers made by the server; no raw IP
// or user agent is stored anywhere.

/** Event kinds as stored: small integers keep the largest table small. See `EVENT_KINDS`. */
const eventKind = () => smallint('kind').notNull();

/** Where a visit came from and who made it (`VisitOrigin`): kept with every visit and every test event. */
const visitOrigin = () => ({
  source: text('source').notNull(),
  referrer: text('referrer'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  utmContent: text('utm_content'),
  utmTerm: text('utm_term'),
  country: text('country'),
  browser: text('browser'),
  os: text('os'),
  device: text('device', { enum: ['desktop', 'mobile', 'tablet'] }).notNull(),
  language: text('language'),
});

// One random salt per company and local calendar day. Visitor ids hash it, so they change at each
// company's midnight and cannot be linked across days; salts of past days are deleted.
export const visitorSalts = pgTable(
  'visitor_salts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    salt: text('salt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'visitor_salts_pk', columns: [t.companyId, t.day] })],
);

// Every stored pageview, custom event and engagement ping. Visit-level facts (source, UTM, country,
// browser…) live once per visit in `sessions`, not on every event.
export const events = pgTable(
  'events',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ts: timestamp('ts').notNull(),
    kind: eventKind(),
    name: text('name'),
    hostname: text('hostname').notNull(),
    pathname: text('pathname').notNull(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean>>(),
    engagedMs: integer('engaged_ms'),
    scrollDepth: integer('scroll_depth'),
  },
  (t) => [
    index('events_company_ts_idx').on(t.companyId, t.ts),
    check('events_kind_check', sql`"kind" in (1, 2, 3)`),
  ],
);

// Visits: 30 minutes without activity end one. Kept current as events arrive, so visit questions
// (entry and exit pages, bounce, duration, sources) never need an events scan.
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at').notNull(),
    lastActivityAt: timestamp('last_activity_at').notNull(),
    hostname: text('hostname').notNull(),
    entryPage: text('entry_page').notNull(),
    exitPage: text('exit_page').notNull(),
    pageviews: integer('pageviews').notNull(),
    events: integer('events').notNull(),
    engagedMs: integer('engaged_ms').notNull(),
    isBounce: bool('is_bounce').notNull(),
    ...visitOrigin(),
  },
  (t) => [
    index('sessions_company_started_idx').on(t.companyId, t.startedAt),
    // Realtime visitors, the freshness of today's rollup, and the visits still open when the server
    // starts (so that a restart does not split them), each a range per company.
    index('sessions_company_activity_idx').on(t.companyId, t.lastActivityAt),
    check('sessions_device_check', sql`"device" in ('desktop', 'mobile', 'tablet')`),
  ],
);

// The visit each visitor has open, shared by every server on one PostgreSQL: a group commit upserts its
// visitors here first and takes the visit it finds still open, so that a visitor whose requests reach
// several servers keeps one visit (server/src/ingest/continued-visits.ts). Rows lock in key order, one per
// visitor; maintenance deletes the ones idle for a day. SQLite is one server and keeps open visits in
// memory, writing here only those that leave a full memory (server/src/ingest/evicted-visits.ts).
export const openVisits = pgTable(
  'open_visits',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at').notNull(),
    lastActivityAt: timestamp('last_activity_at').notNull(),
    // The visit's exit page and when it was viewed: an engagement ping moves the activity, not the exit.
    exitPage: text('exit_page').notNull(),
    exitAt: timestamp('exit_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'open_visits_pk', columns: [t.companyId, t.visitorId] }),
    index('open_visits_activity_idx').on(t.lastActivityAt),
  ],
);

// Events sent from the dashboard's test page: test traffic, kept apart so that it counts in no figure
// (analytics, usage, quota, widget, exports), yet shows in the test page's own feed. Each row carries its
// visit's attributes, as the feed shows them; nothing else reads these rows, and they live a day.
export const testEvents = pgTable(
  'test_events',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ts: timestamp('ts').notNull(),
    kind: eventKind(),
    name: text('name'),
    hostname: text('hostname').notNull(),
    pathname: text('pathname').notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean>>(),
    engagedMs: integer('engaged_ms'),
    scrollDepth: integer('scroll_depth'),
    visitId: bigint('visit_id', { mode: 'number' }).notNull(),
    visitStartedAt: timestamp('visit_started_at').notNull(),
    entryPage: text('entry_page').notNull(),
    ...visitOrigin(),
  },
  (t) => [
    // The test page's feed reads a company's newest; the hourly pass deletes those over a day old.
    index('test_events_company_ts_idx').on(t.companyId, t.ts),
    index('test_events_ts_idx').on(t.ts),
    check('test_events_kind_check', sql`"kind" in (1, 2, 3)`),
    check('test_events_device_check', sql`"device" in ('desktop', 'mobile', 'tablet')`),
  ],
);

// Hits dropped as bots, per company and local day (docs/api.md "Analytics" `data.filtered.bots`).
export const botHits = pgTable(
  'bot_hits',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ name: 'bot_hits_pk', columns: [t.companyId, t.day] })],
);

// Stored pageviews and custom events per company and local calendar month ('YYYY-MM'), against the plan's
// quota. Kept by the ingestion writer in the same transaction as the events; imports do not count.
export const monthlyUsage = pgTable(
  'monthly_usage',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ name: 'monthly_usage_pk', columns: [t.companyId, t.month] })],
);

// ---- Stats API (docs/api.md "Stats API, keys and usage").

// Keys for `GET /api/v1/stats/{company_id}`. The secret itself is never stored: `secret_hash` is its SHA-256
// (see server/src/stats-api/api-key-secret.ts for why a fast hash is right here), and `prefix` (its first
// 12 characters) lets people tell keys apart. Revoked keys are kept, so the report's history stays explained.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at'),
    revokedAt: timestamp('revoked_at'),
  },
  (t) => [index('api_keys_company_id_idx').on(t.companyId)],
);

// Stats-API calls per company, local calendar day and endpoint pattern (`GET /api/v1/stats/:company_id`).
// The server counts calls in memory and adds its counts here every few seconds, so a call costs no write.
export const apiCallCounts = pgTable(
  'api_call_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    endpoint: text('endpoint').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ name: 'api_call_counts_pk', columns: [t.companyId, t.day, t.endpoint] })],
);

// ---- Analytics (docs/api.md "Analytics").

// The unfiltered sums of one company's local day (visitors, visits, pageviews, bounces, duration, hours and
// every breakdown), as compact JSON. Built from the raw visits and events the first time a query needs
// them, rebuilt while the day is still receiving events, deleted when an import touches the day or the
// company's time zone changes. They outlive the raw rows that retention deletes.
export const dailyRollups = pgTable(
  'daily_rollups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    builtAt: timestamp('built_at').notNull(),
    stats: text('stats').notNull(),
    // New at every write of the row (`revision-cache.ts`): a copy held in memory is current while it matches.
    revision: integer('revision').notNull().default(0),
    // The day's totals out of `stats`, written with it, so that platform-wide reads (the admin overview's
    // daily events) take plain numbers instead of decoding the JSON.
    visitors: integer('visitors').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    pageviews: integer('pageviews').notNull().default(0),
    events: integer('events').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_rollups_pk', columns: [t.companyId, t.day] })],
);

// See `sqlite.ts`: one company's ended local day, packed column by column.
export const daySegments = pgTable(
  'day_segments',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at').notNull(),
    endsAt: timestamp('ends_at').notNull(),
    visits: integer('visits').notNull(),
    events: integer('events').notNull(),
    // New at every write of the row (`revision-cache.ts`): a copy held in memory is current while it matches.
    revision: integer('revision').notNull().default(0),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'day_segments_pk', columns: [t.companyId, t.startsAt] })],
);

// ---- Public site, billing (docs/api.md "Plans and billing" and "Public site: blog, directory, newsletter").

// Blog posts written by admins in Markdown. `body_html` is rendered and sanitized on the server when the
// post is saved, so a read serves stored HTML and a reader's browser never parses the Markdown. A post with
// no `published_at` is a draft, seen by admins only.
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    bodyHtml: text('body_html').notNull(),
    coverUrl: text('cover_url'),
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    publishedAt: timestamp('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_at_idx').on(t.publishedAt)],
);

// The footer's newsletter addresses, stored once each (lower-cased).
export const subscribers = pgTable('subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

// A checkout started by a company user for a plan. `id` is ours and public (it travels in the success URL);
// `external_id` is the payment provider's own session id, when the provider is not the built-in test one.
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    externalId: text('external_id').unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'complete', 'canceled', 'expired'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    completedAt: timestamp('completed_at'),
  },
  (t) => [
    index('checkout_sessions_company_id_idx').on(t.companyId),
    check('checkout_sessions_status_check', sql`"status" in ('open', 'complete', 'canceled', 'expired')`),
    check('checkout_sessions_provider_check', sql`"provider" in ('test', 'stripe')`),
  ],
);

// Every change of a company's plan, by checkout or by an admin: the history billing questions are answered
// from. Plans are never deleted (only deactivated), so both ids stay meaningful.
export const planChanges = pgTable(
  'plan_changes',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fromPlanId: integer('from_plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    toPlanId: integer('to_plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['checkout', 'admin'] }).notNull(),
    checkoutSessionId: text('checkout_session_id').references(() => checkoutSessions.id, {
      onDelete: 'set null',
    }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('plan_changes_company_id_idx').on(t.companyId),
    check('plan_changes_source_check', sql`"source" in ('checkout', 'admin')`),
  ],
);

// ---- Alerts (docs/api.md "Alerts and webhooks").

// Where a company's alert messages go: e-mail addresses (comma-separated), a Slack incoming webhook or a
// generic webhook. A webhook's signing secret (`whsec_…`) is made at creation and signs every POST.
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['email', 'slack', 'webhook'] }).notNull(),
    target: text('target').notNull(),
    secret: text('secret'),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_channels_company_id_idx').on(t.companyId),
    check('alert_channels_kind_check', sql`"kind" in ('email', 'slack', 'webhook')`),
  ],
);

// A company's alert rules and what each last did: `firing` while a spike or a drop lasts (it re-arms when it
// ends), `fired_at` for the spike's cool-down, `fired_on` the local day a goal rule last fired.
export const alertRules = pgTable(
  'alert_rules',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['spike', 'drop', 'goal'] }).notNull(),
    threshold: integer('threshold').notNull(),
    goalId: integer('goal_id').references(() => goals.id, { onDelete: 'cascade' }),
    eventName: text('event_name'),
    enabled: bool('enabled').notNull(),
    firing: bool('firing').notNull().default(false),
    firedAt: timestamp('fired_at'),
    firedOn: text('fired_on'),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_rules_company_id_idx').on(t.companyId),
    check('alert_rules_kind_check', sql`"kind" in ('spike', 'drop', 'goal')`),
  ],
);

// Which channels a rule's messages go to; deleting either side deletes the link.
export const alertRuleChannels = pgTable(
  'alert_rule_channels',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'alert_rule_channels_pk', columns: [t.ruleId, t.channelId] }),
    index('alert_rule_channels_channel_id_idx').on(t.channelId),
  ],
);

// The outbox of alert messages, one row per channel and message, and the channel's delivery log. A sender
// claims a due row (`claimed_until`) before sending, so that servers sharing the database send it once.
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['alert', 'test'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    responseStatus: integer('response_status'),
    nextAttemptAt: timestamp('next_attempt_at'),
    claimedUntil: timestamp('claimed_until'),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_deliveries_channel_idx').on(t.channelId, t.createdAt),
    index('alert_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('alert_deliveries_company_id_idx').on(t.companyId),
    check('alert_deliveries_kind_check', sql`"kind" in ('alert', 'test')`),
    check('alert_deliveries_status_check', sql`"status" in ('pending', 'sent', 'failed')`),
  ],
);

// Shared links (docs/api.md "Shared links"): a read-only view of a company's dashboard for people without an
// account. The token is kept as it is, since owners copy the link again from the list; the optional password
// only as a scrypt hash. Revoking deletes the row, so a revoked token names nothing.
export const sharedLinks = pgTable(
  'shared_links',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    token: text('token').notNull().unique(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [index('shared_links_company_id_idx').on(t.companyId)],
);

// The audit log (docs/api.md "Audit log"): who changed what in a company or an account. No foreign keys:
// an entry outlives its company (the deletion's own entry above all) and its actor, so the names are kept
// as they were. `ip` is already truncated (/24, /48). Entries older than a year are pruned hourly.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    createdAt: createdAt(),
    companyId: integer('company_id'),
    companyName: text('company_name'),
    actorKind: text('actor_kind', { enum: ['user', 'admin', 'api_key', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_company_created_idx').on(t.companyId, t.createdAt),
    index('audit_events_created_idx').on(t.createdAt),
    check('audit_events_actor_kind_check', sql`"actor_kind" in ('user', 'admin', 'api_key', 'system')`),
  ],
);
