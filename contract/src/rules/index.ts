/**
 * Rules the server and the dashboard both run, as plain TypeScript without the schema library: the server
 * refuses by them, the dashboard offers only what they allow.
 */

export * from './filter-expression';
export * from './funnel-steps';
export * from './roles';
