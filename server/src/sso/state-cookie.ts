import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What a sign-in started with, checked when the provider sends the browser back. */
export interface SignInState {
  state: string;
  nonce: string;
  codeVerifier: string;
  remember: boolean;
  /** A same-site path to land on afterwards, if the sign-in screen had one. */
  redirect: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const STATE_COOKIE = 'footfall_sso';
/** Long enough to sign in at the provider, short enough that a forgotten tab is not a standing offer. */
export const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * The state of a sign-in in flight kept in the browser rather than in the database: nothing to store or
 * clean up, and any server that shares the secret can finish a sign-in another started. It is sealed
 * with AES-256-GCM under a key derived from the server secret, so it can be neither read (the PKCE verifier
 * stays private) nor altered or forged; it carries its own expiry besides the cookie's.
 */
export class SignInStateSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'footfall oidc sign-in state', 32));
  }

  seal(value: SignInState): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The state, or null when the value is missing, altered, from another secret or expired at `now`. */
  open(sealed: string | undefined, now: Date): SignInState | null {
    if (!sealed || sealed.length > 4096) return null;
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 12 + 16 + 1) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(-16));
      const json = Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString(
        'utf8',
      );
      const value = JSON.parse(json) as SignInState;
      return value.expiresAt > now.getTime() ? value : null;
    } catch {
      return null;
    }
  }
}
