/** Messages that API.md fixes word for word; clients and tests compare against them. */
export const messages = {
  unauthenticated: 'Unauthenticated.',
  notFound: 'Not found.',
  payloadTooLarge: 'Payload too large.',
  csrfMismatch: 'CSRF token mismatch.',
  invalidData: 'The given data was invalid.',
  serverError: 'Server Error',
  registrationClosed: 'Registration is closed.',
  badCredentials: 'These credentials do not match our records.',
  unverified: 'Your email address is not verified.',
  wrongCurrentPassword: 'The password is incorrect.',
  currentPasswordRequired: 'The current password field is required.',
  invalidResetToken: 'This password reset token is invalid.',
  emailTaken: 'The email has already been taken.',
  /** A suspended user's sign-in and token (403). */
  accountSuspended: 'Your account has been suspended. Contact the administrator.',
  /** A suspended company's routes, tracking and stats API (403). */
  companySuspended: 'This company has been suspended. Contact the administrator.',
} as const;
