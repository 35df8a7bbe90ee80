import { type Static, Type } from '@sinclair/typebox';
import { Timestamp } from './common';

/** An admin account: a separate kind of account from users (API.md §3). */
export const Admin = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.Literal('admin'),
});
export type Admin = Static<typeof Admin>;

export const AdminLoginAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_at: Timestamp,
    user: Admin,
  }),
});
export type AdminLoginAnswer = Static<typeof AdminLoginAnswer>;

export const AdminUserAnswer = Type.Object({ data: Admin });
export type AdminUserAnswer = Static<typeof AdminUserAnswer>;
