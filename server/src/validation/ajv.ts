import { Ajv, type AnySchema, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isStorableText, withStorableText } from './text';
import { plainUrlIntegers } from './url-integers';

/** Accepts only absolute http(s) URLs: `javascript:` or `ftp:` links are never a website. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * `confirmed: ['password']` on an object schema: `password_confirmation` must equal `password`. The error
 * is reported on `password`, as Laravel does.
 */
function addConfirmedKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'confirmed',
    type: 'object',
    schemaType: 'array',
    errors: true,
    validate: function confirmed(fields: string[], data: Record<string, unknown>) {
      const errors: ErrorObject[] = [];
      for (const field of fields) {
        if (data[field] === undefined) continue;
        if (data[`${field}_confirmation`] !== data[field]) {
          errors.push({ keyword: 'confirmed', instancePath: `/${field}`, schemaPath: '', params: {} });
        }
      }
      (confirmed as { errors?: ErrorObject[] }).errors = errors;
      return errors.length === 0;
    },
  });
}

/**
 * `requiredWithout: {company_name: 'invitation'}` on an object schema: `company_name` is required unless
 * `invitation` is present (Laravel's `required_without`). Reported as a plain `required` error.
 */
function addRequiredWithoutKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'requiredWithout',
    type: 'object',
    schemaType: 'object',
    errors: true,
    validate: function requiredWithout(rules: Record<string, string>, data: Record<string, unknown>) {
      const errors: ErrorObject[] = [];
      for (const [field, other] of Object.entries(rules)) {
        if (data[field] === undefined && data[other] === undefined) {
          errors.push({
            keyword: 'required',
            instancePath: '',
            schemaPath: '',
            params: { missingProperty: field },
          });
        }
      }
      (requiredWithout as { errors?: ErrorObject[] }).errors = errors;
      return errors.length === 0;
    },
  });
}

/** `storableText: true` on a string schema: the text rule of `text.ts`; every string gets it on compiling. */
function addStorableTextKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'storableText',
    type: 'string',
    schemaType: 'boolean',
    validate: (_enabled: boolean, data: string) => isStorableText(data),
  });
}

function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    strict: false,
  });
  addFormats(ajv, ['email', 'date-time', 'date', 'uri']);
  ajv.addFormat('http-url', isHttpUrl);
  ajv.addFormat('timezone', isTimeZone);
  addConfirmedKeyword(ajv);
  addRequiredWithoutKeyword(ajv);
  addStorableTextKeyword(ajv);
  return ajv;
}

/**
 * Bodies are validated without type coercion (`{"name": 123}` is an error, not "123"); the query string,
 * path parameters and headers are text by nature, so they are coerced to the declared types (integers
 * only from plain decimal digits: `url-integers.ts`). Every string, in every part, must be storable text.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<AnySchema> {
  const strict = createAjv(false);
  const coercing = createAjv(true);
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return strict.compile(withStorableText(schema) as AnySchema);
    const validate = coercing.compile(withStorableText(schema) as AnySchema);
    return httpPart === 'params' || httpPart === 'querystring'
      ? plainUrlIntegers(schema, validate)
      : validate;
  };
}

/**
 * For routes that read their query string themselves (the analytics query refuses unknown, repeated and
 * empty parameters, which ajv would strip or coerce): the query schema then only documents the route.
 * Path parameters and bodies are still checked.
 */
export function createValidatorCompilerWithDocumentedQuery(): FastifySchemaCompiler<AnySchema> {
  const compile = createValidatorCompiler();
  return (route) => (route.httpPart === 'querystring' ? () => true : compile(route));
}
