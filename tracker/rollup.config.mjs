// Builds the bundles that other sites load: the tracker `t.js` (no dependencies, every byte counts), its click
// extension `t-clicks.js` (loaded by `t.js` when a click feature is on; same treatment) and the public stats
// widget `widget.js` (preact). `createConfigs({minify:false})` gives readable bundles.
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const here = new URL('.', import.meta.url).pathname;

const typescriptOptions = {
  tsconfig: `${here}tsconfig.build.json`,
  // Type errors fail `npm run typecheck`; the bundle build only transpiles, which keeps it quick.
  noCheck: true,
  noEmitOnError: false,
};

/**
 * Declares the chunk's `const` bindings with `let`, which the rest of the tracker already uses: one keyword
 * less for gzip, and the minifier can join all the declarations into one. Same behaviour for code that type
 * checks (TypeScript refuses any assignment to a `const`); the AST gives the exact positions.
 */
const constToLet = () => ({
  name: 'const-to-let',
  renderChunk(code) {
    const starts = [];
    const visit = (node) => {
      if (!node || typeof node.type !== 'string') return;
      if (node.type === 'VariableDeclaration' && node.kind === 'const') starts.push(node.start);
      for (const value of Object.values(node)) {
        if (Array.isArray(value)) value.forEach(visit);
        else if (value && typeof value === 'object') visit(value);
      }
    };
    visit(this.parse(code));
    for (const start of starts.sort((a, b) => b - a))
      code = `${code.slice(0, start)}let${code.slice(start + 5)}`;
    return { code, map: null };
  },
});

/**
 * Aggressive, for the tracker and its extension: their code never reads `Function.length`, `toString` or
 * property order.
 */
const trackerTerser = {
  ecma: 2020,
  toplevel: true,
  compress: {
    passes: 3,
    unsafe: true,
    unsafe_arrows: true,
    unsafe_comps: true,
    unsafe_methods: true,
    unsafe_math: true,
    unsafe_symbols: true,
    unsafe_undefined: true,
    pure_getters: true,
  },
  mangle: { toplevel: true },
  format: { comments: false, wrap_func_args: false },
};

/** The widget: preact's own build is already minified; the same passes still shrink the glue around it. */
const widgetTerser = {
  ...trackerTerser,
  compress: { ...trackerTerser.compress, unsafe_methods: false },
};

/** @param {{minify?: boolean}} [options] */
export function createConfigs({ minify = true } = {}) {
  return [
    {
      input: `${here}src/index.ts`,
      output: { file: `${here}dist/t.js`, format: 'iife', strict: false },
      plugins: [typescript(typescriptOptions), minify && constToLet(), minify && terser(trackerTerser)],
    },
    {
      input: `${here}src/clicks/index.ts`,
      output: { file: `${here}dist/t-clicks.js`, format: 'iife', strict: false },
      plugins: [typescript(typescriptOptions), minify && constToLet(), minify && terser(trackerTerser)],
    },
    {
      input: `${here}widget/index.tsx`,
      output: { file: `${here}dist/widget.js`, format: 'iife', strict: false },
      plugins: [nodeResolve(), typescript(typescriptOptions), minify && terser(widgetTerser)],
    },
  ];
}

export default createConfigs();
