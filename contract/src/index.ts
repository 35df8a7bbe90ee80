/**
 * The Footfall HTTP contract: one TypeBox definition of every request and answer, used by the server as
 * route schemas (validation and serialization) and by the dashboard as types.
 */

export * from './account-sessions';
export * from './admin';
export * from './admin-content';
export * from './admin-directory';
export * from './alert-constants';
export * from './alerts';
export * from './analytics';
export * from './annotations';
export * from './api-keys';
export * from './audit-log';
export * from './auth';
export * from './billing';
export * from './common';
export * from './companies';
export * from './data-control';
export * from './email-reports';
export * from './funnels';
export * from './goals';
export * from './health';
export * from './ingest';
export * from './messages';
export * from './public-site';
export * from './realtime';
export * from './saved-segments';
export * from './shared-links';
export * from './single-sign-on';
export * from './sites';
export * from './teams';
export * from './test-site';
export * from './two-factor';
