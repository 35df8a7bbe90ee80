import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, WebhookUrlError } from './webhook-address';
import { postWebhook } from './webhook-request';
import { signatureHeader } from './webhook-signature';

// The request itself, on a real socket: it goes to the address that was checked (whatever the name would
// resolve to now), and a redirect is reported, never followed.

const received: { host: string | undefined; path: string | undefined; headers: IncomingHttpHeaders }[] = [];
let status = 200;
const server = createServer((request, response) => {
  received.push({ host: request.headers.host, path: request.url, headers: request.headers });
  request.resume();
  // A receiver that never answers: it keeps the connection open and silent.
  if (request.url === '/silent') return;
  response.writeHead(status, status === 301 ? { location: '/elsewhere' } : {}).end();
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('postWebhook', () => {
  it('connects to the checked address, not to what the name resolves to (DNS rebinding)', async () => {
    // `.invalid` never resolves: the request can only arrive through the pinned address.
    const url = new URL(`http://rebinding.invalid:${port}/hook?x=1`);
    const result = await postWebhook({ url, address: '127.0.0.1', family: 4 }, '{}', { 'x-test': 'yes' });
    expect(result).toEqual({ status: 200, error: null });
    expect(received.at(-1)).toMatchObject({
      host: `rebinding.invalid:${port}`,
      path: '/hook?x=1',
      headers: { 'x-test': 'yes', 'content-type': 'application/json' },
    });
  });

  it('reports a redirect as a failure and does not follow it', async () => {
    status = 301;
    const before = received.length;
    const url = new URL(`http://127.0.0.1:${port}/moved`);
    const result = await postWebhook({ url, address: '127.0.0.1', family: 4 }, '{}', {});
    status = 200;
    expect(result).toEqual({ status: 301, error: 'The receiver answered 301: redirect not followed.' });
    expect(received.length).toBe(before + 1);
  });
});

describe('postWebhook against a silent receiver', () => {
  it('gives up when no answer came within its deadline', async () => {
    const url = new URL(`http://127.0.0.1:${port}/silent`);
    const started = Date.now();
    const result = await postWebhook({ url, address: '127.0.0.1', family: 4 }, '{}', {}, 200);
    expect(result).toEqual({ status: null, error: 'No answer within 0.2 seconds.' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('checkWebhookUrl', () => {
  it('resolves a name to every address and lets the override through to loopback', async () => {
    const checked = await checkWebhookUrl(`http://localhost:${port}/hook`, true);
    expect(['127.0.0.1', '::1']).toContain(checked.address);
    await expect(checkWebhookUrl(`https://localhost:${port}/hook`, false)).rejects.toThrow(WebhookUrlError);
  });

  it('refuses IPv6 literals of private ranges, and IPv4-mapped and 6to4 forms', async () => {
    for (const host of [
      '[::ffff:10.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[2002:7f00:1::]',
      '[::]',
      '[ff02::1]',
    ]) {
      await expect(checkWebhookUrl(`https://${host}/hook`, false), host).rejects.toThrow(/private, loopback/);
    }
    expect((await checkWebhookUrl('https://[2606:4700:4700::1111]/hook', false)).family).toBe(6);
  });
});

describe('signatureHeader', () => {
  it('signs "<unix seconds>.<body>" with HMAC-SHA256, in hex', () => {
    // Known answer, from `printf "1700000000.{}" | openssl dgst -sha256 -hmac whsec_key`.
    expect(signatureHeader('whsec_key', '{}', new Date(1_700_000_000_900))).toBe(
      't=1700000000,v1=bfdd020b0e5c78488e2eb7c57161338519524f24714a6ba86c4224c4b6981a9d',
    );
  });
});
