import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../common';
import { limits } from '../limits';

// Two-factor sign-in with a time-based one-time password (TOTP, RFC 6238), for users and admins alike
// (docs/api.md "Two-factor sign-in"). The account routes live under `/api/user/two-factor` and
// `/api/admin/two-factor`; the second step of a sign-in under `/api/login/two-factor` and
// `/api/admin/login/two-factor`.

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A one-time code as typed: the 6 digits of the app, or a recovery code (`xxxx-xxxx-xx`). Spaces and dashes
 * are ignored and letters may be of either case; anything longer than this is refused outright.
 */
const Code = Type.String({ maxLength: 64 });
const Password = Type.String({ maxLength: limits.passwordMax });
/** The opaque challenge a sign-in's password step answered. */
const Challenge = Type.String({ maxLength: 200 });

/** `GET /api/user/two-factor`: whether two-factor sign-in is on and how many recovery codes are left. */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabled_at: Nullable(Timestamp),
  recovery_codes_left: Type.Integer(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TwoFactorStatusAnswer = Type.Object({ data: TwoFactorStatus });
export type TwoFactorStatusAnswer = Static<typeof TwoFactorStatusAnswer>;

/** `POST …/two-factor/setup`: the account's password, before a new secret is shown. */
export const TwoFactorSetupBody = Type.Object({ password: Password });
export type TwoFactorSetupBody = Static<typeof TwoFactorSetupBody>;

/** A new secret waiting for its first code: to scan as a QR code or to type in. */
export const TwoFactorEnrolment = Type.Object({
  /** Base32, as authenticator apps take it when typed. */
  secret: Type.String(),
  /** The `otpauth://totp/…` URL the QR code holds. */
  otpauth_url: Type.String(),
  /** The QR code as an SVG document, to show as an image. */
  qr_svg: Type.String(),
});
export type TwoFactorEnrolment = Static<typeof TwoFactorEnrolment>;

export const TwoFactorSetupAnswer = Type.Object({ data: TwoFactorEnrolment });
export type TwoFactorSetupAnswer = Static<typeof TwoFactorSetupAnswer>;

/** `POST …/two-factor/enable`: the first code of the app, which confirms the enrolment. */
export const TwoFactorEnableBody = Type.Object({ code: Code });
export type TwoFactorEnableBody = Static<typeof TwoFactorEnableBody>;

/** The recovery codes, shown this once: the server keeps only their digests. */
export const RecoveryCodesAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ recovery_codes: Type.Array(Type.String()) }),
});
export type RecoveryCodesAnswer = Static<typeof RecoveryCodesAnswer>;

/** `POST …/two-factor/disable` and `…/recovery-codes`: the password and a code (app or recovery). */
export const TwoFactorConfirmBody = Type.Object({ password: Password, code: Code });
export type TwoFactorConfirmBody = Static<typeof TwoFactorConfirmBody>;

/**
 * The password step's answer when a second step is needed: `two_factor_required` (send a code with the
 * challenge) or, for an admin who must use two-factor sign-in and has not set it up,
 * `two_factor_setup_required` (enrol with the challenge first).
 */
export const TwoFactorPending = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  data: Type.Object({
    status: Type.Union([Type.Literal('two_factor_required'), Type.Literal('two_factor_setup_required')]),
    challenge: Type.String(),
    expires_at: Timestamp,
  }),
});
export type TwoFactorPending = Static<typeof TwoFactorPending>;

/** `POST /api/login/two-factor`: the challenge with either the app's code or a recovery code. */
export const TwoFactorLoginBody = Type.Object({
  challenge: Challenge,
  code: Type.Optional(Code),
  recovery_code: Type.Optional(Code),
});
export type TwoFactorLoginBody = Static<typeof TwoFactorLoginBody>;

/** `POST /api/admin/login/two-factor/setup`: the challenge of a sign-in that must enrol first. */
export const TwoFactorChallengeBody = Type.Object({ challenge: Challenge });
export type TwoFactorChallengeBody = Static<typeof TwoFactorChallengeBody>;

/** `POST /api/admin/login/two-factor/enable`: that challenge with the first code of the app. */
export const TwoFactorChallengeEnableBody = Type.Object({ challenge: Challenge, code: Code });
export type TwoFactorChallengeEnableBody = Static<typeof TwoFactorChallengeEnableBody>;
