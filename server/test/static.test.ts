import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
let dir: string;
const INDEX = '<!doctype html><title>Footfall</title><div id="root"></div>';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'footfall-static-'));
  await mkdir(join(dir, 'dashboard/assets'), { recursive: true });
  await mkdir(join(dir, 'bundles'), { recursive: true });
  await writeFile(join(dir, 'dashboard/index.html'), INDEX);
  await writeFile(join(dir, 'dashboard/assets/main-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, 'bundles/t.js'), '(()=>{})()');
  await writeFile(join(dir, 'bundles/t-clicks.js'), '(()=>{ /* clicks */ })()');
  t = await createTestApp({
    staticDirs: { dashboard: join(dir, 'dashboard'), bundles: join(dir, 'bundles') },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the dashboard build', () => {
  test.each(['/', '/home', '/dashboard/1/detail', '/api-count-report/1', '/session/sign-in/3', '/apix'])(
    'GET %s answers index.html for history-mode routing',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  test('hashed assets are cached for a year, and pages are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  test('paths under /api are never the dashboard', async () => {
    for (const url of ['/api', '/api/', '/api/nope', '/api/dashboard/1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  test('unsafe methods outside /api are 404, not the page', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/home', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  test('pages carry security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/home' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // The XLSX export's zip compresses large files in a worker made from a blob: URL.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the tracker bundles', () => {
  test('are served with public caching, an ETag, CORS and no cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/t.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('(()=>{})()');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('include the click extension that t.js loads on demand, served the same way', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/t-clicks.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('(()=>{ /* clicks */ })()');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  test('answer If-None-Match with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/t.js' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/t.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('a rebuilt bundle is served within a second, with a new ETag, and no restart', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/t.js' });
    await writeFile(join(dir, 'bundles/t.js'), '(()=>{ /* rebuilt */ })()');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await t.app.inject({ method: 'GET', url: '/t.js' });
    expect(after.body).toBe('(()=>{ /* rebuilt */ })()');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await writeFile(join(dir, 'bundles/t.js'), '(()=>{})()');
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  test('a bundle that is not built is 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(response.statusCode).toBe(404);
  });
});
