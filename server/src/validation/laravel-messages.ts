import type { FastifySchemaValidationError } from 'fastify';
import type { FieldErrors } from '../errors';
import { STORABLE_TEXT_RULE } from './text';

/** `company_name` → `company name`, `domains/0` → `domains.0`: how Laravel names an attribute. */
function attributeName(field: string): string {
  return field.replace(/\./g, ' ').replace(/_/g, ' ');
}

const FORMAT_NOUNS: Record<string, string> = {
  email: 'a valid email address',
  'http-url': 'a valid URL',
  uri: 'a valid URL',
  timezone: 'a valid timezone',
  'date-time': 'a valid date',
  date: 'a valid date',
};

const TYPE_NOUNS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  array: 'an array',
  object: 'an object',
};

function typeMessage(attribute: string, type: unknown): string {
  if (type === 'boolean') return `The ${attribute} field must be true or false.`;
  const noun = typeof type === 'string' ? TYPE_NOUNS[type] : undefined;
  return noun ? `The ${attribute} field must be ${noun}.` : `The ${attribute} field is invalid.`;
}

/** One ajv error as a Laravel validation message (docs/api.md "Errors": "The email field is required."). */
function describe(error: FastifySchemaValidationError, attribute: string): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `The ${attribute} field is required.`;
    case 'type':
      return typeMessage(attribute, params.type);
    case 'minLength':
      return `The ${attribute} field must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `The ${attribute} field must not be greater than ${params.limit} characters.`;
    case 'minimum':
      return `The ${attribute} field must be at least ${params.limit}.`;
    case 'maximum':
      return `The ${attribute} field must not be greater than ${params.limit}.`;
    case 'minItems':
    case 'minProperties':
      return `The ${attribute} field must have at least ${params.limit} items.`;
    case 'maxItems':
    case 'maxProperties':
      return `The ${attribute} field must not have more than ${params.limit} items.`;
    case 'format': {
      const noun = FORMAT_NOUNS[String(params.format)];
      return noun ? `The ${attribute} field must be ${noun}.` : `The ${attribute} field format is invalid.`;
    }
    case 'confirmed':
      return `The ${attribute} field confirmation does not match.`;
    case 'storableText':
      return `The ${attribute} field ${STORABLE_TEXT_RULE}.`;
    case 'const':
    case 'enum':
    case 'anyOf':
      return `The selected ${attribute} is invalid.`;
    default:
      return `The ${attribute} field is invalid.`;
  }
}

/** The field an error belongs to: the missing property for `required`, otherwise the instance path. */
function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string')
    return path ? `${path}.${missing}` : missing;
  return path;
}

/**
 * Maps ajv errors to `errors.<field>` with Laravel-style English messages. Errors on the whole document
 * (a body that is not an object at all) come back under the empty key, for the caller to turn into 400.
 */
export function toFieldErrors(errors: FastifySchemaValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) {
    const field = fieldOf(error);
    // Under anyOf, ajv reports every branch's failure as well; the anyOf error alone says it.
    if (
      errors.some((e) => e.keyword === 'anyOf' && e.instancePath === error.instancePath) &&
      error.keyword !== 'anyOf'
    ) {
      continue;
    }
    const message = describe(error, attributeName(field));
    const list = fields[field] ?? [];
    if (!list.includes(message)) list.push(message);
    fields[field] = list;
  }
  return fields;
}
