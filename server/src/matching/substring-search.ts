// Knuth–Morris–Pratt: every place a literal occurs in a text, in one pass over the text that never steps
// back, so the cost is the text's length plus the literal's, whatever either holds.

/** A literal prepared for searching: its code units and, for each prefix, its longest proper border. */
export interface SearchTable {
  units: Uint16Array;
  borders: Int32Array;
}

export function searchTable(literal: string): SearchTable {
  const units = new Uint16Array(literal.length);
  for (let i = 0; i < literal.length; i++) units[i] = literal.charCodeAt(i);
  const borders = new Int32Array(literal.length);
  let k = 0;
  for (let i = 1; i < units.length; i++) {
    while (k > 0 && units[i] !== units[k]) k = borders[k - 1] as number;
    if (units[i] === units[k]) k++;
    borders[i] = k;
  }
  return { units, borders };
}

/**
 * Sets `starts[s]` to 1 wherever the literal starts in `text` (an empty literal starts everywhere);
 * `starts` holds at least `text.length + 1` zeros.
 */
export function markOccurrences(
  text: string,
  { units, borders }: SearchTable,
  starts: Uint8Array,
): Uint8Array {
  const size = units.length;
  if (size === 0) return starts.fill(1, 0, text.length + 1);
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    while (k > 0 && unit !== units[k]) k = borders[k - 1] as number;
    if (unit === units[k]) k++;
    if (k === size) {
      starts[i - size + 1] = 1;
      k = borders[k - 1] as number;
    }
  }
  return starts;
}
