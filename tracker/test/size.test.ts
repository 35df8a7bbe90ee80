import { expect, it } from 'vitest';
import { budgets } from '../budgets.mjs';
import { buildBundle, gzipSize } from './build';

it.each(['t.js', 't-clicks.js', 'widget.js'] as const)('keeps %s within its gzip budget', async (bundle) => {
  const size = gzipSize(await buildBundle(bundle));
  expect(size).toBeGreaterThan(0);
  expect(size).toBeLessThanOrEqual(budgets[bundle]);
});
