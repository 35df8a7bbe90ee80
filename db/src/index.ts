export {
  type CreateDbOptions,
  createDb,
  type Db,
  type Dialect,
  type Orm,
  pgOrmOf,
  type Schema,
  sqliteClientOf,
} from './create-db';
export { isStorageFull, isUniqueViolation } from './dialect';
export { DEFAULT_PLAN, migrate, migrationsFolder, SEED_PLANS } from './migrate';
export { type Listener, type ListenerEvents, listen, notify } from './postgres/notifications';
export type { PasswordReset } from './repos/accounts/password-resets';
export type { TwoFactorSecret } from './repos/accounts/two-factor';
export type {
  TwoFactorChallenge,
  TwoFactorChallengePurpose,
} from './repos/accounts/two-factor-challenges';
export {
  InvitationGoneError,
  type RegisterInput,
  type UserCompanySummary,
  type UserUpdate,
} from './repos/accounts/users';
export type { AlertChannelDefinition, AlertChannelsRepository } from './repos/alerts/alert-channels';
export type {
  AlertDeliveriesRepository,
  AlertDeliveryOutcome,
  NewAlertDelivery,
} from './repos/alerts/alert-deliveries';
export type {
  ActiveAlertRule,
  AlertRuleDefinition,
  AlertRulesRepository,
  AlertRuleTransition,
  AlertRuleWithChannels,
} from './repos/alerts/alert-rules';
export type {
  AnalyticsEvent,
  AnalyticsRepository,
  AnalyticsVisit,
  EventConditions,
  VisitConditions,
} from './repos/analytics/analytics';
export type {
  EventPosition,
  HostnameCount,
  RecentEventRow,
  RecentEventsRepository,
  RecentEventVisit,
} from './repos/analytics/recent-events';
export type { RollupsRepository, StoredRollup } from './repos/analytics/rollups';
export {
  type PackedRange,
  PackRaceError,
  type SegmentsRepository,
  type StoredSegment,
} from './repos/analytics/segments';
export type {
  TestEventPosition,
  TestEventRow,
  TestEventsRepository,
  TestEventWrite,
} from './repos/analytics/test-events';
export type { OpenSession, TrackedCompany } from './repos/analytics/tracking';
export type {
  RealtimeCounts,
  RealtimeGroup,
  VisitCountsRepository,
} from './repos/analytics/visit-counts';
export type { AuditEventFilter, AuditEventsRepository, AuditPosition } from './repos/audit-events';
export type { AnnotationWithAuthor, NewAnnotation } from './repos/companies/annotations';
export type { CompanyForUser, NewSite } from './repos/companies/companies';
export { effectiveRetentionDays } from './repos/companies/companies';
export type { FunnelDefinition, FunnelsRepository } from './repos/companies/funnels';
export type { GoalDefinition } from './repos/companies/goals';
export type { SavedSegmentDefinition, SavedSegmentsRepository } from './repos/companies/saved-segments';
export type {
  NewSharedLinkInput,
  SharedLinksRepository,
  SharedLinkWithCompany,
} from './repos/companies/shared-links';
export type { NewInvitation, TeamMember } from './repos/companies/teams';
export type {
  DueReportSubscriber,
  EmailReportKey,
  EmailReportSwitches,
  EmailReportsRepository,
} from './repos/email-reports/email-reports';
export {
  createRepositories,
  createRepositorySets,
  type Repositories,
  type RepositoryOptions,
  type RepositorySets,
} from './repos/index';
export type { RateLimitCount, RateLimitHit, RateLimitState } from './repos/rate-limits';
export type { ReplicaReadRepositories } from './repos/read-routing';
export type { ApiCallDay, ApiCallTally } from './repos/stats-api/api-calls';
export type { ApiKeyHolder, NewApiKeyInput } from './repos/stats-api/api-keys';
export type * from './schema/types';
export { EVENT_KINDS } from './schema/types';
export { duringStartup } from './startup-lock';
export type { EventWrite, SessionWrite, TrackingBatch, VisitIdChanges } from './tracking-batch';
export { VISIT_ID_BLOCK } from './tracking-batch';
export {
  first,
  type RowsQuery,
  type RunQuery,
  rows,
  run,
  type Tx,
  type TxBody,
  transaction,
} from './transaction';
