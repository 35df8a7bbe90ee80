import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedWebhookUrl } from './webhook-address';

/** How long a receiver may take to answer before the attempt fails. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** An attempt's result: the receiver's status when it answered, and why it failed when it did. */
export interface WebhookResult {
  status: number | null;
  error: string | null;
}

/**
 * Connects to the address that was checked, whatever the name resolves to now: a DNS answer that changed
 * between the check and the connection (rebinding) cannot send the request elsewhere. TLS still verifies
 * the certificate against the URL's host name.
 */
function pinnedLookup(target: CheckedWebhookUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function describeStatus(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `The receiver answered ${status}: redirect not followed.`;
  return `The receiver answered ${status}.`;
}

/**
 * POSTs a JSON body to a checked webhook URL: 2xx is success; a redirect is never followed (it is a failed
 * attempt); no answer's status within `timeoutMs` fails. The deadline counts from the start, not from the
 * last byte: a receiver that trickles its answer cannot hold the sender. Never rejects: the result says what
 * went wrong.
 */
export function postWebhook(
  target: CheckedWebhookUrl,
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookResult> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const done = (result: WebhookResult) => {
      clearTimeout(deadline);
      resolve(result);
    };
    const request = send(
      target.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Footfall-Webhooks/1.0',
          ...headers,
        },
        lookup: pinnedLookup(target),
      },
      (response) => {
        // The body is not read: only the status matters, and a large answer must not be buffered.
        response.resume();
        const status = response.statusCode ?? 0;
        done({ status, error: describeStatus(status) });
        response.destroy();
      },
    );
    const deadline = setTimeout(() => {
      request.destroy(new Error(`No answer within ${formatSeconds(timeoutMs)}.`));
    }, timeoutMs);
    request.on('error', (error) => {
      done({ status: null, error: error.message || 'The connection failed.' });
    });
    request.end(body);
  });
}

/** `10 seconds`, `0.2 seconds`. */
function formatSeconds(ms: number): string {
  return `${ms / 1000} ${ms === 1000 ? 'second' : 'seconds'}`;
}
