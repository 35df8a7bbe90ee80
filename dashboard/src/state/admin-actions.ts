import type { AdminLoginAnswer, LoginBody, SuccessMessage } from '@footfall/contract';
import type { ApiClient } from '../api/client';
import type { CookieJar } from '../api/cookies';
import { saveToken } from '../api/token';
import type { AuthStore } from './auth-store';

// The admin's session (seed §4, §6; API.md §3): a separate kind of account that signs in through its own
// endpoint and keeps its token in the same `token` cookie as a user's, so the API client sends it as it
// sends any token. Sign-out is the shared `auth.logout`, which picks the admin endpoint from the token.

export interface AdminDependencies {
  client: ApiClient;
  auth: AuthStore;
  cookies: CookieJar;
  /** Whether the app runs on https, so that the token cookie is marked `Secure`. */
  secure: boolean;
}

export type AdminActions = ReturnType<typeof createAdminActions>;

export function createAdminActions({ client, auth, cookies, secure }: AdminDependencies) {
  /**
   * `POST /api/admin/login`. The token goes into the `token` cookie (365 days with remember, else for the
   * browser session) and the admin is stored, which is what the catalogue's admin-logged-in check reads.
   * Whatever user was signed in before is no longer: one cookie holds one session.
   */
  async function adminLogin(body: LoginBody): Promise<AdminLoginAnswer> {
    const answer = await client.post<AdminLoginAnswer>('/api/admin/login', body);
    saveToken(cookies, answer.data.token, body.remember === true, secure);
    auth.setState((state) => ({
      ...state,
      token: answer.data.token,
      admin: answer.data.user,
      user: null,
      userDetails: null,
      validationError: {},
    }));
    return answer;
  }

  /** `POST /api/admin/password/email?email=…`: mails the admin a reset link (to `/password/reset?…&admin=1`). */
  async function requestAdminPasswordReset(email: string): Promise<SuccessMessage> {
    return client.post<SuccessMessage>('/api/admin/password/email', undefined, { query: { email } });
  }

  return { adminLogin, requestAdminPasswordReset };
}
