import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fetchWithJar,
  type ScriptedServer,
  sealEnvelope,
  startScriptedServer,
} from '../../test/support/scripted-server';
import { ApiError } from './api-error';
import { type ClientEnvironment, createApiClient, type FailedRequest, withQuery } from './client';
import { memoryCookies } from './cookies';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

function setUp(initialCookies: Record<string, string> = {}) {
  const cookies = memoryCookies(initialCookies);
  const activity: boolean[] = [];
  const failures: FailedRequest[] = [];
  const environment: ClientEnvironment = {
    baseUrl: server.url,
    fetch: fetchWithJar(cookies),
    cookies,
    onActivity: (started) => activity.push(started),
    onError: (failure) => failures.push(failure),
  };
  return { client: createApiClient(environment), cookies, activity, failures };
}

describe('request rules', () => {
  it('sends JSON bodies with a JSON content type and asks for JSON', async () => {
    const { client } = setUp({ 'XSRF-TOKEN': 'x' });
    server.answer(() => ({ body: { ok: true } }));
    await expect(client.post('/api/things', { name: 'Ada', n: 1 })).resolves.toEqual({ ok: true });
    const [request] = server.received;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Ada', n: 1 });
  });

  it('sends the token cookie as a Bearer and no Authorization without one', async () => {
    server.answer(() => ({ body: {} }));
    await setUp({ token: 'abc.def.ghi' }).client.get('/api/user');
    await setUp().client.get('/api/user');
    expect(server.received[0]?.headers.authorization).toBe('Bearer abc.def.ghi');
    expect(server.received[1]?.headers.authorization).toBeUndefined();
  });

  it("sends a shared link's access token, or no token at all, instead of the session's when asked", async () => {
    server.answer(() => ({ body: {} }));
    const { client } = setUp({ token: 'abc.def.ghi' });
    await client.get('/api/shared/t/analytics-detail', { bearer: 'ffs_1.2.ab' });
    await client.get('/api/shared/t', { bearer: null });
    expect(server.received[0]?.headers.authorization).toBe('Bearer ffs_1.2.ab');
    expect(server.received[1]?.headers.authorization).toBeUndefined();
  });

  it('sends X-XSRF-TOKEN equal to the decoded XSRF-TOKEN cookie on unsafe methods only', async () => {
    const { client } = setUp({ 'XSRF-TOKEN': 'a+b/c=' });
    server.answer(() => ({ status: 204 }));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET']) await client.request(method, '/api/x');
    const headers = server.received.map((request) => request.headers['x-xsrf-token']);
    expect(headers).toEqual(['a+b/c=', 'a+b/c=', 'a+b/c=', 'a+b/c=', undefined]);
  });

  it('fetches /api/csrf-cookie first when the XSRF cookie is missing, then sends what it set', async () => {
    const { client, cookies } = setUp();
    server.answer((request) =>
      request.url === '/api/csrf-cookie'
        ? { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=fresh%2Btoken; Path=/; SameSite=Lax' } }
        : { status: 204 },
    );
    await client.post('/api/logout');
    expect(server.received.map((request) => request.url)).toEqual(['/api/csrf-cookie', '/api/logout']);
    expect(server.received[1]?.headers['x-xsrf-token']).toBe('fresh+token');
    expect(cookies.get('XSRF-TOKEN')).toBe('fresh+token');
  });

  it('does not fetch the XSRF cookie for GET requests', async () => {
    server.answer(() => ({ body: [] }));
    await setUp().client.get('/api/companies');
    expect(server.received.map((request) => request.url)).toEqual(['/api/companies']);
  });

  it('on 419 fetches a fresh XSRF cookie and tries the request once more', async () => {
    const { client } = setUp({ 'XSRF-TOKEN': 'stale' });
    server.answer((request) => {
      if (request.url === '/api/csrf-cookie')
        return { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=new' } };
      return request.headers['x-xsrf-token'] === 'new'
        ? { body: { saved: true } }
        : { status: 419, body: { message: 'CSRF token mismatch.' } };
    });
    await expect(client.patch('/api/user', { name: 'A' })).resolves.toEqual({ saved: true });
    expect(server.received.map((request) => request.url)).toEqual([
      '/api/user',
      '/api/csrf-cookie',
      '/api/user',
    ]);
  });

  it('appends the query, leaving out empty values', async () => {
    server.answer(() => ({ body: {} }));
    await setUp().client.get('/api/a', {
      query: { period: '7d', page: '/docs*', from: '', to: undefined, n: 0 },
    });
    expect(server.received[0]?.url).toBe('/api/a?period=7d&page=%2Fdocs*&n=0');
    expect(withQuery('/x?y=1', { z: true })).toBe('/x?y=1&z=true');
  });

  it('answers undefined for an empty 204', async () => {
    server.answer(() => ({ status: 204 }));
    await expect(setUp({ 'XSRF-TOKEN': 'x' }).client.post('/api/logout')).resolves.toBeUndefined();
  });
});

describe('envelopes', () => {
  it('decrypts an enveloped answer into its JSON', async () => {
    const user = { id: 7, name: 'Zoë', email: 'zoe@example.com', companies: [{ id: 1, name: 'Ünïcode' }] };
    server.answer(() => ({ body: sealEnvelope(user) }));
    await expect(setUp().client.get('/api/user')).resolves.toEqual(user);
  });

  it('passes plain JSON strings that are not envelopes through unchanged', async () => {
    server.answer(() => ({ body: 'just text' }));
    await expect(setUp().client.get('/api/x')).resolves.toBe('just text');
  });

  it('fails with an ApiError, reported and passed on, when an envelope does not decrypt', async () => {
    const [payload] = sealEnvelope({ a: 1 }).split(':');
    server.answer(() => ({ body: `${payload}:${Buffer.alloc(32).toString('base64')}` }));
    const { client, failures } = setUp();
    await expect(client.get('/api/user')).rejects.toThrow('The answer could not be decrypted.');
    expect(failures).toHaveLength(1);
  });
});

describe('errors', () => {
  it('throws an ApiError with the status, message, field errors and request, and reports it first', async () => {
    const errors = { email: ['The email has already been taken.'] };
    server.answer(() => ({ status: 422, body: { message: 'The given data was invalid.', errors } }));
    const { client, failures } = setUp({ 'XSRF-TOKEN': 'x' });
    const error = await client.post('/api/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      errors,
      method: 'POST',
      url: '/api/register',
    });
    expect((error as ApiError).fieldError('email')).toBe('The email has already been taken.');
    expect(failures).toEqual([{ error, background: false, silent: false }]);
  });

  it('reads Retry-After of a 429', async () => {
    server.answer(() => ({
      status: 429,
      headers: { 'retry-after': '42' },
      body: { message: 'Too many attempts.' },
    }));
    const error = await setUp({ 'XSRF-TOKEN': 'x' })
      .client.post('/api/login', {})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 42, message: 'Too many attempts.' });
  });

  it('uses the status text when an error answer is not JSON (a proxy page)', async () => {
    server.answer(() => ({ status: 502, raw: '<html>Bad gateway</html>' }));
    await expect(setUp().client.get('/api/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('turns an unreachable server into status 0', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1', fetch, cookies: memoryCookies() });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it('lets an abort through as it is, unreported', async () => {
    server.answer(() => ({ body: {} }));
    const { client, failures } = setUp();
    const controller = new AbortController();
    controller.abort();
    await expect(client.get('/api/x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(failures).toEqual([]);
  });

  it('marks failures of silent requests as such', async () => {
    server.answer(() => ({ status: 500, body: { message: 'Server Error' } }));
    const { client, failures } = setUp({ 'XSRF-TOKEN': 'x' });
    await expect(client.post('/api/logout', undefined, { silent: true })).rejects.toThrow('Server Error');
    expect(failures[0]?.silent).toBe(true);
  });

  it('marks failures of background requests as such', async () => {
    server.answer(() => ({ status: 500, body: { message: 'Server Error' } }));
    const { client, failures } = setUp();
    await expect(client.get('/api/x', { background: true })).rejects.toThrow('Server Error');
    expect(failures[0]?.background).toBe(true);
  });
});

describe('loading activity', () => {
  it('reports a start and an end for every foreground request, failed or not', async () => {
    const { client, activity } = setUp();
    server.answer((request) => (request.url === '/ok' ? { body: {} } : { status: 500, body: {} }));
    await client.get('/ok');
    await client.get('/fail').catch(() => undefined);
    expect(activity).toEqual([true, false, true, false]);
  });

  it('keeps background requests out of the loader', async () => {
    const { client, activity } = setUp();
    server.answer(() => ({ body: {} }));
    await client.get('/api/x', { background: true });
    expect(activity).toEqual([]);
  });

  it('keeps an update in place out of the loader, and reports its failure as a foreground one', async () => {
    const { client, activity, failures } = setUp();
    server.answer(() => ({ status: 500, body: {} }));
    await client.get('/api/x', { inPlace: true }).catch(() => undefined);
    expect(activity).toEqual([]);
    expect(failures[0]?.background).toBe(false);
  });
});
