import type {
  admins,
  alertChannels,
  alertDeliveries,
  alertRules,
  annotations,
  apiCallCounts,
  apiKeys,
  auditEvents,
  authSessions,
  blogPosts,
  botHits,
  checkoutSessions,
  companies,
  dailyRollups,
  emailReportDeliveries,
  emailReportSubscriptions,
  events,
  funnels,
  goals,
  invitations,
  memberships,
  monthlyUsage,
  oidcIdentities,
  passwordResetTokens,
  planChanges,
  plans,
  rateLimits,
  savedSegments,
  sessions,
  sharedLinks,
  subscribers,
  users,
  visitorSalts,
} from './sqlite';

// Row types, inferred from the SQLite schema; the PostgreSQL one yields the same select types (checked at
// compile time by schema-parity.test.ts).

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Admin = typeof admins.$inferSelect;
export type NewAdmin = typeof admins.$inferInsert;
export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
export type AuthSession = typeof authSessions.$inferSelect;
export type NewAuthSession = typeof authSessions.$inferInsert;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type NewPasswordResetToken = typeof passwordResetTokens.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;

export type MembershipRole = Membership['role'];
export type Invitation = typeof invitations.$inferSelect;
export type Goal = typeof goals.$inferSelect;
export type NewGoal = typeof goals.$inferInsert;
export type Funnel = typeof funnels.$inferSelect;
export type NewFunnel = typeof funnels.$inferInsert;
export type SavedSegment = typeof savedSegments.$inferSelect;
export type NewSavedSegment = typeof savedSegments.$inferInsert;
export type EmailReportSubscription = typeof emailReportSubscriptions.$inferSelect;
export type EmailReportDelivery = typeof emailReportDeliveries.$inferSelect;
/** A report's rhythm: `weekly` (Sunday to Saturday, as the week buckets) or `monthly` (a calendar month). */
export type EmailReportKind = EmailReportDelivery['kind'];
export type SharedLink = typeof sharedLinks.$inferSelect;
export type NewSharedLink = typeof sharedLinks.$inferInsert;
export type OidcIdentity = typeof oidcIdentities.$inferSelect;
export type InvitedRole = Invitation['role'];
/** Whose account a session or reset token belongs to. */
export type SubjectKind = AuthSession['kind'];

export type StoredEvent = typeof events.$inferSelect;
export type NewStoredEvent = typeof events.$inferInsert;
export type VisitSession = typeof sessions.$inferSelect;
export type NewVisitSession = typeof sessions.$inferInsert;
export type VisitorSalt = typeof visitorSalts.$inferSelect;
export type BotHits = typeof botHits.$inferSelect;
export type MonthlyUsage = typeof monthlyUsage.$inferSelect;
export type Device = VisitSession['device'];

/**
 * Where a visit came from and who made it, as stored with the visit: worked out from its first event by
 * ingestion, read back by the analytics and the recent-events feed.
 */
export interface VisitOrigin {
  source: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  country: string | null;
  browser: string | null;
  os: string | null;
  device: Device;
  language: string | null;
}

export type ApiKey = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;
export type ApiCallCount = typeof apiCallCounts.$inferSelect;

/** How `events.kind` stores an event's type. */
export const EVENT_KINDS = { pageview: 1, event: 2, engagement: 3 } as const;
export type EventKindName = keyof typeof EVENT_KINDS;

/**
 * The most engaged time a visit's row holds: a day, the most that one engagement ping may report. Pings
 * report themselves, so their sum is capped rather than trusted: 25 maximal pings would pass PostgreSQL's
 * 32-bit column and fail the whole group commit. Both writers apply it to what a batch adds and to the sum.
 */
export const VISIT_ENGAGED_MS_MAX = 86_400_000;

export type DailyRollup = typeof dailyRollups.$inferSelect;

export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type Subscriber = typeof subscribers.$inferSelect;
export type CheckoutSession = typeof checkoutSessions.$inferSelect;
export type NewCheckoutSession = typeof checkoutSessions.$inferInsert;
export type CheckoutStatus = CheckoutSession['status'];
export type PaymentProviderName = CheckoutSession['provider'];
export type PlanChange = typeof planChanges.$inferSelect;
export type NewPlanChange = typeof planChanges.$inferInsert;
export type Annotation = typeof annotations.$inferSelect;
export type AlertChannel = typeof alertChannels.$inferSelect;
export type AlertChannelKind = AlertChannel['kind'];
export type AlertRule = typeof alertRules.$inferSelect;
export type AlertRuleKind = AlertRule['kind'];
export type AlertDelivery = typeof alertDeliveries.$inferSelect;
export type AlertDeliveryStatus = AlertDelivery['status'];
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;
