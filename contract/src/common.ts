import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** The one error shape of every non-2xx answer (docs/api.md "Errors"). */
export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** An ISO 8601 UTC timestamp such as `2026-11-21T09:30:00.000Z`. */
export const Timestamp = Type.String({ format: 'date-time' });

/** `T | null`, serialized as JSON null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A resource id in a path: a positive integer below 2^31. The server answers 404 (never 422 or 500) when a
 * path id does not match this.
 */
export const ResourceId = Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 });

export const IdParams = Type.Object({ id: ResourceId });
export type IdParams = Static<typeof IdParams>;

/** `{success:true, message}`: the answer of the account routes that carry no data. */
export const SuccessMessage = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type SuccessMessage = Static<typeof SuccessMessage>;

/**
 * Laravel-style field rules the server checks across fields, attached to an object schema as a keyword:
 * `confirmed: ['password']` requires `password_confirmation` to equal `password`;
 * `requiredWithout: {company_name: 'invitation'}` requires `company_name` unless `invitation` is given.
 */
export interface CrossFieldRules {
  confirmed?: string[];
  requiredWithout?: Record<string, string>;
}
