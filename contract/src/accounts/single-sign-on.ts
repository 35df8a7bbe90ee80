import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../common';

/** `GET /api/auth/providers`: the single sign-on the sign-in screen offers, if any (docs/api.md "Single sign-on"). */
export const AuthProvidersAnswer = Type.Object({
  data: Type.Object({
    /** The OpenID provider, named for its button ("Sign in with {name}"); null when none is configured. */
    oidc: Nullable(Type.Object({ name: Type.String() })),
  }),
});
export type AuthProvidersAnswer = Static<typeof AuthProvidersAnswer>;

/**
 * Why a single sign-on did not sign in: the callback redirects to the sign-in screen with
 * `?sso_error={code}`, and the screen says what to do next.
 */
export const SSO_ERROR_CODES = [
  'access_denied',
  'provider_error',
  'provider_unavailable',
  'state_missing',
  'state_mismatch',
  'nonce_mismatch',
  'invalid_response',
  'email_missing',
  'email_unverified',
  'domain_not_allowed',
  'account_unverified',
  'account_suspended',
  'registration_closed',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(value);
}
