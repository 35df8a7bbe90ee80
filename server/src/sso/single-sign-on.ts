import type { Config, OidcConfig } from '../config';
import { ProviderClient } from './provider-client';
import { SignInStateSealer } from './state-cookie';

export const CALLBACK_PATH = '/api/auth/oidc/callback';

/** Single sign-on with the configured OpenID provider: its client and the sealer of sign-in states. */
export interface SingleSignOn {
  config: OidcConfig;
  provider: ProviderClient;
  states: SignInStateSealer;
}

/** Null when no provider is configured: the routes are then 404 and the sign-in screen shows no button. */
export function createSingleSignOn(config: Config, secret: string): SingleSignOn | null {
  if (!config.oidc) return null;
  return {
    config: config.oidc,
    provider: new ProviderClient(config.oidc, `${config.appUrl}${CALLBACK_PATH}`),
    states: new SignInStateSealer(secret),
  };
}
