/**
 * The Footfall HTTP contract: one TypeBox definition of every request and answer, used by the server as
 * route schemas (validation and serialization) and by the dashboard as types.
 */

export * from './accounts/account-sessions';
export * from './accounts/auth';
export * from './accounts/single-sign-on';
export * from './accounts/two-factor';
export * from './admin/admin';
export * from './admin/admin-directory';
export * from './alerts/alert-constants';
export * from './alerts/alerts';
export * from './analytics/analytics';
export * from './analytics/data-control';
export * from './analytics/ingest';
export * from './analytics/realtime';
export * from './analytics/test-site';
export * from './audit-log';
export * from './billing';
export * from './common';
export * from './companies/annotations';
export * from './companies/companies';
export * from './companies/funnels';
export * from './companies/goals';
export * from './companies/saved-segments';
export * from './companies/shared-links';
export * from './companies/sites';
export * from './companies/teams';
export * from './content/admin-content';
export * from './content/public-site';
export * from './email-reports';
export * from './health';
export * from './messages';
export * from './stats-api/api-keys';
