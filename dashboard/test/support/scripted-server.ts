import { createCipheriv, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on loopback whose answers each test scripts, for the API client's tests: what the
// client sends is read off the wire, and what it receives went through a real socket.

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON (a string too, as the server sends an envelope). */
  body?: unknown;
  /** Sent as it is, without a content type: a proxy's error page, say. */
  raw?: string;
}

export type Script = (request: ReceivedRequest) => ScriptedAnswer;

export interface ScriptedServer {
  url: string;
  received: ReceivedRequest[];
  answer(script: Script): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const received: ReceivedRequest[] = [];
  let script: Script = () => ({ status: 204 });
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const seen = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      received.push(seen);
      const answer = script(seen);
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      const type = answer.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' };
      response.writeHead(answer.status ?? 200, { ...type, ...answer.headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      script = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An envelope sealed with node:crypto exactly as docs/api.md "Conventions" describes the server's side. */
export function sealEnvelope(answer: unknown, key: Buffer = randomBytes(32)): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  const payload = Buffer.concat([iv, ciphertext, cipher.getAuthTag()]);
  return `${payload.toString('base64')}:${key.toString('base64')}`;
}

/**
 * `fetch` with a cookie jar, as a browser does it: the jar's cookies go out in `Cookie`, and the answers'
 * `Set-Cookie` headers land in the jar (name and value; attributes are the browser's business).
 */
export function fetchWithJar(jar: {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  all(): Record<string, string>;
}): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = Object.entries(jar.all())
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator > 0)
        jar.set(pair.slice(0, separator).trim(), decodeURIComponent(pair.slice(separator + 1).trim()));
    }
    return response;
  };
}
