import { type Static, Type } from '@sinclair/typebox';

export const HealthAnswer = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
  version: Type.String(),
});
export type HealthAnswer = Static<typeof HealthAnswer>;
