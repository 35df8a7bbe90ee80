// The stats API's key format and limits (docs/api.md "Stats API, keys and usage"), as plain values.

/** Every secret starts with this; `Authorization: Bearer ffk_…` marks a stats-API call. */
export const API_KEY_PREFIX = 'ffk_';
/** How many characters of the secret are kept and shown to tell keys apart (`ffk_` + 8). */
export const API_KEY_SHOWN_CHARS = 12;
export const API_KEY_NAME_MAX = 100;
/** Unrevoked keys a company may hold at once. */
export const MAX_ACTIVE_API_KEYS = 10;
/** The route pattern that `GET /api/v1/stats/{company_id}` calls are counted under. */
export const STATS_ENDPOINT = 'GET /api/v1/stats/:company_id';
