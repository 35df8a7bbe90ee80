import type {
  RecoveryCodesAnswer,
  SuccessMessage,
  TwoFactorConfirmBody,
  TwoFactorEnableBody,
  TwoFactorSetupAnswer,
  TwoFactorSetupBody,
  TwoFactorStatusAnswer,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// Two-factor sign-in of the signed-in account (docs/api.md "Two-factor sign-in"): a user's and an admin's
// own are the same routes under their own prefix.

/** Whose two-factor sign-in: the signed-in user's, or the signed-in admin's. */
export type TwoFactorAccount = 'user' | 'admin';

const base = (account: TwoFactorAccount) =>
  account === 'admin' ? '/api/admin/two-factor' : '/api/user/two-factor';

export function getTwoFactorStatus(
  client: ApiClient,
  account: TwoFactorAccount,
  options?: CallOptions,
): Promise<TwoFactorStatusAnswer> {
  return client.get<TwoFactorStatusAnswer>(base(account), options);
}

/** A new secret (and its QR code), confirmed by `enableTwoFactor`. */
export function setUpTwoFactor(
  client: ApiClient,
  account: TwoFactorAccount,
  body: TwoFactorSetupBody,
): Promise<TwoFactorSetupAnswer> {
  return client.post<TwoFactorSetupAnswer>(`${base(account)}/setup`, body);
}

/** The first code, which turns it on; the answer carries the recovery codes, shown once. */
export function enableTwoFactor(
  client: ApiClient,
  account: TwoFactorAccount,
  body: TwoFactorEnableBody,
): Promise<RecoveryCodesAnswer> {
  return client.post<RecoveryCodesAnswer>(`${base(account)}/enable`, body);
}

export function disableTwoFactor(
  client: ApiClient,
  account: TwoFactorAccount,
  body: TwoFactorConfirmBody,
): Promise<SuccessMessage> {
  return client.post<SuccessMessage>(`${base(account)}/disable`, body);
}

/** A new set of recovery codes in place of the old. */
export function renewRecoveryCodes(
  client: ApiClient,
  account: TwoFactorAccount,
  body: TwoFactorConfirmBody,
): Promise<RecoveryCodesAnswer> {
  return client.post<RecoveryCodesAnswer>(`${base(account)}/recovery-codes`, body);
}
