// Sites and teams (docs/api.md §10), as plain values.

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
