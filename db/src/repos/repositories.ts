import type { Db } from '../create-db';
import { createAdminDirectoryRepository } from './admin-directory';
import { createAdminsRepository } from './admins';
import { createAlertChannelsRepository } from './alert-channels';
import { createAlertDeliveriesRepository } from './alert-deliveries';
import { createAlertRulesRepository } from './alert-rules';
import { createAnalyticsRepository } from './analytics';
import { createAnnotationsRepository } from './annotations';
import { createApiCallsRepository } from './api-calls';
import { createApiKeysRepository } from './api-keys';
import { createAuditEventsRepository } from './audit-events';
import { createAuthSessionsRepository } from './auth-sessions';
import { createCheckoutSessionsRepository } from './checkout-sessions';
import { createCompaniesRepository } from './companies';
import { createContentRepository } from './content';
import { createEmailReportsRepository } from './email-reports';
import { createFunnelsRepository } from './funnels';
import { createGoalsRepository } from './goals';
import { createInstanceSecretsRepository } from './instance-secrets';
import { createOidcIdentitiesRepository } from './oidc-identities';
import { createPasswordResetsRepository } from './password-resets';
import { createPlanChangesRepository } from './plan-changes';
import { createPlansRepository } from './plans';
import { createRateLimitsRepository } from './rate-limits';
import { createRecentEventsRepository } from './recent-events';
import type { RevisionCache } from './revision-cache';
import { createRollupsRepository } from './rollups';
import { createSavedSegmentsRepository } from './saved-segments';
import { createSchedulerLeasesRepository } from './scheduler-leases';
import { createSegmentsRepository } from './segments';
import { createSharedLinksRepository } from './shared-links';
import { createTeamsRepository } from './teams';
import { createTestEventsRepository } from './test-events';
import { createTrackingRepository } from './tracking';
import { createTwoFactorRepository } from './two-factor';
import { createTwoFactorChallengesRepository } from './two-factor-challenges';
import { createUsersRepository } from './users';
import { createVisitCountsRepository } from './visit-counts';

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
