import type { SharedLink } from '@footfall/contract';
import type { SharedLink as SharedLinkRow } from '@footfall/db';
import { shareUrl } from './link-token';

/** A link as its company's owner and admins see it; the password hash never leaves the server. */
export function presentSharedLink(link: SharedLinkRow, appUrl: string): SharedLink {
  return {
    id: link.id,
    name: link.name,
    token: link.token,
    url: shareUrl(appUrl, link.token),
    has_password: link.passwordHash !== null,
    expires_at: link.expiresAt?.toISOString() ?? null,
    created_at: link.createdAt.toISOString(),
  };
}
