import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sealEnvelope } from '../envelope';

/**
 * Routes with `config: { envelope: true }` answer their 2xx bodies inside the envelope (docs/api.md "Conventions"). The
 * route's response schema describes the decrypted answer: fast-json-stringify serializes it first, and this
 * hook seals the result. Error answers stay plain.
 */
export const envelopePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.envelope || reply.statusCode >= 300) return payload;
      if (typeof payload !== 'string') return payload;
      return JSON.stringify(sealEnvelope(payload));
    });
  },
  { name: 'envelope' },
);
