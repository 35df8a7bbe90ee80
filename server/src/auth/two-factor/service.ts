import type { TwoFactorStatus } from '@footfall/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, fieldError } from '../../errors';
import type { AccountKind } from '../sessions';
import { twoFactorMessages as text } from './messages';
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { SecretBox } from './secret-box';
import { enrolmentOf, matchingStep, newTotpSecret, normalizeTotpCode } from './totp';

export interface TwoFactorAccount {
  kind: AccountKind;
  id: number;
  email: string;
}

/** Which kind of code proved the second factor. */
export type CodeKind = 'app' | 'recovery';

const conflict = (message: string) => new AppError(409, message);
/** A name for the account, bound into its secret's ciphertext and its recovery codes' digests. */
const accountKey = (kind: AccountKind, id: number) => `${kind}:${id}`;

/**
 * Two-factor sign-in of users and admins (docs/api.md "Two-factor sign-in"): enrolment, codes from the
 * app (each time step at most once), single-use recovery codes, and turning it off. Failed codes throw a
 * 422 on `field`; the callers count them against their limits.
 */
export function createTwoFactorService(app: FastifyInstance, serverSecret: string) {
  const box = new SecretBox(serverSecret);
  const repo = app.repos.twoFactor;

  async function status(kind: AccountKind, id: number): Promise<TwoFactorStatus> {
    const row = await repo.find(kind, id);
    const enabledAt = row?.enabledAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabled_at: enabledAt?.toISOString() ?? null,
      recovery_codes_left: enabledAt ? await repo.countRecoveryCodesLeft(kind, id) : 0,
    };
  }

  async function isEnabled(kind: AccountKind, id: number): Promise<boolean> {
    return Boolean((await repo.find(kind, id))?.enabledAt);
  }

  /** Starts (or starts over) an enrolment: a new secret, shown as a QR code and as text. */
  async function setup(account: TwoFactorAccount) {
    const secret = newTotpSecret();
    const sealed = box.seal(secret, accountKey(account.kind, account.id));
    if (!(await repo.startEnrolment(account.kind, account.id, sealed, app.now()))) {
      throw conflict(text.alreadyOn);
    }
    return enrolmentOf(secret, account.email);
  }

  /** The time step of a code of the account's secret, or a 422 when the code is not a current one. */
  async function stepOf(kind: AccountKind, id: number, typed: string, field: string) {
    const row = await repo.find(kind, id);
    if (!row) throw conflict(text.notStarted);
    const secret = box.open(row.secret, accountKey(kind, id));
    // Sealed under another server secret (JWT_SECRET changed): only the recovery codes still work.
    if (secret === undefined) throw conflict(row.enabledAt ? text.secretUnreadable : text.notStarted);
    const code = normalizeTotpCode(typed);
    const step = code === null ? null : matchingStep(secret, code, app.now());
    if (step === null) throw fieldError(field, text.wrongCode);
    if (row.lastStep !== null && step <= row.lastStep) throw fieldError(field, text.reusedCode);
    return { row, step };
  }

  /** Turns two-factor sign-in on with the first code of the app; answers the recovery codes, once. */
  async function enable(kind: AccountKind, id: number, typed: string, field = 'code'): Promise<string[]> {
    const { row, step } = await stepOf(kind, id, typed, field);
    if (row.enabledAt) throw conflict(text.alreadyOn);
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => recoveryCodeHash(accountKey(kind, id), code));
    if (!(await repo.enable(kind, id, step, hashes, app.now()))) throw fieldError(field, text.reusedCode);
    return codes;
  }

  async function checkAppCode(kind: AccountKind, id: number, typed: string, field: string) {
    const { step } = await stepOf(kind, id, typed, field);
    // The step is claimed in one statement: of two requests with the same code, one wins.
    if (!(await repo.acceptStep(kind, id, step, app.now()))) throw fieldError(field, text.reusedCode);
  }

  async function checkRecoveryCode(kind: AccountKind, id: number, typed: string, field: string) {
    const code = normalizeRecoveryCode(typed);
    const used =
      code !== null &&
      (await repo.useRecoveryCode(kind, id, recoveryCodeHash(accountKey(kind, id), code), app.now()));
    if (!used) throw fieldError(field, text.wrongRecoveryCode);
  }

  /**
   * Proves the second factor of an account that has it on: a code of the app, or (where `accept` allows)
   * a recovery code, which is spent. `any` takes whichever the typed text looks like.
   */
  async function verify(
    kind: AccountKind,
    id: number,
    typed: string,
    accept: CodeKind | 'any',
    field: string,
  ): Promise<CodeKind> {
    if (!(await isEnabled(kind, id))) throw conflict(text.notOn);
    const looksLikeApp = normalizeTotpCode(typed) !== null;
    const as: CodeKind = accept === 'any' ? (looksLikeApp ? 'app' : 'recovery') : accept;
    if (as === 'app') await checkAppCode(kind, id, typed, field);
    else await checkRecoveryCode(kind, id, typed, field);
    return as;
  }

  /** A new set of recovery codes; the old ones, used or not, stop working. */
  async function regenerateRecoveryCodes(kind: AccountKind, id: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => recoveryCodeHash(accountKey(kind, id), code));
    await repo.replaceRecoveryCodes(kind, id, hashes, app.now());
    return codes;
  }

  const disable = (kind: AccountKind, id: number) => repo.disable(kind, id);

  return { status, isEnabled, setup, enable, verify, regenerateRecoveryCodes, disable };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
