import type { SyncRule } from './rules';

/** The non-empty lines (or comma-separated items) of a text, trimmed. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A rule applied to every item of a list typed one per line (allowed domains): the first failing item's
 * message names it, so the reader knows which line to fix.
 */
export function eachLine(rule: SyncRule): SyncRule {
  return {
    ...rule,
    check: (value, context) => {
      if (typeof value !== 'string') return rule.check(value, context);
      for (const item of splitList(value)) {
        const message = rule.check(item, context);
        if (message) return `${message} (“${item}”)`;
      }
      return null;
    },
  };
}
