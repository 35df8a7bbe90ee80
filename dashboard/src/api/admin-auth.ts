import type {
  AdminEnrolledSignIn,
  AdminLoginAnswer,
  AdminSignedIn,
  AdminUserAnswer,
  EmailQuery,
  LoginBody,
  ResetPasswordBody,
  ResetPasswordQuery,
  SuccessMessage,
  TwoFactorChallengeBody,
  TwoFactorChallengeEnableBody,
  TwoFactorLoginBody,
  TwoFactorSetupAnswer,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// An admin's session (docs/api.md "Admin accounts"): its own sign-in, sign-out and password reset.

/** The signed-in admin. */
export function getAdmin(client: ApiClient, options?: CallOptions): Promise<AdminUserAnswer> {
  return client.get<AdminUserAnswer>('/api/admin/user', options);
}

/** The password step; one that needs a second step answers `success:false` with a challenge. */
export function adminLogin(client: ApiClient, body: LoginBody): Promise<AdminLoginAnswer> {
  return client.post<AdminLoginAnswer>('/api/admin/login', body);
}

/** The code step of an admin's sign-in. */
export function adminLoginWithTwoFactor(client: ApiClient, body: TwoFactorLoginBody): Promise<AdminSignedIn> {
  return client.post<AdminSignedIn>('/api/admin/login/two-factor', body);
}

/** A new secret for an admin who must enrol to sign in. */
export function startAdminEnrolment(
  client: ApiClient,
  body: TwoFactorChallengeBody,
): Promise<TwoFactorSetupAnswer> {
  return client.post<TwoFactorSetupAnswer>('/api/admin/login/two-factor/setup', body);
}

/** The first code, which turns two-factor sign-in on and signs the admin in. */
export function finishAdminEnrolment(
  client: ApiClient,
  body: TwoFactorChallengeEnableBody,
): Promise<AdminEnrolledSignIn> {
  return client.post<AdminEnrolledSignIn>('/api/admin/login/two-factor/enable', body);
}

export async function adminLogout(client: ApiClient, options?: CallOptions): Promise<void> {
  await client.post('/api/admin/logout', undefined, options);
}

/** Mails the admin a reset link (to `/password/reset?…&admin=1`). */
export function requestAdminPasswordReset(client: ApiClient, query: EmailQuery): Promise<SuccessMessage> {
  return client.post<SuccessMessage>('/api/admin/password/email', undefined, { query });
}

export function resetAdminPassword(
  client: ApiClient,
  query: ResetPasswordQuery,
  body: ResetPasswordBody,
): Promise<SuccessMessage> {
  return client.post<SuccessMessage>('/api/admin/password/reset', body, { query });
}
