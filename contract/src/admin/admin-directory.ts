import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { MembershipRole, WebsiteUrl } from '../accounts/auth';
import { Nullable, Timestamp } from '../common';
import { limits } from '../limits';

// The admin area's directory (docs/api.md "Admin: overview, companies, listings and users"): the overview dashboard, companies, listings ("Add Listing") and
// users. Every route takes an admin token. Names carry an `Admin…` prefix so that they never clash with
// another module's exports through the index.

/** Rows an admin list page holds unless `per_page` says otherwise, and the most it may ask for. */
export const ADMIN_PER_PAGE_DEFAULT = 20;
export const ADMIN_PER_PAGE_MAX = 100;
/** The longest search of an admin list, in characters. */
export const ADMIN_QUERY_MAX = 200;
/** The longest directory category ("Software", "Shop"…). */
export const ADMIN_CATEGORY_MAX = 60;
/** The longest company description. */
export const ADMIN_DESCRIPTION_MAX = 2000;
/** The overview's daily series: how many days by default, and the bounds of `days`. */
export const ADMIN_OVERVIEW_DAYS_DEFAULT = 30;
export const ADMIN_OVERVIEW_DAYS_MIN = 7;
export const ADMIN_OVERVIEW_DAYS_MAX = 365;

const Count = Type.Integer({ minimum: 0 });

/** `?page=&per_page=` of the admin lists: `page` counts from 1. */
export const AdminPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_PER_PAGE_MAX })),
});
export type AdminPageQuery = Static<typeof AdminPageQuery>;

/** Where a page sits: `total` counts the rows of the whole (filtered) list. */
export const AdminPageMeta = Type.Object({ page: Count, per_page: Count, total: Count });
export type AdminPageMeta = Static<typeof AdminPageMeta>;

const AdminPage = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), meta: AdminPageMeta });

/** A case-insensitive substring search; `%` and `_` are matched literally. */
const Search = Type.String({ maxLength: ADMIN_QUERY_MAX });

// ---- Overview

/** `GET /api/admin/overview?days=`: how many days the daily series covers, today included. */
export const AdminOverviewQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: ADMIN_OVERVIEW_DAYS_MIN, maximum: ADMIN_OVERVIEW_DAYS_MAX })),
});
export type AdminOverviewQuery = Static<typeof AdminOverviewQuery>;

/** One day of the overview's series. */
export const AdminOverviewDay = Type.Object({
  /** `YYYY-MM-DD`. */
  date: Type.String({ format: 'date' }),
  signups: Count,
  companies: Count,
  /** Stored pageviews and custom events. */
  events: Count,
  api_calls: Count,
  /** Hits dropped as bots. */
  bots: Count,
});
export type AdminOverviewDay = Static<typeof AdminOverviewDay>;

export const AdminOverview = Type.Object({
  totals: Type.Object({
    users: Count,
    verified_users: Count,
    suspended_users: Count,
    companies: Count,
    listed_companies: Count,
    suspended_companies: Count,
    /** Pageviews and custom events stored by tracking, all time (what plan quotas count). */
    events: Count,
    /** Stats-API calls, all time. */
    api_calls: Count,
    subscribers: Count,
    admins: Count,
  }),
  /** Today's row of `daily`. */
  today: Type.Object({ signups: Count, events: Count, api_calls: Count, bots: Count }),
  /** Pageviews and custom events stored in the last minute and the last hour. */
  ingest: Type.Object({ events_last_minute: Count, events_last_hour: Count }),
  database: Type.Object({
    dialect: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
    /** The database's size on disk. */
    bytes: Count,
  }),
  /** One row per day, oldest first, today last; days without activity are zeros. */
  daily: Type.Array(AdminOverviewDay),
});
export type AdminOverview = Static<typeof AdminOverview>;

export const AdminOverviewAnswer = Type.Object({ data: AdminOverview });
export type AdminOverviewAnswer = Static<typeof AdminOverviewAnswer>;

// ---- Companies and listings

export const AdminCompanyOwner = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
});
export type AdminCompanyOwner = Static<typeof AdminCompanyOwner>;

