/** The size limits of the shipped bundles, in bytes of gzip -9 output. */
export const budgets: { 't.js': number; 't-clicks.js': number; 'widget.js': number };
