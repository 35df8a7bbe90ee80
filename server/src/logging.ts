import type { FastifyRequest } from 'fastify';
import { truncateIp } from './audit/truncate-ip';

// `code` and `state` are a single sign-on's answer from the provider (docs/api.md "Single sign-on").
const SECRET_PARAMS = /([?&](?:token|signature|password|key|session_id|code|state)=)[^&]*/gi;
/** Checkout session ids are capabilities (whoever has one may pay or cancel it): kept out of paths too. */
const CHECKOUT_PATH = /(\/(?:billing\/checkout|api\/billing\/sessions)\/)[^/?#]+/gi;

/**
 * A URL fit for the log: reset tokens, link signatures, checkout session ids and the provider's
 * authorization codes are replaced, in query strings and in the checkout paths.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]').replace(CHECKOUT_PATH, '$1[redacted]');
}

/**
 * Logger options: request lines carry method, redacted URL and the client's network only, never headers or
 * bodies, so passwords, tokens, cookies and Authorization headers stay out of the log.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        // The network only, as the audit log and the sessions keep it: the log is no place for a device's address.
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: truncateIp(request.ip) ?? 'unknown',
        };
      },
    },
  };
}
