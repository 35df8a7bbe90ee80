/** The row a write with `.returning()` must have produced; its absence is a bug, not a user error. */
export function required<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`Expected ${what} to be returned.`);
  return row;
}

/** E-mail addresses are compared and stored lower-cased (docs/api.md "Conventions"). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
