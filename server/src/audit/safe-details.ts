/** Keys that could carry a credential: never kept, whatever a caller passes (defence in depth). */
const SECRET_KEY = /password|secret|token|hash|credential|private|recovery_code|otp/i;
/** Details are a few facts, not a copy of the thing changed: long texts are cut. */
const MAX_TEXT = 200;

function safeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 2) return null;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => safeValue(item, depth + 1));
  return safeDetails(value as Record<string, unknown>, depth + 1);
}

/** The details of an entry without secret-looking keys, with texts cut and nesting bounded. */
export function safeDetails(details: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    if (SECRET_KEY.test(key) || value === undefined) continue;
    kept[key] = safeValue(value, depth);
  }
  return kept;
}

/**
 * The fields that differ between two versions of a thing, as `{field: {from, to}}`; the fields compared are
 * the keys of `after` that are not undefined.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to ?? null)) changes[field] = { from, to: to ?? null };
  }
  return changes;
}

/** Fields of an answer that no one edits: left out when comparing two versions of a thing. */
const UNEDITED = new Set(['id', 'created_at', 'updated_at', 'state', 'last_fired_at']);

/** The changed fields of a thing between two of its presented (API-shaped) versions. */
export function presentedChanges(
  before: object,
  after: object,
): Record<string, { from: unknown; to: unknown }> {
  const edited = (version: object) =>
    Object.fromEntries(Object.entries(version).filter(([field]) => !UNEDITED.has(field)));
  return changedFields(edited(before), edited(after));
}
