/** The first retry waits a minute; each later one twice as long as the one before, up to six hours. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/** Attempts after which a delivery is given up as failed (the last waits hours after the first). */
export const MAX_ATTEMPTS = 8;

/**
 * When a delivery that failed `attempts` times (1 or more) is next tried: exponential back-off, so a mail
 * server or webhook receiver that is down is not hammered, and a short outage still delivers within minutes.
 */
export function nextAttemptAt(attempts: number, failedAt: Date): Date {
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  return new Date(failedAt.getTime() + wait);
}
