import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

// The pages of a shared link may be framed by any site (the `?embed=true` view is made for an iframe);
// every other answer keeps refusing framing by other sites (docs/api.md "Shared links", "Security headers").

let t: TestApp;
let dir: string;
const INDEX = '<!doctype html><title>Footfall</title><div id="root"></div>';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'footfall-share-pages-'));
  await writeFile(join(dir, 'index.html'), INDEX);
  t = await createTestApp({ staticDirs: { dashboard: dir } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const frameAncestors = (policy: unknown) => /frame-ancestors ([^;]*)/.exec(String(policy))?.[1];

describe('framing', () => {
  test.each([
    '/share/abcdefghijklmnopqrstuvwxyz012345',
    '/share/abcdefghijklmnopqrstuvwxyz012345?embed=true',
    '/share/abcdefghijklmnopqrstuvwxyz012345/detail?embed=true&period=7d',
  ])('is allowed to any site for the shared page %s, which is the dashboard', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe('*');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The rest of the policy stays as strict as on every page.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  test.each([
    '/',
    '/home',
    '/dashboard/1',
    '/user-profile/1',
    '/sharex/abc',
    '/shared/abc',
    '/api/health',
    '/api/shared/abcdefghijklmnopqrstuvwxyz012345',
    '/api/shared/abcdefghijklmnopqrstuvwxyz012345/analytics-detail',
  ])('is refused to other sites everywhere else: %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    if (!url.startsWith('/api/shared/')) expect(response.headers['x-robots-tag']).toBeUndefined();
  });
});
