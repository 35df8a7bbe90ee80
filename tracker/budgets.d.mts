/** The size limits of the shipped bundles, in bytes of gzip -9 output. */
export const budgets: { 't.js': number; 'widget.js': number };

/** Where a bundle should end up, when that is below its current limit. */
export const goals: Partial<Record<'t.js' | 'widget.js', number>>;
