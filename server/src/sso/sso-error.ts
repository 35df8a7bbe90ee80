import type { SsoErrorCode } from '@footfall/contract';

/** A single sign-on that cannot finish: the callback sends the browser to the sign-in screen with `code`. */
export class SsoError extends Error {
  override name = 'SsoError';
  constructor(
    readonly code: SsoErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`Single sign-on failed: ${code}.`, options);
  }
}
