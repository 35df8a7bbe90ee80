/**
 * The dashboard's form rules, named as in vee-validate's classic rule set, with its English messages.
 * A form's rules are data, checked in order with the first message of each field kept:
 *
 * ```ts
 * const schema = {
 *   email: [required(), email()],
 *   password: [required(), min(8)],
 *   password_confirmation: [required(), confirmed('password')],
 * };
 * validateFormSync(schema, { email: 'ada@example', password: 'secret', password_confirmation: 'secret!' }, {
 *   labels: { email: 'work email' },
 * });
 * // {
 * //   email: 'The work email field must be a valid email',
 * //   password: 'The password field must be at least 8 characters',
 * //   password_confirmation: 'The password confirmation does not match the password',
 * // }
 * ```
 *
 * Every rule but `required`, `required_if` and `confirmed` lets an empty value through, so a field is
 * optional unless it has `required()`. Only `dimensions` is asynchronous; a schema using it goes through
 * {@link validateForm}, the others may use {@link validateFormSync}.
 *
 * @module
 */

export { email, siteWebsite, url, website } from './rules-addresses';
export type {
  AsyncRule,
  FieldOptions,
  FormErrors,
  FormOptions,
  FormSchema,
  FormValues,
  Rule,
  RuleContext,
  RuleName,
  RuleResult,
  SyncFormSchema,
  SyncRule,
} from './rules-core';
export {
  defaultLabel,
  isEmpty,
  validateField,
  validateFieldSync,
  validateForm,
  validateFormSync,
} from './rules-core';
export type { DateCompareOptions, DateParser, DateTarget } from './rules-dates';
export { after, before, compileDateFormat, date_between, date_format } from './rules-dates';
export type { DimensionsOptions, ImageSize, ImageSizeReader } from './rules-files';
export { dimensions, ext, image, mimes, readImageSize, size } from './rules-files';
export { ip, ip_or_fqdn } from './rules-network';
export {
  between,
  credit_card,
  decimal,
  digits,
  integer,
  length,
  max,
  max_value,
  min,
  min_value,
  numeric,
} from './rules-numbers';
export {
  alpha,
  alpha_dash,
  alpha_num,
  alpha_spaces,
  confirmed,
  excluded,
  included,
  is,
  is_not,
  regex,
  required,
  required_if,
} from './rules-text';
