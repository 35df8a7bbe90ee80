// Shared links' limits and fixed words (docs/api.md "Shared links"), as plain values.

/** The most links one company may hold, expired ones included until revoked. */
export const MAX_SHARED_LINKS = 100;
/** How long an access token from unlocking a password-protected link lasts, at most (it never outlives the link). */
export const SHARED_ACCESS_TTL_MS = 24 * 60 * 60 * 1000;
/** The answer to a wrong password at `POST /api/shared/{token}/unlock` (422 on `password`). */
export const WRONG_SHARE_PASSWORD = 'The password is incorrect.';
