import { hkdfSync } from 'node:crypto';
import type { EmailReportKind } from '@footfall/contract';
import { hmacHex, safeEqual } from '../auth/tokens';

/** What an unsubscribe link names. */
export interface ReportRecipient {
  userId: number;
  companyId: number;
  kind: EmailReportKind;
}

const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(weekly|monthly)\.([0-9a-f]{64})$/;

/**
 * Signs and reads the tokens of reports' unsubscribe links: `{user}.{company}.{kind}.{hmac}`, an
 * HMAC-SHA256 over the three with a key derived from the server secret (never the JWT key itself). The
 * token never expires: an unsubscribe link in a mail a year old must still work (RFC 8058), and it can do
 * nothing but turn that one report off.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly appUrl: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'footfall e-mail report unsubscribe', 32));
  }

  private sign({ userId, companyId, kind }: ReportRecipient): string {
    return hmacHex(this.key, `${userId}|${companyId}|${kind}`);
  }

  token(recipient: ReportRecipient): string {
    return `${recipient.userId}.${recipient.companyId}.${recipient.kind}.${this.sign(recipient)}`;
  }

  /** The dashboard's page, which asks for one click before it unsubscribes (scanners fetch links). */
  pageUrl(recipient: ReportRecipient): string {
    return `${this.appUrl}/email-reports/unsubscribe?token=${this.token(recipient)}`;
  }

  /** The `List-Unsubscribe` target: a POST to it unsubscribes at once (RFC 8058 one-click). */
  oneClickUrl(recipient: ReportRecipient): string {
    return `${this.appUrl}/api/email-reports/unsubscribe?token=${this.token(recipient)}`;
  }

  /** What a token names when its signature is ours; undefined for anything else. */
  read(token: string): ReportRecipient | undefined {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const [, user, company, kind, signature] = match as unknown as [
      string,
      string,
      string,
      EmailReportKind,
      string,
    ];
    const recipient = { userId: Number(user), companyId: Number(company), kind };
    return safeEqual(this.sign(recipient), signature) ? recipient : undefined;
  }
}
