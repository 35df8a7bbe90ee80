// Sites and teams (docs/api.md "Sites and teams"), as plain values.

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
