// The OpenID provider of the end-to-end run (server/test/support/oidc-provider.ts), started by the global
// set-up before the server, which is configured to offer it on the sign-in screen.

export const OIDC_DISPLAY_NAME = 'Test Identity Provider';

/** Signs in through the provider's page and lands on the dashboard (created at its first sign-in). */
export const SSO_ACCOUNT = {
  sub: 'e2e-sso-person',
  email: 'sso.person@example.com',
  email_verified: true,
  name: 'Sam Single',
};

/** The provider has not verified this address: the sign-in is refused with a sentence saying so. */
export const UNVERIFIED_SSO_ACCOUNT = {
  sub: 'e2e-sso-unverified',
  email: 'unverified.person@example.com',
  email_verified: false,
  name: 'Una Verified',
};
