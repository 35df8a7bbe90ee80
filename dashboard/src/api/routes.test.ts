import { describe, expect, it } from 'vitest';
import { requestOf } from '../../test/support/recorded-request';
import * as account from './account';
import * as sessions from './account-sessions';
import * as adminAuth from './admin-auth';
import * as adminContent from './admin-content';
import * as adminDirectory from './admin-directory';
import * as adminPlans from './admin-plans';
import * as alerts from './alerts';
import * as analytics from './analytics';
import * as annotations from './annotations';
import * as apiKeys from './api-keys';
import * as auditLog from './audit-log';
import * as billing from './billing';
import type { ApiClient } from './client';
import * as companies from './companies';
import * as dataControl from './data-control';
import * as emailReports from './email-reports';
import * as funnels from './funnels';
import * as goals from './goals';
import * as invitations from './invitations';
import * as members from './members';
import * as publicSite from './public-site';
import * as segments from './segments';
import * as sharedLinks from './shared-links';
import * as sharedViews from './shared-views';
import * as singleSignOn from './single-sign-on';
import * as sites from './sites';
import * as testSite from './test-site';
import * as twoFactor from './two-factor';

type Call = (client: ApiClient) => Promise<unknown>;

// Every route the dashboard calls, as docs/api.md names it: the method and the URL each function sends.
const ROUTES: [name: string, call: Call, method: string, url: string][] = [
  ['getUser', (c) => account.getUser(c), 'GET', '/api/user'],
  ['updateUser', (c) => account.updateUser(c, { name: 'Ada' }), 'PATCH', '/api/user'],
  ['deleteAccount', (c) => account.deleteAccount(c, { email: 'a@b.c' }), 'DELETE', '/api/user'],
  [
    'changePassword',
    (c) => account.changePassword(c, { current_password: 'a', password: 'b', password_confirmation: 'b' }),
    'PUT',
    '/api/user/password',
  ],
  ['register', (c) => account.register(c, {} as never), 'POST', '/api/register'],
  ['login', (c) => account.login(c, { email: 'a@b.c', password: 'p' }), 'POST', '/api/login'],
  ['loginWithTwoFactor', (c) => account.loginWithTwoFactor(c, {} as never), 'POST', '/api/login/two-factor'],
  ['logout', (c) => account.logout(c), 'POST', '/api/logout'],
  [
    'verifyEmail',
    (c) => account.verifyEmail(c, '12', { expires: 99, signature: 'abc' } as never),
    'POST',
    '/api/email/verify/12?expires=99&signature=abc',
  ],
  [
    'resendVerification',
    (c) => account.resendVerification(c, { email: 'a@b.c' }),
    'POST',
    '/api/email/resend?email=a%40b.c',
  ],
  [
    'requestPasswordReset',
    (c) => account.requestPasswordReset(c, { email: 'a@b.c' }),
    'POST',
    '/api/password/email?email=a%40b.c',
  ],
  [
    'resetPassword',
    (c) =>
      account.resetPassword(c, { email: 'a@b.c', token: 't' }, { password: 'p', password_confirmation: 'p' }),
    'POST',
    '/api/password/reset?email=a%40b.c&token=t',
  ],
  ['listAccountSessions', (c) => sessions.listAccountSessions(c), 'GET', '/api/user/sessions'],
  [
    'revokeAccountSession',
    (c) => sessions.revokeAccountSession(c, 'ab12'),
    'DELETE',
    '/api/user/sessions/ab12',
  ],
  [
    'revokeOtherAccountSessions',
    (c) => sessions.revokeOtherAccountSessions(c),
    'DELETE',
    '/api/user/sessions',
  ],
  ['getTwoFactorStatus user', (c) => twoFactor.getTwoFactorStatus(c, 'user'), 'GET', '/api/user/two-factor'],
  [
    'getTwoFactorStatus admin',
    (c) => twoFactor.getTwoFactorStatus(c, 'admin'),
    'GET',
    '/api/admin/two-factor',
  ],
  [
    'setUpTwoFactor',
    (c) => twoFactor.setUpTwoFactor(c, 'user', { password: 'p' }),
    'POST',
    '/api/user/two-factor/setup',
  ],
  [
    'enableTwoFactor',
    (c) => twoFactor.enableTwoFactor(c, 'admin', { code: '1' }),
    'POST',
    '/api/admin/two-factor/enable',
  ],
  [
    'disableTwoFactor',
    (c) => twoFactor.disableTwoFactor(c, 'user', { password: 'p', code: '1' }),
    'POST',
    '/api/user/two-factor/disable',
  ],
  [
    'renewRecoveryCodes',
    (c) => twoFactor.renewRecoveryCodes(c, 'user', { password: 'p', code: '1' }),
    'POST',
    '/api/user/two-factor/recovery-codes',
  ],
  ['getAdmin', (c) => adminAuth.getAdmin(c), 'GET', '/api/admin/user'],
  [
    'adminLogin',
    (c) => adminAuth.adminLogin(c, { email: 'a@b.c', password: 'p' }),
    'POST',
    '/api/admin/login',
  ],
  [
    'adminLoginWithTwoFactor',
    (c) => adminAuth.adminLoginWithTwoFactor(c, {} as never),
    'POST',
    '/api/admin/login/two-factor',
  ],
  [
    'startAdminEnrolment',
    (c) => adminAuth.startAdminEnrolment(c, { challenge: 'x' }),
    'POST',
    '/api/admin/login/two-factor/setup',
  ],
  [
    'finishAdminEnrolment',
    (c) => adminAuth.finishAdminEnrolment(c, { challenge: 'x', code: '1' }),
    'POST',
    '/api/admin/login/two-factor/enable',
  ],
  ['adminLogout', (c) => adminAuth.adminLogout(c), 'POST', '/api/admin/logout'],
  [
    'requestAdminPasswordReset',
    (c) => adminAuth.requestAdminPasswordReset(c, { email: 'a@b.c' }),
    'POST',
    '/api/admin/password/email?email=a%40b.c',
  ],
  [
    'resetAdminPassword',
    (c) =>
      adminAuth.resetAdminPassword(
        c,
        { email: 'a@b.c', token: 't' },
        { password: 'p', password_confirmation: 'p' },
      ),
    'POST',
    '/api/admin/password/reset?email=a%40b.c&token=t',
  ],
  ['listCompanies', (c) => companies.listCompanies(c), 'GET', '/api/companies'],
  ['createCompany', (c) => companies.createCompany(c, { name: 'Acme' }), 'POST', '/api/companies'],
  ['getCompany', (c) => companies.getCompany(c, 7), 'GET', '/api/companies/7'],
  [
    'updateCompany',
    (c) => companies.updateCompany(c, 7, { retention_days: null }),
    'PATCH',
    '/api/companies/7',
  ],
  ['deleteCompany', (c) => companies.deleteCompany(c, 7), 'DELETE', '/api/companies/7'],
  ['getUsage', (c) => companies.getUsage(c, 7), 'GET', '/api/companies/7/usage'],
  [
    'getApiUsage',
    (c) => companies.getApiUsage(c, 7, { from: '2026-01-01', to: '2026-01-31' }),
    'GET',
    '/api/companies/7/api-usage?from=2026-01-01&to=2026-01-31',
  ],
  ['listMembers', (c) => members.listMembers(c, 7), 'GET', '/api/companies/7/members'],
  [
    'changeMemberRole',
    (c) => members.changeMemberRole(c, 7, 3, { role: 'admin' }),
    'PATCH',
    '/api/companies/7/members/3',
  ],
  ['removeMember', (c) => members.removeMember(c, 7, 3), 'DELETE', '/api/companies/7/members/3'],
  [
    'transferOwnership',
    (c) => members.transferOwnership(c, 7, { user_id: 3 }),
    'POST',
    '/api/companies/7/transfer-ownership',
  ],
  ['listInvitations', (c) => invitations.listInvitations(c, 7), 'GET', '/api/companies/7/invitations'],
  [
    'createInvitation',
    (c) => invitations.createInvitation(c, 7, { email: 'a@b.c', role: 'viewer' }),
    'POST',
    '/api/companies/7/invitations',
  ],
  [
    'resendInvitation',
    (c) => invitations.resendInvitation(c, 7, 5),
    'POST',
    '/api/companies/7/invitations/5/resend',
  ],
  [
    'revokeInvitation',
    (c) => invitations.revokeInvitation(c, 7, 5),
    'DELETE',
    '/api/companies/7/invitations/5',
  ],
  ['getInvitation', (c) => invitations.getInvitation(c, 'a/b c'), 'GET', '/api/invitations/a%2Fb%20c'],
  [
    'acceptInvitation',
    (c) => invitations.acceptInvitation(c, 'tok_1'),
    'POST',
    '/api/invitations/tok_1/accept',
  ],
  ['listApiKeys', (c) => apiKeys.listApiKeys(c, 7), 'GET', '/api/companies/7/api-keys'],
  ['createApiKey', (c) => apiKeys.createApiKey(c, 7, { name: 'k' }), 'POST', '/api/companies/7/api-keys'],
  ['revokeApiKey', (c) => apiKeys.revokeApiKey(c, 7, 2), 'DELETE', '/api/companies/7/api-keys/2'],
  ['listGoals', (c) => goals.listGoals(c, 7), 'GET', '/api/companies/7/goals'],
  [
    'createGoal',
    (c) => goals.createGoal(c, 7, { name: 'g', event_name: 'e' }),
    'POST',
    '/api/companies/7/goals',
  ],
  ['updateGoal', (c) => goals.updateGoal(c, 7, 9, { name: 'g' }), 'PATCH', '/api/companies/7/goals/9'],
  ['deleteGoal', (c) => goals.deleteGoal(c, 7, 9), 'DELETE', '/api/companies/7/goals/9'],
  ['listFunnels', (c) => funnels.listFunnels(c, 7), 'GET', '/api/companies/7/funnels'],
  ['createFunnel', (c) => funnels.createFunnel(c, 7, {} as never), 'POST', '/api/companies/7/funnels'],
  ['deleteFunnel', (c) => funnels.deleteFunnel(c, 7, 4), 'DELETE', '/api/companies/7/funnels/4'],
  [
    'getFunnelReport',
    (c) => funnels.getFunnelReport(c, 7, 4, { period: '7d', 'prop:plan': 'pro' }),
    'GET',
    '/api/companies/7/funnels/4/report?period=7d&prop%3Aplan=pro',
  ],
  ['listSegments', (c) => segments.listSegments(c, 7), 'GET', '/api/companies/7/segments'],
  [
    'createSegment',
    (c) => segments.createSegment(c, 7, { name: 's', filters: {} }),
    'POST',
    '/api/companies/7/segments',
  ],
  [
    'updateSegment',
    (c) => segments.updateSegment(c, 7, 8, { name: 's' }),
    'PATCH',
    '/api/companies/7/segments/8',
  ],
  ['deleteSegment', (c) => segments.deleteSegment(c, 7, 8), 'DELETE', '/api/companies/7/segments/8'],
  [
    'createAnnotation',
    (c) => annotations.createAnnotation(c, 7, { date: '2026-01-01', text: 't' }),
    'POST',
    '/api/companies/7/annotations',
  ],
  [
    'deleteAnnotation',
    (c) => annotations.deleteAnnotation(c, 7, 6),
    'DELETE',
    '/api/companies/7/annotations/6',
  ],
  ['listSharedLinks', (c) => sharedLinks.listSharedLinks(c, 7), 'GET', '/api/companies/7/shared-links'],
  [
    'createSharedLink',
    (c) => sharedLinks.createSharedLink(c, 7, { name: 'l' }),
    'POST',
    '/api/companies/7/shared-links',
  ],
  [
    'revokeSharedLink',
    (c) => sharedLinks.revokeSharedLink(c, 7, 1),
    'DELETE',
    '/api/companies/7/shared-links/1',
  ],
  ['getSharedSite', (c) => sharedViews.getSharedSite(c, 'to ken'), 'GET', '/api/shared/to%20ken'],
  [
    'unlockSharedLink',
    (c) => sharedViews.unlockSharedLink(c, 'tok', { password: 'p' }),
    'POST',
    '/api/shared/tok/unlock',
  ],
  [
    'getSharedAnalyticsDetail',
    (c) => sharedViews.getSharedAnalyticsDetail(c, 'tok', { period: '7d' }),
    'GET',
    '/api/shared/tok/analytics-detail?period=7d',
  ],
  [
    'getAnalyticsDetail',
    (c) => analytics.getAnalyticsDetail(c, 4, { period: '7d' }),
    'GET',
    '/api/company-visitor-analytics-detail/4?period=7d',
  ],
  ['getRealtime', (c) => analytics.getRealtime(c, 4), 'GET', '/api/company-visitor-analytics-realtime/4'],
  [
    'getSitesOverview',
    (c) => sites.getSitesOverview(c, { period: 'today' }),
    'GET',
    '/api/sites/overview?period=today',
  ],
  [
    'getEmailReportSettings',
    (c) => emailReports.getEmailReportSettings(c, 7),
    'GET',
    '/api/companies/7/email-reports',
  ],
  [
    'saveEmailReportSettings',
    (c) => emailReports.saveEmailReportSettings(c, 7, { weekly: true, monthly: false }),
    'PUT',
    '/api/companies/7/email-reports',
  ],
  [
    'previewEmailReport',
    (c) => emailReports.previewEmailReport(c, 7, { kind: 'weekly' }),
    'GET',
    '/api/companies/7/email-reports/preview?kind=weekly',
  ],
  [
    'getUnsubscribeState',
    (c) => emailReports.getUnsubscribeState(c, { token: 't' }),
    'GET',
    '/api/email-reports/unsubscribe?token=t',
  ],
  [
    'unsubscribeFromReport',
    (c) => emailReports.unsubscribeFromReport(c, { token: 't' }),
    'POST',
    '/api/email-reports/unsubscribe?token=t',
  ],
  [
    'countDays',
    (c) => dataControl.countDays(c, 7, { from: '2026-01-01', to: '2026-01-02' }),
    'GET',
    '/api/companies/7/data?from=2026-01-01&to=2026-01-02',
  ],
  [
    'deleteDays',
    (c) => dataControl.deleteDays(c, 7, { from: '2026-01-01', to: '2026-01-02' }),
    'DELETE',
    '/api/companies/7/data?from=2026-01-01&to=2026-01-02',
  ],
  ['listAlertChannels', (c) => alerts.listAlertChannels(c, 7), 'GET', '/api/companies/7/alert-channels'],
  [
    'createAlertChannel',
    (c) => alerts.createAlertChannel(c, 7, {} as never),
    'POST',
    '/api/companies/7/alert-channels',
  ],
  [
    'updateAlertChannel',
    (c) => alerts.updateAlertChannel(c, 7, 2, { name: 'n' }),
    'PATCH',
    '/api/companies/7/alert-channels/2',
  ],
  [
    'deleteAlertChannel',
    (c) => alerts.deleteAlertChannel(c, 7, 2),
    'DELETE',
    '/api/companies/7/alert-channels/2',
  ],
  [
    'testAlertChannel',
    (c) => alerts.testAlertChannel(c, 7, 2),
    'POST',
    '/api/companies/7/alert-channels/2/test',
  ],
  [
    'listAlertDeliveries',
    (c) => alerts.listAlertDeliveries(c, 7, 2),
    'GET',
    '/api/companies/7/alert-channels/2/deliveries',
  ],
  ['listAlertRules', (c) => alerts.listAlertRules(c, 7), 'GET', '/api/companies/7/alerts'],
  ['createAlertRule', (c) => alerts.createAlertRule(c, 7, {} as never), 'POST', '/api/companies/7/alerts'],
  [
    'updateAlertRule',
    (c) => alerts.updateAlertRule(c, 7, 3, { enabled: false }),
    'PATCH',
    '/api/companies/7/alerts/3',
  ],
  ['deleteAlertRule', (c) => alerts.deleteAlertRule(c, 7, 3), 'DELETE', '/api/companies/7/alerts/3'],
  ['listPlans', (c) => billing.listPlans(c), 'GET', '/api/plans'],
  ['startCheckout', (c) => billing.startCheckout(c, 7, { plan_id: 2 }), 'POST', '/api/companies/7/checkout'],
  ['getCheckoutSession', (c) => billing.getCheckoutSession(c, 'cs_1'), 'GET', '/api/billing/sessions/cs_1'],
  [
    'getInstallationCheck',
    (c) => testSite.getInstallationCheck(c, 7),
    'GET',
    '/api/companies/7/installation',
  ],
  [
    'getRecentEvents',
    (c) => testSite.getRecentEvents(c, 7, { after: undefined, limit: 50 }),
    'GET',
    '/api/companies/7/events/recent?limit=50',
  ],
  [
    'getCompanyAuditLog',
    (c) => auditLog.getCompanyAuditLog(c, 7, { limit: 50 }),
    'GET',
    '/api/companies/7/audit-log?limit=50',
  ],
  [
    'getAccountAuditLog',
    (c) => auditLog.getAccountAuditLog(c, { limit: 10 }),
    'GET',
    '/api/user/audit-log?limit=10',
  ],
  [
    'getAdminAuditLog',
    (c) => auditLog.getAdminAuditLog(c, { company_id: 7, limit: 50 }),
    'GET',
    '/api/admin/audit-log?company_id=7&limit=50',
  ],
  ['listBlogPosts', (c) => publicSite.listBlogPosts(c, { page: 2 }), 'GET', '/api/blogs?page=2'],
  ['getBlogPost', (c) => publicSite.getBlogPost(c, 3), 'GET', '/api/blogs/3'],
  ['listListings', (c) => publicSite.listListings(c, { page: 1 }), 'GET', '/api/listings?page=1'],
  ['subscribe', (c) => publicSite.subscribe(c, { email: 'a@b.c' }), 'POST', '/api/subscribe'],
  ['getAuthProviders', (c) => singleSignOn.getAuthProviders(c), 'GET', '/api/auth/providers'],
  [
    'listAdminBlogPosts',
    (c) => adminContent.listAdminBlogPosts(c, { page: 1 }),
    'GET',
    '/api/admin/blogs?page=1',
  ],
  ['getAdminBlogPost', (c) => adminContent.getAdminBlogPost(c, 3), 'GET', '/api/admin/blogs/3'],
  ['createBlogPost', (c) => adminContent.createBlogPost(c, {} as never), 'POST', '/api/admin/blogs'],
  ['updateBlogPost', (c) => adminContent.updateBlogPost(c, 3, {}), 'PATCH', '/api/admin/blogs/3'],
  ['deleteBlogPost', (c) => adminContent.deleteBlogPost(c, 3), 'DELETE', '/api/admin/blogs/3'],
  [
    'previewBlogPost',
    (c) => adminContent.previewBlogPost(c, { body_markdown: '# Hi' }),
    'POST',
    '/api/admin/blogs/preview',
  ],
  [
    'listSubscribers',
    (c) => adminContent.listSubscribers(c, { page: 1 }),
    'GET',
    '/api/admin/subscribers?page=1',
  ],
  ['deleteSubscriber', (c) => adminContent.deleteSubscriber(c, 4), 'DELETE', '/api/admin/subscribers/4'],
  [
    'getAdminOverview',
    (c) => adminDirectory.getAdminOverview(c, { days: 30 }),
    'GET',
    '/api/admin/overview?days=30',
  ],
  [
    'listAdminCompanies',
    (c) => adminDirectory.listAdminCompanies(c, { q: 'acme', per_page: 8 }),
    'GET',
    '/api/admin/companies?q=acme&per_page=8',
  ],
  ['getAdminCompany', (c) => adminDirectory.getAdminCompany(c, 7), 'GET', '/api/admin/companies/7'],
  [
    'updateAdminCompany',
    (c) => adminDirectory.updateAdminCompany(c, 7, { suspended: true }),
    'PATCH',
    '/api/admin/companies/7',
  ],
  [
    'setAdminCompanyPlan',
    (c) => adminDirectory.setAdminCompanyPlan(c, 7, { plan_id: 2 }),
    'PUT',
    '/api/admin/companies/7/plan',
  ],
  ['listAdminUsers', (c) => adminDirectory.listAdminUsers(c, { page: 1 }), 'GET', '/api/admin/users?page=1'],
  [
    'updateAdminUser',
    (c) => adminDirectory.updateAdminUser(c, 3, { suspended: false }),
    'PATCH',
    '/api/admin/users/3',
  ],
  [
    'listAdminListings',
    (c) => adminDirectory.listAdminListings(c, { page: 1 }),
    'GET',
    '/api/admin/listings?page=1',
  ],
  ['createListing', (c) => adminDirectory.createListing(c, {} as never), 'POST', '/api/admin/listings'],
  ['deleteListing', (c) => adminDirectory.deleteListing(c, 7), 'DELETE', '/api/admin/listings/7'],
  ['listAdminPlans', (c) => adminPlans.listAdminPlans(c), 'GET', '/api/admin/plans'],
  [
    'updateAdminPlan',
    (c) => adminPlans.updateAdminPlan(c, 2, { name: 'Pro' }),
    'PATCH',
    '/api/admin/plans/2',
  ],
];

describe('the api modules', () => {
  it.each(ROUTES)('%s sends its route', (_name, call, method, url) => {
    expect(requestOf(call)).toMatchObject({ method, url });
  });

  it('send the body they are given, as given', () => {
    expect(requestOf((c) => goals.updateGoal(c, 7, 9, { name: 'Signup', prop: null })).body).toEqual({
      name: 'Signup',
      prop: null,
    });
    expect(requestOf((c) => account.deleteAccount(c, { email: 'a@b.c' })).body).toEqual({ email: 'a@b.c' });
  });

  it('name the files that are downloaded rather than read as JSON', () => {
    expect(dataControl.siteExportPath(7)).toBe('/api/companies/7/export');
    expect(adminContent.subscribersExportPath()).toBe('/api/admin/subscribers/export');
    expect(singleSignOn.singleSignOnStartHref(new URLSearchParams({ remember: 'true' }))).toBe(
      '/api/auth/oidc/start?remember=true',
    );
  });
});
