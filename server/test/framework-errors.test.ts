import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { createTestApp, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

// Fastify answers some failures itself, before any hook or the error handler: a URL whose percent-encoding
// cannot be decoded, a path parameter over the router's length limit, a request that is not HTTP, and a
// request that arrives while the server closes. Each must still be the one error shape (docs/api.md "Errors").

const t = useTestApp();

const MALFORMED_URL = { message: 'The request URL is malformed (invalid percent-encoding).' };

let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await signedInUser(t.app, t.mailer)).auth;
});

describe('a URL whose percent-encoding is invalid is 400, in the one error shape', () => {
  it.each([
    ['an id position', 'GET', '/api/companies/%ff'],
    ['a path without parameters', 'GET', '/api/companies%E0%A4%A'],
    ['the stats API', 'GET', '/api/v1/stats/%ff'],
    ['a query string (bad UTF-8)', 'GET', '/api/listings?q=%ff'],
    ['a query string (cut escape)', 'GET', '/api/listings?q=%E0%A4%A'],
    ['a query string (a lone %)', 'GET', '/api/listings?q=100%'],
    ['the analytics query', 'GET', '/api/company-visitor-analytics-detail/1?page=%ff'],
    ['the ingestion path', 'POST', '/api/save-company-visitor-analytics%ff'],
    ['the ingestion query', 'POST', '/api/save-company-visitor-analytics?x=%ff'],
    ['a page outside the API', 'GET', '/dashboard/%ff'],
  ])('in %s', async (_where, method, url) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: method === 'POST' ? '{}' : undefined,
    });
    expectJson(response, 400, MALFORMED_URL);
  });

  it('a well-encoded query is read as before', async () => {
    const response = await t.app.inject({ url: '/api/listings?q=100%25%20organic' });
    expect(response.statusCode).toBe(200);
  });
});

it('a path parameter longer than the router takes names nothing: 404 Not found.', async () => {
  for (const url of [`/api/companies/${'1'.repeat(101)}`, `/api/public/companies/${'k'.repeat(200)}/stats`]) {
    expectJson(await t.app.inject({ url, headers: auth }), 404, { message: 'Not found.' });
  }
});

/** Sends raw bytes to a listening server and answers the status and body of what comes back. */
async function rawExchange(port: number, request: string): Promise<{ status: number; body: string }> {
  const socket = connect(port, '127.0.0.1');
  socket.write(request);
  let text = '';
  for await (const chunk of socket) text += chunk;
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

describe('failures the HTTP server answers itself', () => {
  it('a request that is not HTTP is 400, and too many header bytes 431, in the one shape', async () => {
    const own = await createTestApp();
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const address = own.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(await rawExchange(port, 'HELLO THERE\r\n\r\n')).toEqual({
        status: 400,
        body: JSON.stringify({ message: 'The request is not valid HTTP.' }),
      });
      const huge = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      expect(await rawExchange(port, huge)).toEqual({
        status: 431,
        body: JSON.stringify({ message: 'The request headers are too large.' }),
      });
    } finally {
      await own.close();
    }
  });

  it('a request that arrives while the server closes is 503 in the one shape', async () => {
    const own = await createTestApp();
    let answer: LightMyRequestResponse | { status: number; body: string } | undefined;
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const address = own.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // Half a request: the connection is busy, so closing waits for it; the rest arrives after. The server
      // must have accepted the connection first (on a loaded machine closing could otherwise shut the
      // listening socket over it, resetting the connect), and read the first half.
      const accepted = new Promise((resolve) => own.app.server.once('connection', resolve));
      const socket = connect(port, '127.0.0.1');
      await accepted;
      await new Promise((resolve) => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closing = own.app.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write('\r\n');
      let text = '';
      for await (const chunk of socket) text += chunk;
      const [head = '', body = ''] = text.split('\r\n\r\n');
      answer = { status: Number(head.split(' ')[1]), body };
      await closing;
    } finally {
      await own.close();
    }
    expect(answer).toEqual({
      status: 503,
      body: JSON.stringify({ message: 'The server is shutting down; retry shortly.' }),
    });
  });
});
