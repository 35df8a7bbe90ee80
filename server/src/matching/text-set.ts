// Several texts searched for at once, in one pass over the text searched (docs/api.md "Limits that hold
// under attack"): a filter of a thousand alternatives costs what one costs, per value tested.

/** A trie of the texts over their code units; node 0 is the root. */
class Trie {
  readonly next: Map<number, number>[] = [new Map()];
  readonly ends: boolean[] = [false];

  constructor(texts: readonly string[]) {
    for (const text of texts) {
      let node = 0;
      for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        let child = this.next[node]?.get(unit);
        if (child === undefined) {
          child = this.next.length;
          this.next.push(new Map());
          this.ends.push(false);
          this.next[node]?.set(unit, child);
        }
        node = child;
      }
      this.ends[node] = true;
    }
  }
}

/** Whether a text starts with one of `prefixes`: one walk down their trie, as long as the text at most. */
export function startsWithAny(prefixes: readonly string[]): (text: string) => boolean {
  const { next, ends } = new Trie(prefixes);
  return (text) => {
    let node = 0;
    if (ends[0]) return true;
    for (let i = 0; i < text.length; i++) {
      const child = next[node]?.get(text.charCodeAt(i));
      if (child === undefined) return false;
      if (ends[child]) return true;
      node = child;
    }
    return false;
  };
}

/**
 * Whether a text contains one of `needles` (Aho–Corasick): the trie with, for each node, the longest
 * proper suffix of its path that is also in the trie, so that the scan of a text never steps back.
 */
export function containsAny(needles: readonly string[]): (text: string) => boolean {
  const trie = new Trie(needles);
  const { next, ends } = trie;
  const fallback = new Int32Array(next.length);
  const queue: number[] = [];
  for (const child of next[0]?.values() ?? []) queue.push(child);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number;
    for (const [unit, child] of next[node] ?? []) {
      let f = fallback[node] as number;
      while (f > 0 && !next[f]?.has(unit)) f = fallback[f] as number;
      const target = next[f]?.get(unit);
      fallback[child] = target !== undefined && target !== child ? target : 0;
      if (ends[fallback[child] as number]) ends[child] = true;
      queue.push(child);
    }
  }
  return (text) => {
    if (ends[0]) return true;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      while (node > 0 && !next[node]?.has(unit)) node = fallback[node] as number;
      node = next[node]?.get(unit) ?? 0;
      if (ends[node]) return true;
    }
    return false;
  };
}
