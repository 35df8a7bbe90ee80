import { type Static, Type } from '@sinclair/typebox';
import { TwoFactorPending } from '../accounts/two-factor';
import { Timestamp } from '../common';

/** An admin account: a separate kind of account from users (docs/api.md "Admin accounts"). */
export const Admin = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.Literal('admin'),
});
export type Admin = Static<typeof Admin>;

/** An admin's successful sign-in, by password alone or by its second step. */
export const AdminSignedIn = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_at: Timestamp,
    user: Admin,
  }),
});
export type AdminSignedIn = Static<typeof AdminSignedIn>;

/** `POST /api/admin/login`: signed in, or a second step to take (docs/api.md "Two-factor sign-in"). */
export const AdminLoginAnswer = Type.Union([AdminSignedIn, TwoFactorPending]);
export type AdminLoginAnswer = Static<typeof AdminLoginAnswer>;

/** An admin signed in by enrolling in two-factor sign-in, with the recovery codes shown this once. */
export const AdminEnrolledSignIn = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_at: Timestamp,
    user: Admin,
    recovery_codes: Type.Array(Type.String()),
  }),
});
export type AdminEnrolledSignIn = Static<typeof AdminEnrolledSignIn>;

export const AdminUserAnswer = Type.Object({ data: Admin });
export type AdminUserAnswer = Static<typeof AdminUserAnswer>;
