/**
 * The rule every text that comes in must keep, in the words of the messages that quote it. PostgreSQL
 * refuses U+0000 in `text` and `jsonb` values (SQLite stores it), and its `jsonb` refuses an unpaired UTF-16
 * surrogate (`"\ud800"` in JSON), which its `text` columns would silently store as U+FFFD. Refusing both
 * at the boundary keeps every input a 4xx, never a failed statement, and the two databases alike.
 */
export const STORABLE_TEXT_RULE = 'must not contain NUL characters or unpaired surrogates';

const NUL = '\u0000';
// Only strings holding a surrogate at all are searched for an unpaired one: a quick scan in nearly all cases.
const SURROGATE = /[\uD800-\uDFFF]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as it is on both databases: no NUL, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  if (value.includes(NUL)) return false;
  return !SURROGATE.test(value) || !UNPAIRED_SURROGATE.test(value);
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringSchema(schema: Schema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/**
 * A copy of a JSON schema where every string schema, however deep, also carries the `storableText`
 * keyword (validation/ajv.ts), so that no route can take a text that the rule refuses, whatever its
 * contract says. The contract's own objects are left as they are (the OpenAPI document reads them).
 */
export function withStorableText(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withStorableText);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `const`, `enum`, `default` and `examples` hold values, not schemas.
    copy[key] =
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
        ? value
        : withStorableText(value);
  }
  if (isStringSchema(schema)) copy.storableText = true;
  return copy;
}
