import {
  INGEST_MAX_BATCH,
  MAX_PROP_KEY_LENGTH,
  type Props,
  TrackerEvent,
  type TrackerEventType,
} from '@footfall/contract';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { LRUCache } from 'lru-cache';
import { parse as parseJson } from 'secure-json-parse';
import { isStorableText, STORABLE_TEXT_RULE } from '../validation/text';
import { InvalidEvent } from './invalid-event';

/** A valid event, its URL parsed once. Optional fields are absent (never null). */
export interface ParsedEvent {
  company: string;
  type: TrackerEventType;
  name?: string;
  /** Shared between events sent with the same URL: read it, never change it. */
  url: Readonly<URL>;
  referrer?: string;
  title?: string;
  screen_width?: number;
  language?: string;
  props?: Props;
  engaged_ms?: number;
  scroll_depth?: number;
}

// What each field must be, in words; the 400 message names the field and quotes its rule.
const RULES: Record<keyof TrackerEvent, string> = {
  company: 'must be the tracking key, a string of 1 to 64 characters',
  type: 'must be pageview, event or engagement',
  name: 'must be a string of 1 to 120 characters',
  url: 'must be an absolute http or https URL of at most 2000 characters',
  referrer: 'must be a string of at most 2000 characters',
  title: 'must be a string of at most 500 characters',
  screen_width: 'must be an integer from 0 to 20000',
  language: 'must be a string of at most 35 characters',
  props: `must be an object of at most 30 properties with keys of at most ${MAX_PROP_KEY_LENGTH} characters and values that are strings of at most 2000 characters, numbers or booleans`,
  engaged_ms: 'must be an integer from 0 to 86400000',
  scroll_depth: 'must be an integer from 0 to 100',
};
const REQUIRED = new Set<string>(TrackerEvent.required ?? []);
const checkEvent = TypeCompiler.Compile(TrackerEvent);
const fieldChecks = Object.entries(TrackerEvent.properties as Record<keyof TrackerEvent, TSchema>).map(
  ([field, schema]) => [field as keyof TrackerEvent, TypeCompiler.Compile(schema)] as const,
);

// The texts of an event, each of which must keep the text rule (validation/text.ts); props are checked apart.
const TEXT_FIELDS = ['company', 'name', 'url', 'referrer', 'title', 'language'] as const;

/** The first text of the event that breaks the text rule: its field, or undefined when all keep it. */
function unstorableField(event: TrackerEvent): string | undefined {
  for (const field of TEXT_FIELDS) {
    const value = event[field];
    if (value !== undefined && !isStorableText(value)) return field;
  }
  if (event.props === undefined) return undefined;
  for (const key in event.props) {
    const value = event.props[key];
    if (!isStorableText(key) || (typeof value === 'string' && !isStorableText(value))) return 'props';
  }
  return undefined;
}

