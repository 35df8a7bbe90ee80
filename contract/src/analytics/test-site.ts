import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../common';
import { Props, TrackerEventType } from './ingest';
import { RECENT_EVENTS_DEFAULT_LIMIT, RECENT_EVENTS_MAX_LIMIT } from './test-site-constants';

export * from './test-site-constants';

// The dashboard's test-site page (`/test-site/{company_id}`): the recent-events feed and the installation
// check. Both read the raw events still stored as rows (today's, until the hourly pass packs ended days);
// the feed also shows the test page's own events (test traffic), which the check leaves out.

/**
 * A position in the feed, opaque to clients: pass an answer's `meta.cursor` (or an event's `id`) back as
 * `after`. It orders events by their stored time, then test traffic before real events, then by visit and
 * type (real events) or by arrival (test traffic).
 */
export const EventCursor = Type.String({
  pattern: '^[0-9]{1,15}-([0-9]{1,16}-[1-3](-[0-9]{1,3})?|t[0-9]{1,16})$',
});
export type EventCursor = Static<typeof EventCursor>;

/** `GET /api/companies/{id}/events/recent`. */
export const RecentEventsQuery = Type.Object({
  /** Only events stored after this position: what a client that polls asks for. */
  after: Type.Optional(EventCursor),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: RECENT_EVENTS_MAX_LIMIT, default: RECENT_EVENTS_DEFAULT_LIMIT }),
  ),
});
export type RecentEventsQuery = Static<typeof RecentEventsQuery>;

/**
 * The visit an event belongs to. Its attributes were worked out once, from the visit's first event, and
 * every later event of the visit shares them.
 */
export const RecentEventVisit = Type.Object({
  /** The same for every event of one visit (not a visitor id: the server keeps no lasting one). */
  id: Type.Integer(),
  started_at: Timestamp,
  entry_page: Type.String(),
  /** A known site's name, the referrer's host, `utm_source`, or `Direct / None`. */
  source: Type.String(),
  /** Host without `www.` and path without query; null for none or an internal referrer. */
  referrer: Nullable(Type.String()),
  utm_source: Nullable(Type.String()),
  utm_medium: Nullable(Type.String()),
  utm_campaign: Nullable(Type.String()),
  utm_content: Nullable(Type.String()),
  utm_term: Nullable(Type.String()),
  /** ISO 3166-1 alpha-2, from the offline lookup of the address; null when unknown. */
  country: Nullable(Type.String()),
  browser: Nullable(Type.String()),
  os: Nullable(Type.String()),
  device: Type.Union([Type.Literal('desktop'), Type.Literal('mobile'), Type.Literal('tablet')]),
  /** The event's `language`, else the request's `Accept-Language`, as `ll-RR`. */
  language: Nullable(Type.String()),
});
export type RecentEventVisit = Static<typeof RecentEventVisit>;

/** One stored event as the server keeps it (screen width and title are not stored, so not here). */
export const RecentEvent = Type.Object({
  /** Unique within the feed; usable as `after`. */
  id: EventCursor,
  type: TrackerEventType,
  /** The custom event's name; null for pageviews and engagement pings. */
  name: Nullable(Type.String()),
  /** When the server received it. */
  timestamp: Timestamp,
  hostname: Type.String(),
  /** The URL's path without the query (with the hash in hash-routing mode). */
  pathname: Type.String(),
  props: Nullable(Props),
  /** Engagement pings only: foreground time on the page. */
  engaged_ms: Nullable(Type.Integer()),
  /** Engagement pings only: the deepest scroll, in percent. */
  scroll_depth: Nullable(Type.Integer()),
  /**
   * Sent from the dashboard's test page: test traffic, shown in this feed only and counted in no figure
   * (analytics, usage, quota, widget, exports). Its visits are apart from the real ones.
   */
  test: Type.Boolean(),
  visit: RecentEventVisit,
});
export type RecentEvent = Static<typeof RecentEvent>;

/** Newest first. Poll with `after=meta.cursor` to receive only what was stored since. */
export const RecentEventsAnswer = Type.Object({
  data: Type.Array(RecentEvent),
  meta: Type.Object({
    /** The newest position seen: the first event's, else the `after` given; null when there is none. */
    cursor: Nullable(EventCursor),
    /** More events matched than `limit`: the answer holds the newest, the older ones are left out. */
    truncated: Type.Boolean(),
  }),
});
export type RecentEventsAnswer = Static<typeof RecentEventsAnswer>;

/** `receiving`: the company's own hosts sent at least one event in the window; `not-yet`: none did. */
export const InstallationStatus = Type.Union([Type.Literal('receiving'), Type.Literal('not-yet')]);
export type InstallationStatus = Static<typeof InstallationStatus>;

/** The events that one hostname sent in the window. */
export const HostnameActivity = Type.Object({
  hostname: Type.String(),
  events: Type.Integer(),
  last_event_at: Timestamp,
});
export type HostnameActivity = Static<typeof HostnameActivity>;

/** One of the company's own hosts, with the events of it and of its subdomains in the window. */
export const InstallationHost = Type.Object({
  /** Lower case, without scheme, port, path or `www.`. */
  host: Type.String(),
  /** Pageviews, custom events and engagement pings, from the host and its subdomains. */
  events: Type.Integer(),
  /** The latest of those events; null when there is none. */
  last_event_at: Nullable(Timestamp),
  /** The hostnames those events came from (the host itself, its subdomains), latest first. */
  hostnames: Type.Array(HostnameActivity),
});
export type InstallationHost = Static<typeof InstallationHost>;

/** `GET /api/companies/{id}/installation`: what arrived in the last 30 minutes, by host. */
export const InstallationCheck = Type.Object({
  status: InstallationStatus,
  /** The window's start: 30 minutes before `checked_at`. */
  since: Timestamp,
  checked_at: Timestamp,
  /**
   * The company's `domains` and its website's host, in that order, zeros included; when it has neither,
   * every hostname that sent events in the window.
   */
  hosts: Type.Array(InstallationHost),
  /** Hostnames outside the company's own hosts that sent events (e.g. `localhost`), latest first. */
  other_hosts: Type.Array(HostnameActivity),
});
export type InstallationCheck = Static<typeof InstallationCheck>;

export const InstallationAnswer = Type.Object({ data: InstallationCheck });
export type InstallationAnswer = Static<typeof InstallationAnswer>;
