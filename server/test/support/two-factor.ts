import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../../src/types';
import type { TestClock } from './app';

/** A code of the authenticator app for `secret` at `at` (the test clock's time). */
export function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/**
 * A code no earlier code has used: the clock moves on a whole 30-second step first, since the server takes
 * each step's code once.
 */
export function nextCode(clock: TestClock, secret: string): string {
  clock.advance(30_000);
  return codeAt(secret, clock.now());
}

/** Enrols a signed-in account: answers its secret and its recovery codes. */
export async function enrolTwoFactor(
  app: App,
  clock: TestClock,
  base: string,
  auth: Record<string, string>,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({
    method: 'POST',
    url: `${base}/setup`,
    headers: auth,
    payload: { password },
  });
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode} ${setup.body}`);
  const secret = setup.json<{ data: { secret: string } }>().data.secret;
  const enable = await app.inject({
    method: 'POST',
    url: `${base}/enable`,
    headers: auth,
    payload: { code: nextCode(clock, secret) },
  });
  if (enable.statusCode !== 200) throw new Error(`enable answered ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: enable.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes };
}

/** The challenge of a password step that asked for a second one. */
export function challengeOf(response: LightMyRequestResponse): string {
  const body = response.json<{ success: boolean; data: { status: string; challenge: string } }>();
  if (response.statusCode !== 200 || body.success || !body.data.challenge) {
    throw new Error(`expected a challenge: ${response.statusCode} ${response.body}`);
  }
  return body.data.challenge;
}
