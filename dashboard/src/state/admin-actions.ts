import type {
  AdminEnrolledSignIn,
  AdminLoginAnswer,
  AdminSignedIn,
  LoginBody,
  SuccessMessage,
  TwoFactorEnrolment,
  TwoFactorLoginBody,
} from '@footfall/contract';
import * as adminAuth from '../api/admin-auth';
import type { ApiClient } from '../api/client';
import type { CookieJar } from '../api/cookies';
import { saveToken } from '../api/token';
import type { AuthStore } from './auth-store';

// The admin's session (docs/architecture.md "The dashboard"; docs/api.md "Admin accounts"): a separate kind of account that signs in through its own
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
   * The admin's password step. The token goes into the `token` cookie (365 days with remember, else for the
   * browser session) and the admin is stored, which is what the catalogue's admin-logged-in check reads.
   * Whatever user was signed in before is no longer: one cookie holds one session.
   */
  function keepSession(answer: AdminSignedIn | AdminEnrolledSignIn, remember: boolean) {
    saveToken(cookies, answer.data.token, remember, secure);
    auth.setState((state) => ({
      ...state,
      token: answer.data.token,
      admin: answer.data.user,
      user: null,
      userDetails: null,
      validationError: {},
    }));
  }

  /**
   * A password step that needs a second one (two-factor sign-in) answers `success:false` with a challenge,
   * returned as is; nothing is kept until that step is done.
   */
  async function adminLogin(body: LoginBody): Promise<AdminLoginAnswer> {
    const answer = await adminAuth.adminLogin(client, body);
    if (answer.success) keepSession(answer, body.remember === true);
    return answer;
  }

  /** The code step of an admin's sign-in. */
  async function completeAdminTwoFactor(body: TwoFactorLoginBody, remember: boolean) {
    const answer = await adminAuth.adminLoginWithTwoFactor(client, body);
    keepSession(answer, remember);
    return answer;
  }

  /** A new secret for an admin who must enrol to sign in. */
  async function startAdminEnrolment(challenge: string): Promise<TwoFactorEnrolment> {
    return (await adminAuth.startAdminEnrolment(client, { challenge })).data;
  }

  /**
   * The first code, which turns two-factor sign-in on and signs
   * the admin in; the answer carries the recovery codes, shown once.
   */
  async function finishAdminEnrolment(challenge: string, code: string, remember: boolean) {
    const answer = await adminAuth.finishAdminEnrolment(client, { challenge, code });
    keepSession(answer, remember);
    return answer;
  }

  /** Mails the admin a reset link (to `/password/reset?…&admin=1`). */
  async function requestAdminPasswordReset(email: string): Promise<SuccessMessage> {
    return adminAuth.requestAdminPasswordReset(client, { email });
  }

  return {
    adminLogin,
    completeAdminTwoFactor,
    startAdminEnrolment,
    finishAdminEnrolment,
    requestAdminPasswordReset,
  };
}
