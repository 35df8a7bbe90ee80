import { randomToken } from '../auth/tokens';

/** A link's secret part: 24 random bytes (192 bits), 32 URL-safe characters. */
export function newLinkToken(): string {
  return randomToken(24);
}

/** Where a link opens the shared dashboard. */
export function shareUrl(appUrl: string, token: string): string {
  return `${appUrl}/share/${token}`;
}
