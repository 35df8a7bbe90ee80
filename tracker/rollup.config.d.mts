import type { RollupOptions } from 'rollup';

/** The rollup configs of `t.js`, `t-clicks.js` and `widget.js`; `minify: false` gives readable bundles. */
export function createConfigs(options?: { minify?: boolean }): RollupOptions[];

declare const configs: RollupOptions[];
export default configs;
