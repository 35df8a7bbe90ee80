import { type Static, Type } from '@sinclair/typebox';
import { MembershipRole } from './auth';
import { Nullable, Timestamp } from './common';

/** A company as its members see it (API.md §4). */
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
  /** The caller's membership. */
  role: MembershipRole,
  created_at: Timestamp,
});
export type Company = Static<typeof Company>;

export const CompanyAnswer = Type.Object({ data: Company });
export type CompanyAnswer = Static<typeof CompanyAnswer>;

export const CompanyListAnswer = Type.Object({ data: Type.Array(Company) });
export type CompanyListAnswer = Static<typeof CompanyListAnswer>;
