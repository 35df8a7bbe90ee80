import { type Static, Type } from '@sinclair/typebox';
import { limits } from '../accounts/auth';
import { Nullable, ResourceId, Timestamp } from '../common';

export * from './shared-link-constants';

// Shared links (docs/api.md "Shared links"): named, read-only views of a company's dashboard for
// people without an account, optionally behind a password and until an expiry.

/** `POST /api/companies/{id}/shared-links`. */
export const SharedLinkBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: limits.nameMax }),
  /** Asked of every viewer; stored only as a hash. */
  password: Type.Optional(Type.String({ minLength: limits.passwordMin, maxLength: limits.passwordMax })),
  /** When the link stops working; in the future. None: until revoked. */
  expires_at: Type.Optional(Timestamp),
});
export type SharedLinkBody = Static<typeof SharedLinkBody>;

/** A shared link as its company's owner and admins see it: never its password. */
export const SharedLink = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The link's secret part, URL-safe, 192 random bits. */
  token: Type.String(),
  /** `{APP_URL}/share/{token}`. */
  url: Type.String(),
  has_password: Type.Boolean(),
  expires_at: Nullable(Timestamp),
  created_at: Timestamp,
});
export type SharedLink = Static<typeof SharedLink>;

export const SharedLinkAnswer = Type.Object({ data: SharedLink });
export type SharedLinkAnswer = Static<typeof SharedLinkAnswer>;

export const SharedLinkListAnswer = Type.Object({ data: Type.Array(SharedLink) });
export type SharedLinkListAnswer = Static<typeof SharedLinkListAnswer>;

/** `DELETE /api/companies/{id}/shared-links/{link_id}`. */
export const SharedLinkParams = Type.Object({ id: ResourceId, link_id: ResourceId });
export type SharedLinkParams = Static<typeof SharedLinkParams>;

/** `/api/shared/{token}/…`: anything else than a token's characters names no link (404). */
export const SharedTokenParams = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,100}$' }),
});
export type SharedTokenParams = Static<typeof SharedTokenParams>;

/** `GET /api/shared/{token}`: what the share page shows before the dashboard, and nothing more. */
export const SharedSite = Type.Object({
  /** The company's name. */
  site_name: Type.String(),
  /** Whether `POST /api/shared/{token}/unlock` must come first. */
  has_password: Type.Boolean(),
  /** The site's time zone, whose today is the latest day a range may end on. */
  timezone: Type.String(),
});
export type SharedSite = Static<typeof SharedSite>;

export const SharedSiteAnswer = Type.Object({ data: SharedSite });
export type SharedSiteAnswer = Static<typeof SharedSiteAnswer>;

/** `POST /api/shared/{token}/unlock`. */
export const SharedUnlockBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: limits.passwordMax }),
});
export type SharedUnlockBody = Static<typeof SharedUnlockBody>;

/** An access token for one password-protected link, sent as `Authorization: Bearer …` to its detail. */
export const SharedAccess = Type.Object({
  access_token: Type.String(),
  expires_at: Timestamp,
});
export type SharedAccess = Static<typeof SharedAccess>;

export const SharedAccessAnswer = Type.Object({ data: SharedAccess });
export type SharedAccessAnswer = Static<typeof SharedAccessAnswer>;
