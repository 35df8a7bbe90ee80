import { limits } from '@footfall/contract';
import { isUniqueViolation, type User } from '@footfall/db';
import { NO_PASSWORD } from '../auth/passwords';
import { newTrackingKey } from '../auth/tokens';
import type { OidcConfig } from '../config';
import type { App } from '../types';
import { isTimeZone } from '../validation/ajv';
import { isStorableText } from '../validation/text';
import type { ProviderIdentity } from './provider-client';
import { SsoError } from './sso-error';

const EMAIL = /^[^\s@]+@([^\s@]+)$/;

/** The provider's address, if it is one this server can store and the configuration admits. */
function checkedEmail(identity: ProviderIdentity, config: OidcConfig): string {
  const email = identity.email?.trim().toLowerCase();
  const domain = email === undefined ? undefined : EMAIL.exec(email)?.[1];
  if (!email || !domain || email.length > limits.emailMax || !isStorableText(email)) {
    throw new SsoError('email_missing');
  }
  // A user the provider has not verified could be anyone claiming the address.
  if (!identity.emailVerified) throw new SsoError('email_unverified');
  if (config.allowedDomains.length > 0 && !config.allowedDomains.includes(domain)) {
    throw new SsoError('domain_not_allowed');
  }
  return email;
}

/** The name to give a new account: the provider's, else the address's local part, storable and in bounds. */
function displayName(identity: ProviderIdentity, email: string): string {
  const given = identity.name?.trim() ?? '';
  const name = given !== '' && isStorableText(given) ? given : (email.split('@')[0] ?? email);
  return [...name].slice(0, limits.nameMax).join('');
}

function usable(user: User): User {
  if (user.suspendedAt) throw new SsoError('account_suspended');
  return user;
}

/**
 * How the user was found: by the link (`linked`), by the verified address and linked now (`matched`), or
 * created (`created`) — what an audit trail records besides the sign-in itself.
 */
export type SignInOutcome = 'linked' | 'matched' | 'created';

/**
 * The user a provider's account signs in as (docs/api.md "Single sign-on"): the one linked to it; else the
 * one with its verified address, then linked; else a new one, like a registered and verified account (a
 * company of their own on the default plan), linked from the start. Throws {@link SsoError}.
 */
export async function signInUser(
  app: Pick<App, 'config' | 'now' | 'repos'>,
  config: OidcConfig,
  identity: ProviderIdentity,
): Promise<{ user: User; outcome: SignInOutcome; company?: { id: number; name: string } }> {
  const email = checkedEmail(identity, config);
  const { issuer, subject } = identity;
  const now = app.now();
  const linked = await app.repos.oidcIdentities.findUser(issuer, subject);
  if (linked) {
    await app.repos.oidcIdentities.touch(issuer, subject, now);
    return { user: usable(linked), outcome: 'linked' };
  }
  const existing = await app.repos.users.findByEmail(email);
  if (existing) {
    // An address signed up for but never verified may have been claimed by someone else with a password
    // of their own: linking it would hand them the provider's account. Its owner verifies it first.
    if (!existing.emailVerifiedAt) throw new SsoError('account_unverified');
    usable(existing);
    await app.repos.oidcIdentities.link(issuer, subject, existing.id, now);
    return { user: existing, outcome: 'matched' };
  }
  if (!app.config.registrationOpen) throw new SsoError('registration_closed');
  const name = displayName(identity, email);
  const zone = identity.zoneinfo;
  try {
    const { user, company } = await app.repos.users.register({
      // No password: the account signs in through the provider, or sets one with "Forgot password".
      user: { name, email, passwordHash: NO_PASSWORD, emailVerifiedAt: now },
      company: {
        name: [...`${name}'s site`].slice(0, limits.nameMax).join(''),
        website: null,
        timezone: zone && zone.length <= limits.timezoneMax && isTimeZone(zone) ? zone : 'UTC',
        trackingKey: newTrackingKey(),
      },
      oidcIdentity: { issuer, subject },
    });
    return { user, outcome: 'created', company: { id: company.id, name: company.name } };
  } catch (error) {
    // The same person's first sign-in in two tabs at once: the second finds what the first created.
    if (!isUniqueViolation(error)) throw error;
    const created = await app.repos.oidcIdentities.findUser(issuer, subject);
    if (!created) throw error;
    return { user: usable(created), outcome: 'linked' };
  }
}
