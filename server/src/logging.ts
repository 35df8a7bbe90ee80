import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|signature|password|key)=)[^&]*/gi;

/** A URL fit for the log: reset tokens and link signatures in query strings are replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Logger options: request lines carry method, redacted URL and client address only, never headers or
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
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
