import type { App } from '../types';
import { accountRoutes } from './account';
import { accountDeletionRoutes } from './account-deletion';
import { accountSessionRoutes } from './account-sessions';
import { adminAuthRoutes } from './admin-auth';
import { adminContentRoutes } from './admin-content';
import { adminDirectoryRoutes } from './admin-directory';
import { adminPlanRoutes } from './admin-plans';
import { alertChannelRoutes } from './alert-channels';
import { alertRoutes } from './alerts';
import { analyticsRoutes } from './analytics';
import { annotationRoutes } from './annotations';
import { apiKeyRoutes } from './api-keys';
import { auditLogRoutes } from './audit-log';
import { billingRoutes } from './billing';
import { companyRoutes } from './companies';
import { emailReportUnsubscribeRoutes } from './email-report-unsubscribe';
import { emailReportRoutes } from './email-reports';
import { funnelReportRoutes } from './funnel-report';
import { funnelRoutes } from './funnels';
import { goalRoutes } from './goals';
import { healthRoutes } from './health';
import { importRoutes } from './import';
import { invitationRoutes } from './invitations';
import { loginRoutes } from './login';
import { memberRoutes } from './members';
import { passwordResetRoutes } from './password-reset';
import { publicSiteRoutes } from './public-site';
import { publicStatsRoutes } from './public-stats';
import { registrationRoutes } from './registration';
import { savedSegmentRoutes } from './saved-segments';
import { sharedLinkRoutes } from './shared-links';
import { sharedViewRoutes } from './shared-views';
import { siteRoutes } from './sites';
import { testSiteRoutes } from './test-site';
import { usageRoutes } from './usage';

/**
 * Every API route behind the dashboard's hooks, grouped by resource; each module is a plugin with its own
 * schemas. Ingestion and the stats API (`/api/v1`) are registered apart, in app.ts.
 */
export async function routes(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(registrationRoutes);
  await app.register(loginRoutes);
  await app.register(accountRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(accountSessionRoutes);
  await app.register(passwordResetRoutes, { kind: 'user' });
  await app.register(passwordResetRoutes, { kind: 'admin' });
  await app.register(adminAuthRoutes);
  await app.register(companyRoutes);
  await app.register(memberRoutes);
  await app.register(siteRoutes);
  await app.register(invitationRoutes);
  await app.register(importRoutes);
  await app.register(publicStatsRoutes);
  await app.register(analyticsRoutes);
  await app.register(goalRoutes);
  await app.register(funnelRoutes);
  await app.register(funnelReportRoutes);
  await app.register(savedSegmentRoutes);
  await app.register(sharedLinkRoutes);
  await app.register(sharedViewRoutes);
  await app.register(annotationRoutes);
  await app.register(alertChannelRoutes);
  await app.register(alertRoutes);
  await app.register(emailReportRoutes);
  await app.register(emailReportUnsubscribeRoutes);
  await app.register(apiKeyRoutes);
  await app.register(auditLogRoutes);
  await app.register(usageRoutes);
  await app.register(testSiteRoutes);
  await app.register(publicSiteRoutes);
  await app.register(adminContentRoutes);
  await app.register(billingRoutes);
  await app.register(adminPlanRoutes);
  await app.register(adminDirectoryRoutes);
}
