import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../common';

// The signed-in sessions of an account (docs/api.md "Sessions"): where the account is signed in, so that its
// owner can sign out a lost phone or a shared computer.

/**
 * A session's public handle: a digest of its secret id, which is never answered (it is what a token names).
 */
export const SessionHandle = Type.String({ pattern: '^[0-9a-f]{24}$' });

export const AccountSession = Type.Object({
  id: SessionHandle,
  /** The browser and the OS as the user agent names them, null when it names none. */
  browser: Nullable(Type.String()),
  os: Nullable(Type.String()),
  device: Type.Union([Type.Literal('desktop'), Type.Literal('mobile'), Type.Literal('tablet')]),
  /** ISO 3166-1 alpha-2 country of the address it signed in from, null when unknown. */
  country: Nullable(Type.String()),
  /**
   * The network it signed in from, never the address: an IPv4 address's /24 (`203.0.113.0/24`) or an IPv6
   * address's /48 (`2001:db8:abcd::/48`); null when unknown.
   */
  network: Nullable(Type.String()),
  created_at: Timestamp,
  last_used_at: Timestamp,
  /** The country and the network (as `network`) of its last use; null when unknown. */
  last_used_country: Nullable(Type.String()),
  last_used_network: Nullable(Type.String()),
  /** The session this request was made with. */
  current: Type.Boolean(),
});
export type AccountSession = Static<typeof AccountSession>;

export const AccountSessionListAnswer = Type.Object({ data: Type.Array(AccountSession) });
export type AccountSessionListAnswer = Static<typeof AccountSessionListAnswer>;

export const AccountSessionParams = Type.Object({ session_id: SessionHandle });
export type AccountSessionParams = Static<typeof AccountSessionParams>;
