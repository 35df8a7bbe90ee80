import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got: its headers and its raw body, as a receiver must verify it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers: a status, and a Location for redirects. */
export interface ReceiverAnswer {
  status: number;
  location?: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** The answers to give, in order; once used up, the last one repeats. */
  answerWith(...answers: ReceiverAnswer[]): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every request and answers as told (200 by default). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let answers: ReceiverAnswer[] = [{ status: 200 }];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = (answers.length > 1 ? answers.shift() : answers[0]) ?? { status: 200 };
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/footfall`,
    received,
    answerWith(...next) {
      answers = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The receiver's check, word for word as docs/api.md "Alerts and webhooks" documents it.
export function verifyFootfallSignature(secret: string, header: string, rawBody: string, now = Date.now()) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || typeof parts.v1 !== 'string') return false;
  // Refuse old (replayed) or future-dated requests: a 5-minute tolerance.
  if (Math.abs(now / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
