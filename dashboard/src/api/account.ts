import type {
  ChangePasswordBody,
  DeleteAccountBody,
  EmailQuery,
  LoginAnswer,
  LoginBody,
  RegisterAnswer,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordQuery,
  SuccessMessage,
  TwoFactorLoginBody,
  UpdateUserAnswer,
  UpdateUserBody,
  User,
  UserSignedIn,
  VerifyEmailAnswer,
  VerifyEmailQuery,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A user's account (docs/api.md "Accounts"): signing up, in and out, the e-mail checks and the password.

/** The signed-in user. */
export function getUser(client: ApiClient, options?: CallOptions): Promise<User> {
  return client.get<User>('/api/user', options);
}

/** Name and e-mail; a new address must be verified again. */
export function updateUser(client: ApiClient, body: UpdateUserBody): Promise<UpdateUserAnswer> {
  return client.patch<UpdateUserAnswer>('/api/user', body);
}

/** The account goes, with the sites it owns, and its session with it. */
export async function deleteAccount(client: ApiClient, body: DeleteAccountBody): Promise<void> {
  await client.delete('/api/user', { body });
}

export function changePassword(client: ApiClient, body: ChangePasswordBody): Promise<SuccessMessage> {
  return client.put<SuccessMessage>('/api/user/password', body);
}

export function register(client: ApiClient, body: RegisterBody): Promise<RegisterAnswer> {
  return client.post<RegisterAnswer>('/api/register', body);
}

/** The password step; an unverified account, or one that needs a second step, answers `success:false`. */
export function login(client: ApiClient, body: LoginBody): Promise<LoginAnswer> {
  return client.post<LoginAnswer>('/api/login', body);
}

/** The code step of a sign-in whose password step answered a challenge. */
export function loginWithTwoFactor(client: ApiClient, body: TwoFactorLoginBody): Promise<UserSignedIn> {
  return client.post<UserSignedIn>('/api/login/two-factor', body);
}

/** Ends the session on the server (an admin's ends with `adminLogout`). */
export async function logout(client: ApiClient, options?: CallOptions): Promise<void> {
  await client.post('/api/logout', undefined, options);
}

/** The link of the verification mail: its user id, signature and expiry. */
export function verifyEmail(
  client: ApiClient,
  userId: string,
  query: VerifyEmailQuery,
): Promise<VerifyEmailAnswer> {
  return client.post<VerifyEmailAnswer>(`/api/email/verify/${encodeURIComponent(userId)}`, undefined, {
    query,
  });
}

/** A new verification link; the answer is the same whether or not the address exists. */
export function resendVerification(client: ApiClient, query: EmailQuery): Promise<SuccessMessage> {
  return client.post<SuccessMessage>('/api/email/resend', undefined, { query });
}

/** Mails a reset link; the answer is the same whether or not the address exists. */
export function requestPasswordReset(client: ApiClient, query: EmailQuery): Promise<SuccessMessage> {
  return client.post<SuccessMessage>('/api/password/email', undefined, { query });
}

/** The new password, with the address and token of the reset link. */
export function resetPassword(
  client: ApiClient,
  query: ResetPasswordQuery,
  body: ResetPasswordBody,
): Promise<SuccessMessage> {
  return client.post<SuccessMessage>('/api/password/reset', body, { query });
}
