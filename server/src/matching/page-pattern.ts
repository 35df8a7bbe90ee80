import { markOccurrences, type SearchTable, searchTable } from './substring-search';

// A goal's page pattern (docs/api.md "Goals"): `*` matches within one path segment, `**` across segments,
// everything else literally. A regular expression built from the pattern backtracks: `/**a**a**a…b`
// against a path of 60 `a`s took 8 seconds. This matcher is linear in the path by construction: the
// pattern is literals between wildcards, and one pass per literal finds every place where the pattern up
// to that literal can end, so a path of n characters costs at most (wildcards + 1) × n steps plus the
// pattern's own length, whatever the pattern holds.

/** The most characters a page pattern may have (docs/api.md "Limits that hold under attack"). */
export const PAGE_PATTERN_MAX_LENGTH = 2000;
/** The most wildcards (`*` or `**`) a page pattern may have. */
export const PAGE_PATTERN_MAX_WILDCARDS = 20;

/** A literal after a wildcard: `*` (no `/` in what it matches) or `**` (anything). */
interface Piece {
  withinSegment: boolean;
  literal: string;
  table: SearchTable;
}

/** A page pattern read once, to be matched against many paths. */
export interface PagePattern {
  /** Whether the whole path matches the pattern. */
  matches(path: string): boolean;
}

interface ReadPattern {
  first: string;
  pieces: { withinSegment: boolean; literal: string }[];
  wildcards: number;
}

function readPattern(pattern: string): ReadPattern {
  const read: ReadPattern = { first: '', pieces: [], wildcards: 0 };
  let literal = '';
  const end = () => {
    const last = read.pieces[read.pieces.length - 1];
    if (last) last.literal = literal;
    else read.first = literal;
    literal = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '*') {
      literal += pattern[i];
      continue;
    }
    const across = pattern[i + 1] === '*';
    if (across) i++;
    read.wildcards++;
    const last = read.pieces[read.pieces.length - 1];
    // Wildcards with nothing between them are one: `***` is `**`, `*` then `**` too.
    if (literal === '' && last) {
      if (across) last.withinSegment = false;
      continue;
    }
    end();
    read.pieces.push({ withinSegment: !across, literal: '' });
  }
  end();
  return read;
}

/** How many wildcards a pattern holds, `**` counting as one. */
export function wildcardCount(pattern: string): number {
  return readPattern(pattern).wildcards;
}

/** Reads a page pattern; its `matches` costs time linear in the path. */
export function pagePattern(pattern: string): PagePattern {
  const { first, pieces: read } = readPattern(pattern);
  if (read.length === 0) return { matches: (path) => path === pattern };
  const pieces: Piece[] = read.map((piece) => ({ ...piece, table: searchTable(piece.literal) }));
  const lastPiece = pieces[pieces.length - 1] as Piece;
  return {
    matches(path) {
      if (!path.startsWith(first) || !path.endsWith(lastPiece.literal)) return false;
      const size = path.length + 1;
      let ends = new Uint8Array(size);
      let next = new Uint8Array(size);
      const starts = new Uint8Array(size);
      ends[first.length] = 1;
      let from = first.length;
      for (let p = 0; p < pieces.length - 1; p++) {
        const piece = pieces[p] as Piece;
        next.fill(0);
        starts.fill(0);
        markOccurrences(path, piece.table, starts);
        // Before a `**`, only the earliest end matters: anything after it is the wildcard's.
        const firstOnly = !(pieces[p + 1] as Piece).withinSegment;
        from = follow(path, from, ends, piece, starts, next, firstOnly);
        if (from < 0) return false;
        [ends, next] = [next, ends];
      }
      // The last literal ends the path: only its one start can follow.
      const start = path.length - lastPiece.literal.length;
      if (start < from) return false;
      starts.fill(0);
      starts[start] = 1;
      next.fill(0);
      follow(path, from, ends, lastPiece, starts, next, true);
      return next[path.length] === 1;
    },
  };
}

/**
 * Where the pattern can end after one more wildcard and literal (`next`), given where it can end before
 * them (`ends`, the first at `from`) and where the literal starts (`starts`), one flag per position of
 * the path, in one sweep: `**` is crossed from any earlier end, `*` from the latest end with no `/` after
 * it. Answers the first new end, or -1 when there is none; with `firstOnly`, stops there.
 */
function follow(
  path: string,
  from: number,
  ends: Uint8Array,
  piece: Piece,
  starts: Uint8Array,
  next: Uint8Array,
  firstOnly: boolean,
): number {
  const size = piece.literal.length;
  const lastStart = path.length - size;
  let latestEnd = -1;
  let latestSlash = -1;
  let first = -1;
  for (let s = from; s <= lastStart; s++) {
    if (ends[s] === 1) latestEnd = s;
    if (s > 0 && path.charCodeAt(s - 1) === 47) latestSlash = s - 1;
    if (starts[s] === 0 || latestEnd < 0 || (piece.withinSegment && latestSlash >= latestEnd)) continue;
    next[s + size] = 1;
    if (first < 0) first = s + size;
    if (firstOnly) break;
  }
  return first;
}
