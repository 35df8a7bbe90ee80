import { type Static, Type } from '@sinclair/typebox';
import { limits, MembershipRole, TimeZone, WebsiteUrl } from '../accounts/auth';
import { Nullable, Timestamp } from '../common';
import { HOSTNAME_PATTERN } from '../limits';

/** A company as its members see it (docs/api.md "Companies"). */
export const Company = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  website: Nullable(Type.String()),
  /** Hostnames allowed to send events; empty admits any. `example.com` also admits its subdomains. */
  domains: Type.Array(Type.String()),
  /** IANA time zone; calendar dates and the daily salt rotation follow it. */
  timezone: Type.String(),
  /** The public key named in the tracking snippet (`data-company`). */
  tracking_key: Type.String(),
  public_stats: Type.Boolean(),
  listed: Type.Boolean(),
  description: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  /** The plan's slug. */
  plan: Type.String(),
  /**
   * How many days the site keeps its events, as its owner or an admin set it; null keeps the plan's. The
   * retention pass applies the smaller of this and `plan_retention_days`.
   */
  retention_days: Nullable(Type.Integer()),
  /** How many days the site's plan keeps events: the most `retention_days` may be. */
  plan_retention_days: Type.Integer(),
  /** The caller's membership. */
  role: MembershipRole,
  created_at: Timestamp,
});
export type Company = Static<typeof Company>;

export const CompanyAnswer = Type.Object({ data: Company });
export type CompanyAnswer = Static<typeof CompanyAnswer>;

export const CompanyListAnswer = Type.Object({ data: Type.Array(Company) });
export type CompanyListAnswer = Static<typeof CompanyListAnswer>;

/** A hostname such as `shop.example.com` (letters, digits and hyphens; at least two labels). */
export const Hostname = Type.String({
  maxLength: 253,
  pattern: HOSTNAME_PATTERN,
});

/** The most companies one user may own (`POST /api/companies` answers 422 beyond). */
export const MAX_OWNED_COMPANIES = 50;

/** `POST /api/companies`: a new site, owned by the caller, on the default plan. */
export const CompanyCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: limits.nameMax }),
  website: Type.Optional(WebsiteUrl),
  /** Defaults to `UTC`; the dashboard sends the browser's zone. */
  timezone: Type.Optional(TimeZone),
});
export type CompanyCreateBody = Static<typeof CompanyCreateBody>;

/** `PATCH /api/companies/{id}`: the fields to change; absent fields keep their value. */
export const CompanyUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: limits.nameMax })),
  website: Type.Optional(WebsiteUrl),
  /** Hostnames allowed to send events (lower-cased when stored); `[]` admits any. */
  domains: Type.Optional(Type.Array(Hostname, { maxItems: 50 })),
  timezone: Type.Optional(TimeZone),
  public_stats: Type.Optional(Type.Boolean()),
  listed: Type.Optional(Type.Boolean()),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  logo_url: Type.Optional(WebsiteUrl),
  /** Days to keep events, 1 to the plan's `retention_days`; `null` (or `""`) goes back to the plan's. */
  retention_days: Type.Optional(Type.Integer()),
});
export type CompanyUpdateBody = Static<typeof CompanyUpdateBody>;
