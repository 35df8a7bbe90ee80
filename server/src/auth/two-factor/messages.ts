/** What the two-factor flows answer; each says what to do next (docs/api.md "Two-factor sign-in"). */
export const twoFactorMessages = {
  wrongCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  reusedCode: 'That code has just been used. Wait for the next code in your authenticator app and enter it.',
  wrongRecoveryCode:
    'That recovery code is not right or has already been used. Check it, or use another of your codes.',
  codeMissing: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  challengeGone: 'This sign-in has expired or was already used. Sign in again with your email and password.',
  tooManyWrongCodes: 'Too many wrong codes. Sign in again with your email and password.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Two-factor sign-in has not been set up. Start again from the beginning.',
  notOn: 'Two-factor sign-in is not on.',
  secretUnreadable:
    'Codes from your app cannot be checked because the server secret has changed. Use a recovery code instead.',
  codeRequired: 'Enter the code from your authenticator app to finish signing in.',
  setupRequired: 'Administrators must use two-factor sign-in. Set it up to finish signing in.',
} as const;
