/**
 * The contract's plain values, without the schema library: what the dashboard needs at run time (closed sets,
 * limits, fixed messages), so its first bundle does not carry TypeBox. Types come from `@footfall/contract`.
 */
export * from './alerts/alert-constants';
export * from './analytics/analytics-constants';
export * from './analytics/realtime-constants';
export * from './analytics/test-site-constants';
export * from './companies/funnel-constants';
export * from './companies/shared-link-constants';
export * from './companies/team-constants';
export * from './limits';
export * from './messages';
export * from './stats-api/api-key-constants';