/** A company as admins see it. */
export const AdminCompany = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  website: Nullable(Type.String()),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  /** In the public directory. */
  listed: Type.Boolean(),
  public_stats: Type.Boolean(),
  /** When an admin suspended it; null when it is not suspended. */
  suspended_at: Nullable(Timestamp),
  /** The plan's slug. */
  plan: Type.String(),
  /** The owner; null for a listing an admin added without an account behind it. */
  owner: Nullable(AdminCompanyOwner),
  /** Members, the owner included. */
  members: Count,
  /** Counted events (pageviews and custom events) of the current month in the company's time zone. */
  events_this_month: Count,
  created_at: Timestamp,
});
export type AdminCompany = Static<typeof AdminCompany>;

export const AdminCompanyAnswer = Type.Object({ data: AdminCompany });
export type AdminCompanyAnswer = Static<typeof AdminCompanyAnswer>;

export const AdminCompanyListAnswer = AdminPage(AdminCompany);
export type AdminCompanyListAnswer = Static<typeof AdminCompanyListAnswer>;

/** `GET /api/admin/companies`: `q` searches the name, the website and the owner's e-mail address. */
export const AdminCompanyListQuery = Type.Composite([
  AdminPageQuery,
  Type.Object({
    q: Type.Optional(Search),
    listed: Type.Optional(Type.Boolean()),
    suspended: Type.Optional(Type.Boolean()),
  }),
]);
export type AdminCompanyListQuery = Static<typeof AdminCompanyListQuery>;

/**
 * `PATCH /api/admin/companies/{id}`: absent fields keep their value; `""` (or `null`) clears `website`,
 * `description`, `logo_url` and `category`. `suspended: true` suspends the company and unlists it; a
 * suspended company cannot be listed.
 */
export const AdminCompanyUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: limits.nameMax })),
  website: Type.Optional(WebsiteUrl),
  description: Type.Optional(Type.String({ maxLength: ADMIN_DESCRIPTION_MAX })),
  logo_url: Type.Optional(WebsiteUrl),
  category: Type.Optional(Type.String({ maxLength: ADMIN_CATEGORY_MAX })),
  listed: Type.Optional(Type.Boolean()),
  suspended: Type.Optional(Type.Boolean()),
});
export type AdminCompanyUpdateBody = Static<typeof AdminCompanyUpdateBody>;

/**
 * `POST /api/admin/listings` ("Add Listing"): with `company_id`, the fields go onto that company and it is
 * listed; without, a new company with no owner is created on the default plan.
 */
export const AdminListingCreateBody = Type.Object({
  company_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  name: Type.String({ maxLength: limits.nameMax }),
  website: WebsiteUrl,
  description: Type.Optional(Type.String({ maxLength: ADMIN_DESCRIPTION_MAX })),
  logo_url: Type.Optional(WebsiteUrl),
  category: Type.Optional(Type.String({ maxLength: ADMIN_CATEGORY_MAX })),
  /** Default true. */
  listed: Type.Optional(Type.Boolean()),
});
export type AdminListingCreateBody = Static<typeof AdminListingCreateBody>;

// ---- Users

export const AdminUserAccountCompany = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: MembershipRole,
});
export type AdminUserAccountCompany = Static<typeof AdminUserAccountCompany>;

/** A user account as admins see it. */
export const AdminUserAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Nullable(Timestamp),
  /** When an admin suspended the account; null when it is not suspended. */
  suspended_at: Nullable(Timestamp),
  created_at: Timestamp,
  companies: Type.Array(AdminUserAccountCompany),
});
export type AdminUserAccount = Static<typeof AdminUserAccount>;

export const AdminUserAccountAnswer = Type.Object({ data: AdminUserAccount });
export type AdminUserAccountAnswer = Static<typeof AdminUserAccountAnswer>;

export const AdminUserAccountListAnswer = AdminPage(AdminUserAccount);
export type AdminUserAccountListAnswer = Static<typeof AdminUserAccountListAnswer>;

/** `GET /api/admin/users`: `q` searches the name and the e-mail address. */
export const AdminUserAccountListQuery = Type.Composite([
  AdminPageQuery,
  Type.Object({ q: Type.Optional(Search), suspended: Type.Optional(Type.Boolean()) }),
]);
export type AdminUserAccountListQuery = Static<typeof AdminUserAccountListQuery>;

/** `PATCH /api/admin/users/{id}`: a suspended user's token is refused (403) and they cannot sign in. */
export const AdminUserAccountUpdateBody = Type.Object({ suspended: Type.Boolean() });
export type AdminUserAccountUpdateBody = Static<typeof AdminUserAccountUpdateBody>;
