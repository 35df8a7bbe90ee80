// The size budgets of the shipped bundles, in bytes of gzip -9 output. The build prints each bundle's size
// against them and `tracker/test/size.test.ts` fails above a limit.
//
// t.js: the snippet every page loads, 1 KB at most: page views, custom events, engagement, the guards and the
// loader of the click extension (see "Size" in tracker/ARCHITECTURE.md). t-clicks.js: the click extension,
// fetched only by sites that use a click feature. widget.js: the public stats widget, preact included.
export const budgets = {
  't.js': 1024,
  't-clicks.js': 512,
  'widget.js': 6 * 1024,
};
