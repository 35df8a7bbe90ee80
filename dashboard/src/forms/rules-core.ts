/** The rules' names, spelled as in vee-validate's classic rule set. */
export type RuleName =
  | 'after'
  | 'alpha'
  | 'alpha_dash'
  | 'alpha_num'
  | 'alpha_spaces'
  | 'before'
  | 'between'
  | 'confirmed'
  | 'credit_card'
  | 'date_between'
  | 'date_format'
  | 'decimal'
  | 'digits'
  | 'dimensions'
  | 'email'
  | 'excluded'
  | 'ext'
  | 'image'
  | 'included'
  | 'integer'
  | 'ip'
  | 'ip_or_fqdn'
  | 'is'
  | 'is_not'
  | 'length'
  | 'max'
  | 'max_value'
  | 'mimes'
  | 'min'
  | 'min_value'
  | 'numeric'
  | 'regex'
  | 'required'
  | 'required_if'
  | 'size'
  | 'url';

/** A form's values, keyed by field name. */
export type FormValues = Readonly<Record<string, unknown>>;

/** What a rule is given besides the value it checks. */
export interface RuleContext {
  /** The human label of the field being checked, as it appears in messages ("password confirmation"). */
  readonly label: string;
  /** Every value of the form, for the rules that read another field (`confirmed`, `required_if`, dates). */
  readonly values: FormValues;
  /** The human label of another field, for messages that name it. */
  readonly labelOf: (field: string) => string;
}

/** `null` when the value passes, otherwise the English message for the field. */
export type RuleResult = string | null;

/** A rule that answers at once. */
export interface SyncRule {
  readonly name: RuleName;
  readonly async: false;
  readonly check: (value: unknown, context: RuleContext) => RuleResult;
}

/** A rule that has to wait for something, such as decoding an image. */
export interface AsyncRule {
  readonly name: RuleName;
  readonly async: true;
  readonly check: (value: unknown, context: RuleContext) => Promise<RuleResult>;
}

/** Any rule; `async` tells the two kinds apart. */
export type Rule = SyncRule | AsyncRule;

/** The rules of each field of a form, run in order. */
export type FormSchema<K extends string = string> = Readonly<Record<K, readonly Rule[]>>;

/** A form schema whose rules are all synchronous, so it can be checked without awaiting. */
export type SyncFormSchema<K extends string = string> = Readonly<Record<K, readonly SyncRule[]>>;

/** The first message of each failing field; a field that passes has no key. */
export type FormErrors<K extends string = string> = Partial<Record<K, string>>;

/** Options of {@link validateForm} and {@link validateFormSync}. */
export interface FormOptions {
  /** Human labels by field name; a field without one is named by its key with underscores as spaces. */
  readonly labels?: Readonly<Record<string, string>>;
}

/** What {@link validateField} needs to know about the field and its form. */
export interface FieldOptions extends FormOptions {
  /** The human label of the field, used in its messages. */
  readonly label: string;
  /** The form's other values, for `confirmed`, `required_if` and date targets. */
  readonly values?: FormValues;
}

/**
 * Whether a value counts as not filled in: `null`, `undefined`, `NaN`, `false` (an unticked checkbox),
 * a string of whitespace only, an empty array or an empty `FileList`.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  // An empty number input read with `valueAsNumber` gives NaN.
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return typeof FileList !== 'undefined' && value instanceof FileList && value.length === 0;
}

/** Builds a synchronous rule. */
export function syncRule(
  name: RuleName,
  check: (value: unknown, context: RuleContext) => RuleResult,
): SyncRule {
  return { name, async: false, check };
}

/** Builds a synchronous rule that lets empty values through, as every rule but the `required` ones does. */
export function optionalRule(
  name: RuleName,
  check: (value: unknown, context: RuleContext) => RuleResult,
): SyncRule {
  return syncRule(name, (value, context) => (isEmpty(value) ? null : check(value, context)));
}

/** A value as text when it is a string or a finite number, otherwise `null`. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * Builds a rule on the value as text (a string, or a number written out): empty values pass, values that
 * are neither fail, and the message reads "The {label} field {wording}".
 */
export function textRule(name: RuleName, test: (text: string) => boolean, wording: string): SyncRule {
  return optionalRule(name, (value, { label }) => {
    const text = asText(value);
    return text !== null && test(text) ? null : `The ${label} field ${wording}`;
  });
}

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** A value as a number when it is a finite number or a plain decimal string, otherwise `null`. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Number() alone would take '', '0x1f' and '1e3' for numbers.
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  return null;
}

/** The label of a field that was given none: its key with underscores as spaces. */
export function defaultLabel(field: string): string {
  return field.replaceAll('_', ' ');
}

function labeller(labels: Readonly<Record<string, string>> | undefined): (field: string) => string {
  return (field) => labels?.[field] ?? defaultLabel(field);
}

/**
 * Checks one value against its rules in order and gives the first message, or `null` when all pass.
 * The rules after the first failure are not run, so a costly rule such as `dimensions` placed last
 * only runs on a value that passed the cheap ones.
 */
export async function validateField(
  rules: readonly Rule[],
  value: unknown,
  options: FieldOptions,
): Promise<RuleResult> {
  const context = fieldContext(options);
  for (const rule of rules) {
    const message = rule.async ? await rule.check(value, context) : rule.check(value, context);
    if (message !== null) return message;
  }
  return null;
}

/** {@link validateField} for synchronous rules only, answering without a Promise. */
export function validateFieldSync(
  rules: readonly SyncRule[],
  value: unknown,
  options: FieldOptions,
): RuleResult {
  const context = fieldContext(options);
  for (const rule of rules) {
    const message = rule.check(value, context);
    if (message !== null) return message;
  }
  return null;
}

function fieldContext(options: FieldOptions): RuleContext {
  return { label: options.label, values: options.values ?? {}, labelOf: labeller(options.labels) };
}

/**
 * Checks every field of `schema` against `values` and gives the first message of each failing field;
 * an empty object means the form is valid. Values without rules are still readable by other fields' rules.
 */
export async function validateForm<K extends string>(
  schema: FormSchema<K>,
  values: FormValues,
  options: FormOptions = {},
): Promise<FormErrors<K>> {
  const fields = fieldsOf(schema);
  const messages = await Promise.all(
    fields.map((field) =>
      validateField(schema[field], values[field], formFieldOptions(field, values, options)),
    ),
  );
  return collect(fields, messages);
}

/** {@link validateForm} for a schema of synchronous rules only, answering without a Promise. */
export function validateFormSync<K extends string>(
  schema: SyncFormSchema<K>,
  values: FormValues,
  options: FormOptions = {},
): FormErrors<K> {
  const fields = fieldsOf(schema);
  const messages = fields.map((field) =>
    validateFieldSync(schema[field], values[field], formFieldOptions(field, values, options)),
  );
  return collect(fields, messages);
}

function fieldsOf<K extends string>(schema: Readonly<Record<K, unknown>>): K[] {
  // Object.keys is typed string[]; the keys of a Record<K, …> literal are K.
  return Object.keys(schema) as K[];
}

function formFieldOptions(field: string, values: FormValues, options: FormOptions): FieldOptions {
  return { label: labeller(options.labels)(field), values, labels: options.labels };
}

function collect<K extends string>(fields: readonly K[], messages: readonly RuleResult[]): FormErrors<K> {
  const errors: FormErrors<K> = {};
  fields.forEach((field, index) => {
    const message = messages[index];
    if (message !== undefined && message !== null) errors[field] = message;
  });
  return errors;
}
