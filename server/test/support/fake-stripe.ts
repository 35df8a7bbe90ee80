import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it: the form-encoded body flattened to `key[sub][0]=value` pairs. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface FakeStripe {
  /** `{host, port, protocol}` for the Stripe client, pointing at the fake. */
  clientOptions: { host: string; port: number; protocol: 'http'; maxNetworkRetries: number };
  requests: RecordedRequest[];
  /** The next request is answered with this status and a Stripe error body. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/** What Stripe answers to a Checkout Session creation, as far as the provider reads it. */
function checkoutSession(id: string, form: Record<string, string>) {
  return {
    id,
    object: 'checkout.session',
    mode: form.mode,
    status: 'open',
    payment_status: 'unpaid',
    client_reference_id: form.client_reference_id ?? null,
    metadata: {
      checkout_session_id: form['metadata[checkout_session_id]'],
      company_id: form['metadata[company_id]'],
      plan_id: form['metadata[plan_id]'],
    },
    success_url: form.success_url,
    cancel_url: form.cancel_url,
    url: `https://checkout.stripe.test/c/pay/${id}`,
  };
}

/**
 * Stripe's API in-process, for tests on a closed network: `POST /v1/checkout/sessions` answers a session
 * object with an `id` and a `url`, anything else 404; every request is recorded.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let failure: number | undefined;
  let sessions = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, headers: request.headers, form });
      response.setHeader('content-type', 'application/json');
      if (failure !== undefined) {
        response.statusCode = failure;
        failure = undefined;
        response.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused by the fake.' } }),
        );
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path.' } }));
        return;
      }
      sessions += 1;
      response.end(JSON.stringify(checkoutSession(`cs_test_fake${sessions}`, form)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    clientOptions: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
    requests,
    failNext(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
