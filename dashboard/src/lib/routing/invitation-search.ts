import { limits } from '@footfall/contract/constants';

/** `/session/sign-up?invitation=…&email=…`: signing up to join a team, from an invitation's page. */
export interface SignUpSearch {
  invitation?: string;
  email?: string;
}

/** An invitation's token is URL-safe base64; anything else names no invitation. */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** Keeps a well-formed token, and the address with it only when there is one. */
export function validateSignUpSearch(raw: Record<string, unknown>): SignUpSearch {
  const { invitation, email } = raw;
  if (typeof invitation !== 'string' || !TOKEN.test(invitation)) return {};
  const isAddress = typeof email === 'string' && email.includes('@') && email.length <= limits.emailMax;
  return isAddress ? { invitation, email } : { invitation };
}
