import type { FastifyRequest } from 'fastify';
import { parse as parseJson } from 'secure-json-parse';
import { badRequest } from '../errors';
import type { App } from '../types';

const clearedByRequest = new WeakMap<FastifyRequest, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/** The top-level body fields the request sent as `null` or a blank string. */
export function clearedFields(request: FastifyRequest): ReadonlySet<string> {
  return clearedByRequest.get(request) ?? NONE;
}

/**
 * Every body in this scope drops its `null` and blank fields before validation, as all bodies do
 * (plugins/json-body.ts: an empty field is an absent one). An admin's edit form must still be able to clear
 * a field, so this scope's JSON parser, which parses and refuses exactly as the shared one does, first
 * notes which fields were sent empty; `clearedFields` tells the handler.
 */
export function recordClearedFields(app: App): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = parseJson(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      return done(
        badRequest(
          /prototype/i.test((error as Error).message)
            ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
            : 'The request body is not valid JSON.',
        ),
        undefined,
      );
    }
    if (isPlainObject(parsed)) {
      clearedByRequest.set(request, new Set(Object.keys(parsed).filter((key) => isBlank(parsed[key]))));
    }
    done(null, parsed);
  });
}
