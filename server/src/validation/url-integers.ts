import type { ErrorObject } from 'ajv';

/** An integer as a URL writes it: decimal digits, an optional minus, no leading zero. */
const PLAIN_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** Whether a URL's text is an integer written plainly (`12`, `-3`; not `012`, `+1`, `1.0`, `1e1`, `0x1`). */
export const isPlainInteger = (text: string): boolean => PLAIN_INTEGER.test(text);

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The integer-typed properties of an object schema (path parameters and query strings are objects). */
function integerFields(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
}

/**
 * ajv coerces any text that JavaScript reads as a number, so `1e3`, `0x1`, ` 1`, `+1`, `1.0` and `01`
 * would all name an id (1000 and 1). An integer in a URL must be written plainly in decimal: anything else
 * fails as a type error on its field before ajv coerces it, which is 404 for a path id and 422 for a query
 * field (plugins/errors.ts).
 */
export function plainUrlIntegers(schema: unknown, validate: Validate): Validate {
  const fields = integerFields(schema);
  if (fields.length === 0) return validate;
  const checked: Validate = (data) => {
    const errors: ErrorObject[] = [];
    for (const field of fields) {
      const value = (data as Record<string, unknown> | null | undefined)?.[field];
      if (typeof value === 'string' && !isPlainInteger(value)) {
        errors.push({
          keyword: 'type',
          instancePath: `/${field}`,
          schemaPath: `#/properties/${field}/type`,
          params: { type: 'integer' },
          message: 'must be integer',
        });
      }
    }
    const valid = validate(data);
    if (errors.length === 0) {
      checked.errors = validate.errors;
      return valid;
    }
    // The other fields' failures too, as ajv reports every failure; not what it says of the refused ones.
    const refused = new Set(errors.map((error) => error.instancePath));
    checked.errors = [
      ...errors,
      ...(validate.errors ?? []).filter((error) => !refused.has(error.instancePath)),
    ];
    return false;
  };
  return checked;
}
