import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { enrolmentOf, matchingStep, newTotpSecret, normalizeTotpCode } from './totp';

const STEP = 30_000;
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });

describe('TOTP', () => {
  it('matches the RFC 6238 test vector (SHA-1, 59 s → 94287082, its last 6 digits)', () => {
    const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;
    expect(matchingStep(rfcSecret, '287082', new Date(59_000))).toBe(1);
  });

  it('answers the step of a code of the step now, or one either side, and nothing further', () => {
    const secret = newTotpSecret();
    const now = new Date(1_800_000_000_000);
    const step = Math.floor(now.getTime() / STEP);
    expect(matchingStep(secret, codeAt(secret, now.getTime()), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now.getTime() - STEP), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now.getTime() + STEP), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now.getTime() + 3 * STEP), now)).toBeNull();
  });

  it('reads six digits with spaces or dashes, and nothing else', () => {
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    expect(normalizeTotpCode('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '', '١٢٣٤٥٦']) expect(normalizeTotpCode(bad)).toBeNull();
  });

  it('makes a 160-bit secret, its otpauth URL and an SVG QR code', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enrolment = await enrolmentOf(secret, 'ada@example.com');
    expect(enrolment.otpauth_url).toBe(
      `otpauth://totp/Footfall:ada%40example.com?issuer=Footfall&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qr_svg.startsWith('<svg')).toBe(true);
  });
});
