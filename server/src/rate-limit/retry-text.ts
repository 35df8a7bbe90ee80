// Its own module, free of the app's types: the sign-in throttle (part of the app's type) words its refusals
// with it too, and importing it from rate-limit.ts closed a cycle through types.ts.

/** How long until a refused request may try again, in words: "42 seconds", "3 minutes". */
export function retryText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}
