import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse as parseJson } from 'secure-json-parse';
import { badRequest } from '../errors';

/** Parses JSON, refusing prototype-poisoning keys with a message that says so. */
function parseBody(text: string): unknown {
  try {
    return parseJson(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw badRequest(
      /prototype/i.test((error as Error).message)
        ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
        : 'The request body is not valid JSON.',
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Trims the fields and drops the empty ones; answers the names of those dropped. */
function normalizeFields(fields: Record<string, unknown>): Set<string> {
  const blank = new Set<string>();
  for (const [key, value] of Object.entries(fields)) {
    const trimmed = typeof value === 'string' && !key.includes('password') ? value.trim() : value;
    if (trimmed === null || trimmed === '') {
      delete fields[key];
      blank.add(key);
    } else fields[key] = trimmed;
  }
  return blank;
}

const blankFieldsOf = new WeakMap<FastifyRequest, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

/**
 * The top-level body fields the request sent as `null` or blank, which validation saw as absent. An edit
 * form clears an optional field that way: a PATCH handler reads this to tell "clear it" from "keep it".
 */
export function blankBodyFields(request: FastifyRequest): ReadonlySet<string> {
  return blankFieldsOf.get(request) ?? NONE;
}

/**
 * Request bodies: JSON only (a route that takes other types registers its own parser in its scope).
 * Fastify's `text/plain` parser is removed so a text body on a JSON route is 415, not a confusing 422.
 * An empty JSON body counts as no body, since some clients send `Content-Type: application/json` on a
 * POST whose data travels in the query string (`/api/email/resend?email=…`).
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = body.toString();
      try {
        done(null, text.trim() === '' ? undefined : parseBody(text));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    // Laravel's TrimStrings and ConvertEmptyStringsToNull, on top-level body fields and query parameters:
    // surrounding spaces are typing slips, and an empty or null field is an absent one ("The name field is
    // required." rather than a type error). Passwords are left exactly as typed.
    app.addHook('preValidation', async (request) => {
      if (isPlainObject(request.query)) normalizeFields(request.query);
      if (request.routeOptions.schema?.body === undefined) return;
      if (request.body === undefined || request.body === null) request.body = {};
      else if (isPlainObject(request.body)) blankFieldsOf.set(request, normalizeFields(request.body));
    });
  },
  { name: 'json-body' },
);
