import type { AccountSessionListAnswer } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The signed-in user's sessions (docs/api.md "Sessions"): where the account is signed in, and revoking them.

export function listAccountSessions(
  client: ApiClient,
  options?: CallOptions,
): Promise<AccountSessionListAnswer> {
  return client.get<AccountSessionListAnswer>('/api/user/sessions', options);
}

export async function revokeAccountSession(client: ApiClient, sessionId: string): Promise<void> {
  await client.delete(`/api/user/sessions/${encodeURIComponent(sessionId)}`);
}

/** Every session but the one making the request. */
export async function revokeOtherAccountSessions(client: ApiClient): Promise<void> {
  await client.delete('/api/user/sessions');
}
