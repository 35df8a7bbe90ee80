import type { FastifyRequest } from 'fastify';

/**
 * The resend and reset-request routes take `?email=` (as existing clients send it) or a JSON body `{email}` (docs/api.md "Accounts").
 * Copying the body's address into the query before validation gives both one schema and one error shape.
 */
export async function copyBodyEmailToQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  if (query.email === undefined && typeof body?.email === 'string') query.email = body.email.trim();
}
