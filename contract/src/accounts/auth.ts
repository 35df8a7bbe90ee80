import { type Static, Type } from '@sinclair/typebox';
import { Nullable, SuccessMessage, Timestamp } from '../common';
import { limits } from '../limits';
import { TwoFactorPending } from './two-factor';

export { limits };

const Email = Type.String({ format: 'email', maxLength: limits.emailMax });
const Password = Type.String({ minLength: limits.passwordMin, maxLength: limits.passwordMax });
const Name = Type.String({ maxLength: limits.nameMax });
/** An absolute http(s) URL. */
export const WebsiteUrl = Type.String({ format: 'http-url', maxLength: limits.websiteMax });
/** An IANA time zone name such as `Europe/Paris`. */
export const TimeZone = Type.String({ format: 'timezone', maxLength: limits.timezoneMax });

export const RegisterBody = Type.Object(
  {
    name: Name,
    email: Email,
    password: Password,
    password_confirmation: Type.Optional(Type.String({ maxLength: limits.passwordMax })),
    /** The first site's name; not asked of someone who signs up to join a team (`invitation`). */
    company_name: Type.Optional(Type.String({ maxLength: limits.nameMax })),
    website: Type.Optional(WebsiteUrl),
    timezone: Type.Optional(TimeZone),
    /** Accepted for existing clients' sake; registration does not sign in, so it has no effect. */
    remember: Type.Optional(Type.Boolean()),
    /**
     * The token of an invitation's link, sent to that same address: the account joins the inviting
     * company instead of creating one, and its address counts as verified (the link reached it).
     */
    invitation: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { confirmed: ['password'], requiredWithout: { company_name: 'invitation' } },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** The decrypted answer of `POST /api/register` (it travels in the envelope). */
export const RegisterAnswer = Type.Union([
  Type.Object({
    success: Type.Literal(true),
    message: Type.String(),
    /** `joined` when signing up with an invitation: the account is verified and may sign in at once. */
    data: Type.Object({
      status: Type.Union([Type.Literal('verification-sent'), Type.Literal('joined')]),
      user_id: Type.Integer(),
    }),
  }),
  Type.Object({ success: Type.Literal(false), message: Type.String() }),
]);
export type RegisterAnswer = Static<typeof RegisterAnswer>;

/**
 * A member's role in a company's team, from most to least powerful (docs/api.md "Sites and teams"): the one `owner`
 * (everything, deleting the company and billing included), `admin` (settings, keys, members, imports),
 * `viewer` (dashboards and reports).
 */
export const MembershipRole = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('viewer'),
]);
export type MembershipRole = Static<typeof MembershipRole>;

/** A company as listed on the user object. */
export const UserCompany = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: MembershipRole,
  /** The plan's slug (`free`, …). */
  plan: Type.String(),
});
export type UserCompany = Static<typeof UserCompany>;

/** The signed-in user (`GET /api/user`, in the envelope). */
export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Nullable(Timestamp),
  created_at: Timestamp,
  companies: Type.Array(UserCompany),
  /**
   * Whether the account has a password: false for one made by single sign-on that never chose one. The
   * routes that ask for `current_password` ask it only of accounts that have one.
   */
  has_password: Type.Boolean(),
});
export type User = Static<typeof User>;

/**
 * `DELETE /api/user`: the account's own address, typed to confirm, and its password when it has one. The
 * sites the user owns are deleted with the account; their other memberships end.
 */
export const DeleteAccountBody = Type.Object({
  email: Type.String({ maxLength: limits.emailMax }),
  current_password: Type.Optional(Type.String({ maxLength: limits.passwordMax })),
});
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** `PATCH /api/user`: a new `email` needs the account's `current_password` too. */
export const UpdateUserBody = Type.Object({
  name: Type.Optional(Name),
  email: Type.Optional(Email),
  current_password: Type.Optional(Type.String({ maxLength: limits.passwordMax })),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UpdateUserAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: User,
});
export type UpdateUserAnswer = Static<typeof UpdateUserAnswer>;

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ maxLength: limits.passwordMax }),
    password: Password,
    password_confirmation: Type.Optional(Type.String({ maxLength: limits.passwordMax })),
  },
  { confirmed: ['password'] },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ maxLength: limits.passwordMax }),
  remember: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBody>;

const Bearer = {
  token: Type.String(),
  token_type: Type.Literal('Bearer'),
  /** When the session ends unless it is used again (24-hour sessions slide with use). */
  expires_at: Timestamp,
};

/** A user's successful sign-in, by password alone or by its second step. */
export const UserSignedIn = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ ...Bearer, user: User }),
});
export type UserSignedIn = Static<typeof UserSignedIn>;

export const LoginAnswer = Type.Union([
  UserSignedIn,
  TwoFactorPending,
  Type.Object({
    success: Type.Literal(false),
    message: Type.String(),
    data: Type.Object({ status: Type.Literal('unverified'), user_id: Type.Integer() }),
  }),
]);
export type LoginAnswer = Static<typeof LoginAnswer>;

/** The query of a verification link: `?expires={unix seconds}&signature={hex}`. */
export const VerifyEmailQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 128 })),
});
export type VerifyEmailQuery = Static<typeof VerifyEmailQuery>;

/** The user id of a verification link; any other value is a bad link (400). */
export const VerifyEmailParams = Type.Object({ user_id: Type.String({ maxLength: 20 }) });
export type VerifyEmailParams = Static<typeof VerifyEmailParams>;

export const VerifyEmailAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ status: Type.Union([Type.Literal('verified'), Type.Literal('already-verified')]) }),
});
export type VerifyEmailAnswer = Static<typeof VerifyEmailAnswer>;

/** `?email=` of the resend and reset-request routes; a JSON body `{email}` is accepted too. */
export const EmailQuery = Type.Object({ email: Email });
export type EmailQuery = Static<typeof EmailQuery>;

export const ResetPasswordQuery = Type.Object({
  email: Email,
  token: Type.String({ maxLength: 200 }),
});
export type ResetPasswordQuery = Static<typeof ResetPasswordQuery>;

export const ResetPasswordBody = Type.Object(
  {
    password: Password,
    password_confirmation: Type.Optional(Type.String({ maxLength: limits.passwordMax })),
  },
  { confirmed: ['password'] },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export { SuccessMessage };
