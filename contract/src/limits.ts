// Plain values shared by the server's validation and the dashboard's forms; the dashboard imports them
// through `@footfall/contract/constants`, without the schema library.

/** Field limits shared by the server's validation and the dashboard's forms. */
export const limits = {
  nameMax: 120,
  emailMax: 255,
  passwordMin: 8,
  /** A cap on the password length keeps hashing cost bounded; no person types more. */
  passwordMax: 1024,
  websiteMax: 2000,
  timezoneMax: 64,
} as const;

/** A hostname such as `shop.example.com`: letters, digits and hyphens, at least two labels. */
export const HOSTNAME_PATTERN =
  '^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$';
