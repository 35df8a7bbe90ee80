/**
 * The contract's plain values, without the schema library: what the dashboard needs at run time (closed sets,
 * limits, fixed messages), so its first bundle does not carry TypeBox. Types come from `@footfall/contract`.
 */
export * from './alert-constants';
export * from './analytics-constants';
export * from './api-key-constants';
export * from './funnel-constants';
export * from './limits';
export * from './messages';
export * from './realtime-constants';
export * from './shared-link-constants';
export * from './team-constants';
export * from './test-site-constants';
