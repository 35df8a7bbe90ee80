// The realtime view's fixed figures (docs/api.md "Realtime"), without the schema library.

/** How far back the realtime view reads: the last 30 whole minutes, the current one included. */
export const REALTIME_MINUTES = 30;
/** How often the dashboard's realtime view asks again while it is visible. */
export const REALTIME_REFRESH_MS = 3_000;
/** Rows of each list of the realtime view. */
export const REALTIME_ROWS = 10;
