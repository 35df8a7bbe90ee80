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
export type { AlertChannelDefinition, AlertChannelsRepository } from './repos/alert-channels';
export type {
  AlertDeliveriesRepository,
  AlertDeliveryOutcome,
  NewAlertDelivery,
} from './repos/alert-deliveries';
export type {
  ActiveAlertRule,
  AlertRuleDefinition,
  AlertRulesRepository,
  AlertRuleTransition,
  AlertRuleWithChannels,
} from './repos/alert-rules';
export type {
  AnalyticsEvent,
  AnalyticsRepository,
  AnalyticsVisit,
  EventConditions,
  VisitConditions,
} from './repos/analytics';
export type { AnnotationWithAuthor, NewAnnotation } from './repos/annotations';
export type { ApiCallDay, ApiCallTally } from './repos/api-calls';
export type { ApiKeyHolder, NewApiKeyInput } from './repos/api-keys';
export type { AuditEventFilter, AuditEventsRepository, AuditPosition } from './repos/audit-events';
export type { CompanyForUser, NewSite } from './repos/companies';
export { effectiveRetentionDays } from './repos/companies';
export type {
  DueReportSubscriber,
  EmailReportKey,
  EmailReportSwitches,
  EmailReportsRepository,
} from './repos/email-reports';
export type { FunnelDefinition, FunnelsRepository } from './repos/funnels';
export type { GoalDefinition } from './repos/goals';
export {
  createRepositories,
  createRepositorySets,
  type Repositories,
  type RepositoryOptions,
  type RepositorySets,
} from './repos/index';
export type { PasswordReset } from './repos/password-resets';
export type { RateLimitCount, RateLimitHit, RateLimitState } from './repos/rate-limits';
export type { ReplicaReadRepositories } from './repos/read-routing';
export type {
  EventPosition,
  HostnameCount,
  RecentEventRow,
  RecentEventsRepository,
  RecentEventVisit,
} from './repos/recent-events';
export type { RollupsRepository, StoredRollup } from './repos/rollups';
export type { SavedSegmentDefinition, SavedSegmentsRepository } from './repos/saved-segments';
export {
  type PackedRange,
  PackRaceError,
  type SegmentsRepository,
  type StoredSegment,
} from './repos/segments';
export type {
  NewSharedLinkInput,
  SharedLinksRepository,
  SharedLinkWithCompany,
} from './repos/shared-links';
export type { NewInvitation, TeamMember } from './repos/teams';
export type {
  TestEventPosition,
  TestEventRow,
  TestEventsRepository,
  TestEventWrite,
} from './repos/test-events';
export type { OpenSession, TrackedCompany } from './repos/tracking';
export type { TwoFactorSecret } from './repos/two-factor';
export type {
  TwoFactorChallenge,
  TwoFactorChallengePurpose,
} from './repos/two-factor-challenges';
export {
  InvitationGoneError,
  type RegisterInput,
  type UserCompanySummary,
  type UserUpdate,
} from './repos/users';
export type {
  RealtimeCounts,
  RealtimeGroup,
  VisitCountsRepository,
} from './repos/visit-counts';
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
