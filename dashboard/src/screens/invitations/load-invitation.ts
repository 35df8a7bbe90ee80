import type { InvitationPreview } from '@footfall/contract';
import { isApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { getInvitation } from '../../api/invitations';

/** An invitation's link as its page reads it: what it offers, or why it cannot be used. */
export type InvitationState =
  | { status: 'valid'; preview: InvitationPreview }
  | { status: 'invalid'; message: string };

/**
 * The invitation behind a link (`getInvitation`). A used, revoked, expired or unknown link is a refusal (400) whose message
 * the page shows; server faults and lost connections go on to the route's error view.
 */
export async function loadInvitation(
  client: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<InvitationState> {
  try {
    const { data } = await getInvitation(client, token, { signal });
    return { status: 'valid', preview: data };
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      return { status: 'invalid', message: error.message };
    }
    throw error;
  }
}
