// Excel refuses a workbook whose sheet names break its rules, with a "we found a problem" repair dialog:
// at most 31 characters, none of `[ ] : * ? / \`, not starting or ending with an apostrophe, not empty,
// not the reserved `History`, and unique without regard to case.

export const SHEET_NAME_MAX = 31;

const FORBIDDEN = /[[\]:*?/\\]/g;
const RESERVED = 'history';

function truncate(text: string, max: number): string {
  // By code point, so an emoji is never cut in half.
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : text;
}

/** A title made into a valid sheet name on its own; {@link sheetNames} also makes names unique. */
export function sanitizeSheetName(title: string): string {
  const cleaned = title
    .replace(FORBIDDEN, ' ')
    // Control characters are not allowed in a sheet name either.
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  const name = truncate(cleaned, SHEET_NAME_MAX) || 'Sheet';
  return name.toLowerCase() === RESERVED ? `${name} (1)` : name;
}

/**
 * Valid, unique sheet names for `titles`, in order. A repeated name gets ` (2)`, ` (3)`… with the name
 * shortened to keep the suffix within 31 characters.
 */
export function sheetNames(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = sanitizeSheetName(title);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      name = truncate(base, SHEET_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
