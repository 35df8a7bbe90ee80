import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Footfall';
/** A code of the step before or after the server's is accepted too: phone clocks drift. */
const WINDOW = 1;

function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends) in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URL and its QR code (an SVG document) for an authenticator app to scan. */
export async function enrolmentOf(base32: string, email: string) {
  const otpauthUrl = totpOf(base32, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: base32, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** What a typed code looks like once spaces and dashes are dropped: six digits, or null. */
export function normalizeTotpCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** The time step whose code `code` is, within the window around `now`, or null when it is none of them. */
export function matchingStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
