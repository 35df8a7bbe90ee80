import { expect, test } from 'vitest';
import serverPackage from '../package.json' with { type: 'json' };
import { createTestApp, useTestApp } from './support/app';

const t = useTestApp();

test('GET /api/health reports the server and database as ok, with the version', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok', database: 'ok', version: serverPackage.version });
});

test('answers carry security headers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
});

test('an unreachable database makes the health check 503, not 500', async () => {
  const broken = await createTestApp();
  await broken.app.db.close();
  const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ message: 'The database is unreachable.' });
  await broken.app.close();
});
