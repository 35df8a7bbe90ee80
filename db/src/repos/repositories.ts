import type { Db } from '../create-db';
import { createAdminsRepository } from './accounts/admins';
import { createAuthSessionsRepository } from './accounts/auth-sessions';
import { createOidcIdentitiesRepository } from './accounts/oidc-identities';
import { createPasswordResetsRepository } from './accounts/password-resets';
import { createTwoFactorRepository } from './accounts/two-factor';
import { createTwoFactorChallengesRepository } from './accounts/two-factor-challenges';
import { createUsersRepository } from './accounts/users';
import { createAdminDirectoryRepository } from './admin/admin-directory';
import { createAlertChannelsRepository } from './alerts/alert-channels';
import { createAlertDeliveriesRepository } from './alerts/alert-deliveries';
import { createAlertRulesRepository } from './alerts/alert-rules';
import { createAnalyticsRepository } from './analytics/analytics';
import { createRecentEventsRepository } from './analytics/recent-events';
import { createRollupsRepository } from './analytics/rollups';
import { createSegmentsRepository } from './analytics/segments';
import { createTestEventsRepository } from './analytics/test-events';
import { createTrackingRepository } from './analytics/tracking';
import { createVisitCountsRepository } from './analytics/visit-counts';
import { createAuditEventsRepository } from './audit-events';
import { createCheckoutSessionsRepository } from './billing/checkout-sessions';
import { createPlanChangesRepository } from './billing/plan-changes';
import { createPlansRepository } from './billing/plans';
import { createAnnotationsRepository } from './companies/annotations';
import { createCompaniesRepository } from './companies/companies';
import { createFunnelsRepository } from './companies/funnels';
import { createGoalsRepository } from './companies/goals';
import { createSavedSegmentsRepository } from './companies/saved-segments';
import { createSharedLinksRepository } from './companies/shared-links';
import { createTeamsRepository } from './companies/teams';
import { createContentRepository } from './content/content';
import { createEmailReportsRepository } from './email-reports/email-reports';
import { createInstanceSecretsRepository } from './instance-secrets';
import { createRateLimitsRepository } from './rate-limits';
import type { RevisionCache } from './revision-cache';
import { createSchedulerLeasesRepository } from './scheduler-leases';
import { createApiCallsRepository } from './stats-api/api-calls';
import { createApiKeysRepository } from './stats-api/api-keys';

// Every repository of the database in one set, each over the primary: what `Repositories` is. Kept apart
// from the sets a server builds (`index.ts`) so that the read routing can name the type without a circle.

/** Every repository over one database. */
export type Repositories = ReturnType<typeof primaryRepositories>;

/** Every repository over `db`, every read on the primary; the packed days and rollups share `analyticsCache`. */
export function primaryRepositories(db: Db, analyticsCache: RevisionCache) {
  return {
    users: createUsersRepository(db),
    admins: createAdminsRepository(db),
    companies: createCompaniesRepository(db),
    teams: createTeamsRepository(db),
    goals: createGoalsRepository(db),
    funnels: createFunnelsRepository(db),
    savedSegments: createSavedSegmentsRepository(db),
    sharedLinks: createSharedLinksRepository(db),
    annotations: createAnnotationsRepository(db),
    alertChannels: createAlertChannelsRepository(db),
    alertRules: createAlertRulesRepository(db),
    alertDeliveries: createAlertDeliveriesRepository(db),
    emailReports: createEmailReportsRepository(db),
    plans: createPlansRepository(db),
    planChanges: createPlanChangesRepository(db),
    authSessions: createAuthSessionsRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    oidcIdentities: createOidcIdentitiesRepository(db),
    twoFactor: createTwoFactorRepository(db),
    twoFactorChallenges: createTwoFactorChallengesRepository(db),
    rateLimits: createRateLimitsRepository(db),
    instanceSecrets: createInstanceSecretsRepository(db),
    schedulerLeases: createSchedulerLeasesRepository(db),
    tracking: createTrackingRepository(db),
    visitCounts: createVisitCountsRepository(db),
    apiKeys: createApiKeysRepository(db),
    apiCalls: createApiCallsRepository(db),
    auditEvents: createAuditEventsRepository(db),
    analytics: createAnalyticsRepository(db),
    recentEvents: createRecentEventsRepository(db),
    testEvents: createTestEventsRepository(db),
    content: createContentRepository(db),
    checkoutSessions: createCheckoutSessionsRepository(db),
    adminDirectory: createAdminDirectoryRepository(db),
    rollups: createRollupsRepository(db, analyticsCache),
    segments: createSegmentsRepository(db, analyticsCache),
  };
}
