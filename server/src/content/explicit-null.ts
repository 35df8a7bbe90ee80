import { pipeline, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const rawBodies = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * The app drops `null` and empty body fields before validation (an empty field is an absent one), so a
 * PATCH could never clear an optional field. These route hooks bring back `field: null` when the JSON sent
 * held `null` or an empty string for it: the bytes are copied as the parser reads them (it still enforces
 * the body limit), and read again after the app's own normalisation.
 */
export function keepExplicitNull(field: string) {
  const preParsing: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    const chunks: Buffer[] = [];
    rawBodies.set(request, chunks);
    const copy = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done(null, chunk);
      },
    });
    // An aborted upload destroys the copy with the same error, which the body parser reports.
    pipeline(payload, copy, () => {});
    return copy;
  };

  const preValidation = async (request: FastifyRequest, _reply: FastifyReply) => {
    const chunks = rawBodies.get(request);
    const body = request.body;
    if (!chunks || !isPlainObject(body) || body[field] !== undefined) return;
    let sent: unknown;
    try {
      sent = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return;
    }
    if (!isPlainObject(sent) || !Object.hasOwn(sent, field)) return;
    const value = sent[field];
    if (value === null || (typeof value === 'string' && value.trim() === '')) body[field] = null;
  };

  return { preParsing, preValidation };
}
