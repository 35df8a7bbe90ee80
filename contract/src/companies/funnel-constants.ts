// The funnels' limits (docs/api.md "Funnels"), as plain values: the dashboard's funnel form imports them
// through `@footfall/contract/constants`, without the schema library.

/** A funnel has 2 to 8 steps. */
export const MIN_FUNNEL_STEPS = 2;
export const MAX_FUNNEL_STEPS = 8;
/** The most funnels one company may save. */
export const MAX_FUNNELS = 50;