function invalid(field: string, rule: string): InvalidEvent {
  return new InvalidEvent(`Invalid event: ${field} ${rule}.`, { [field]: [`The ${field} field ${rule}.`] });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON from a client; prototype-poisoning keys are removed (events copy only the fields they know). Throws on bad JSON. */
export function parseClientJson(text: string): unknown {
  return parseJson(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
}

// Keys that would reach an object's prototype if copied onto another object. Events copy only the fields
// they know, so such a key can only travel inside props, which are removed of them.
const POISONING_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What docs/api.md "Ingestion" says to ignore: `null` means absent, at the top level and in props, and `engaged_ms` and
 * `scroll_depth` mean nothing outside `engagement` events, so they are dropped unchecked there.
 */
function dropIgnored(event: Record<string, unknown>): void {
  for (const key in event) if (event[key] === null) delete event[key];
  if (event.type !== 'engagement') {
    delete event.engaged_ms;
    delete event.scroll_depth;
  }
  const props = event.props;
  if (isRecord(props)) {
    for (const key in props) if (props[key] === null || POISONING_KEYS.has(key)) delete props[key];
  }
}

// Parsed page URLs, shared by the events that send the same one (a site's pages are few, and each is
// sent over and over): a lookup costs a fifth of a parse. Shared, so never modified: `ParsedEvent.url`
// is read-only.
const parsedUrls = new LRUCache<string, URL>({ max: 10_000 });

/** An absolute http(s) URL, parsed once (no `URL.canParse` first: this runs for every event). */
function parseUrl(value: string): URL | undefined {
  const cached = parsedUrls.get(value);
  if (cached) return cached;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  parsedUrls.set(value, url);
  return url;
}

/**
 * Validates one event object (it is modified: nulls are removed). `prefix` is `[3].` for the fourth event
 * of a batch and empty for a lone event; it starts every field name in the 400's message.
 */
export function parseEvent(raw: unknown, prefix: string): ParsedEvent {
  const label = (field: string) => prefix + field;
  if (!isRecord(raw)) {
    throw new InvalidEvent(
      `Invalid event: ${prefix ? prefix.slice(0, -1) : 'the body'} must be an event object.`,
    );
  }
  dropIgnored(raw);
  if (!checkEvent.Check(raw)) {
    for (const [field, check] of fieldChecks) {
      if (raw[field] === undefined) {
        if (REQUIRED.has(field))
          throw new InvalidEvent(`Invalid event: ${label(field)} is required.`, {
            [label(field)]: [`The ${label(field)} field is required.`],
          });
      } else if (!check.Check(raw[field])) throw invalid(label(field), RULES[field]);
    }
  }
  const event = raw as TrackerEvent;
  const unstorable = unstorableField(event);
  if (unstorable) throw invalid(label(unstorable), STORABLE_TEXT_RULE);
  const url = parseUrl(event.url);
  if (!url) throw invalid(label('url'), RULES.url);
  if (event.type === 'event' && event.name === undefined) {
    throw new InvalidEvent(`Invalid event: ${label('name')} is required for custom events.`, {
      [label('name')]: [`The ${label('name')} field is required for custom events.`],
    });
  }
  if (event.props && Object.keys(event.props).some((key) => key.length > MAX_PROP_KEY_LENGTH)) {
    throw invalid(label('props'), RULES.props);
  }
  const parsed: ParsedEvent = { company: event.company, type: event.type, url };
  if (event.name !== undefined && event.type === 'event') parsed.name = event.name;
  if (event.referrer !== undefined) parsed.referrer = event.referrer;
  if (event.title !== undefined) parsed.title = event.title;
  if (event.screen_width !== undefined) parsed.screen_width = event.screen_width;
  if (event.language !== undefined) parsed.language = event.language;
  if (event.props !== undefined && Object.keys(event.props).length > 0) parsed.props = event.props;
  if (event.type === 'engagement') {
    parsed.engaged_ms = event.engaged_ms ?? 0;
    parsed.scroll_depth = event.scroll_depth ?? 0;
  }
  return parsed;
}

/**
 * Step 1, parse: the request body (JSON text) into valid events, or a 400 whose message names the first
 * bad field (`[3].url` in a batch). One bad event rejects the whole batch.
 */
export function parseEvents(body: string): ParsedEvent[] {
  let value: unknown;
  try {
    // Plain JSON.parse, not parseClientJson: it is half the price, and an event copies only the fields it
    // knows (props are cleaned in dropIgnored), so a `__proto__` key in the body reaches no prototype.
    value = JSON.parse(body);
  } catch {
    throw new InvalidEvent('The request body is not valid JSON.');
  }
  if (!Array.isArray(value)) return [parseEvent(value, '')];
  if (value.length === 0 || value.length > INGEST_MAX_BATCH) {
    throw new InvalidEvent(
      `A batch must hold 1 to ${INGEST_MAX_BATCH} events; this one holds ${value.length}.`,
    );
  }
  return value.map((raw, index) => parseEvent(raw, `[${index}].`));
}
