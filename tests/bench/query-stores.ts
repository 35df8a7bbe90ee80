// Where `bench:query` keeps its data: a SQLite file (the default) or a fresh PostgreSQL database
// (`--database postgres://…`), each with the raw-SQL baseline and the size measure of its dialect.
import { statSync } from 'node:fs';
import { createDb, type Db, pgOrmOf, sqliteClientOf } from '@footfall/db';
import { createPostgresTestDb } from '@footfall/db/testing';
import { createBenchDatabase, seedBenchCompanies } from './footfall-server';

/** The filters that the baseline knows. */
export interface BaselineFilter {
  page?: string;
  /** Visits with a pageview off this page, and those pageviews. */
  notPage?: string;
  country?: string;
}

/**
 * The goals the bench defines (`BENCH_GOALS`), then the funnel's (`BENCH_FUNNEL_GOALS`), as the API takes
 * them; each with its condition on the events table in either dialect, for the raw baselines.
 */
interface BenchGoal {
  body: { name: string; event_name?: string; page_path?: string; prop?: { key: string; value: string } };
  sqlite: string;
  postgres: string;
}
export const BENCH_GOALS: BenchGoal[] = [
  {
    body: { name: 'Signed up', event_name: 'signup' },
    sqlite: "kind = 2 and name = 'signup'",
    postgres: "kind = 2 and name = 'signup'",
  },
  {
    body: { name: 'Pro sign-up', event_name: 'signup', prop: { key: 'plan', value: 'pro' } },
    sqlite: "kind = 2 and name = 'signup' and json_extract(props, '$.plan') = 'pro'",
    postgres: "kind = 2 and name = 'signup' and props->>'plan' = 'pro'",
  },
  {
    body: { name: 'Added to cart', event_name: 'add_to_cart' },
    sqlite: "kind = 2 and name = 'add_to_cart'",
    postgres: "kind = 2 and name = 'add_to_cart'",
  },
  {
    body: { name: 'Pricing', page_path: '/pricing' },
    sqlite: "kind = 1 and pathname = '/pricing'",
    postgres: "kind = 1 and pathname = '/pricing'",
  },
  {
    body: { name: 'Docs', page_path: '/docs/**' },
    sqlite: "kind = 1 and pathname like '/docs/%'",
    postgres: "kind = 1 and pathname like '/docs/%'",
  },
];
export const BENCH_FUNNEL_GOALS: BenchGoal[] = [
  {
    body: { name: 'Home', page_path: '/' },
    sqlite: "kind = 1 and pathname = '/'",
    postgres: "kind = 1 and pathname = '/'",
  },
  {
    body: { name: 'Sign-up page', page_path: '/signup' },
    sqlite: "kind = 1 and pathname = '/signup'",
    postgres: "kind = 1 and pathname = '/signup'",
  },
];
/** The funnel's steps: home, pricing, the sign-up page, a sign-up. */
export const BENCH_FUNNEL = [
  BENCH_FUNNEL_GOALS[0],
  BENCH_GOALS[3],
  BENCH_FUNNEL_GOALS[1],
  BENCH_GOALS[0],
] as BenchGoal[];
/** The property `props_key` breaks down. */
export const BENCH_PROPS_KEY = 'plan';

/** What a raw baseline computes, as a first version would in SQL. */
export type BaselineKind = 'summary' | 'goals' | 'funnel' | 'props';

export interface BenchStore {
  url: string;
  db: Db;
  companies: { id: number; trackingKey: string }[];
  /** The summary in plain SQL over the raw tables, as a first version would compute it. */
  rawSummary(companyId: number, from: number, to: number, filter?: BaselineFilter): Promise<unknown>;
  /**
   * In plain SQL: each goal's converting visitors, visits and events; the funnel's visits reaching each
   * step (chained: a step's first time after the previous step's); or a property's values.
   */
  rawConversions(
    kind: Exclude<BaselineKind, 'summary'>,
    companyId: number,
    from: number,
    to: number,
  ): Promise<unknown>;
  /** After the load: PostgreSQL gathers the planner's statistics, as autovacuum would in a while. */
  analyze(): Promise<void>;
  /** The size in bytes of every table of the schema, with its indexes (and TOAST on PostgreSQL). */
  size(): Promise<number>;
  /** Gives free space back (VACUUM), then answers the size. */
  compact(): Promise<number>;
  remove(): Promise<void>;
}

const DAY_MS = 86_400_000;

export async function sqliteStore(companyCount: number): Promise<BenchStore> {
  const bench = await createBenchDatabase(companyCount);
  const url = `file:${bench.dbPath}`;
  const db = await createDb(url);
  const sqlite = sqliteClientOf(db);
  const size = async () => {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return statSync(bench.dbPath).size;
  };
  return {
    url,
    db,
    companies: bench.companies,
    async rawConversions(kind, companyId, from, to) {
      const params = { company: companyId, from, to };
      const range = 'company_id = @company and ts >= @from and ts < @to';
      const daily = `(ts / ${DAY_MS}) || ':' || visitor_id`;
      if (kind === 'goals') {
        return BENCH_GOALS.map((goal) =>
          sqlite
            .prepare(
              `select count(*) as events, count(distinct session_id) as visits, count(distinct ${daily}) as visitors
               from events where ${range} and ${goal.sqlite}`,
            )
            .get(params),
        );
      }
      if (kind === 'props') {
        return sqlite
          .prepare(
            `select json_extract(props, '$.${BENCH_PROPS_KEY}') as value, count(*) as events, count(distinct ${daily}) as visitors
             from events where ${range} and kind = 2 and json_extract(props, '$.${BENCH_PROPS_KEY}') is not null
             group by value order by visitors desc`,
          )
          .all(params);
      }
      const steps = BENCH_FUNNEL.map((goal, index) =>
        index === 0
          ? `s0 as (select session_id, min(ts) as at, min(${daily}) as visitor from events where ${range} and ${goal.sqlite} group by session_id)`
          : `s${index} as (select e.session_id, min(e.ts) as at, min(s.visitor) as visitor from events e join s${index - 1} s on s.session_id = e.session_id
               where e.company_id = @company and e.ts >= s.at and e.ts < @to and e.${goal.sqlite.replaceAll(' and ', ' and e.')} group by e.session_id)`,
      );
      return sqlite
        .prepare(
          `with ${steps.join(', ')} select ${BENCH_FUNNEL.map((_, index) => `(select count(distinct visitor) from s${index}) as step${index}`).join(', ')}`,
        )
        .get(params);
    },
    async rawSummary(companyId, from, to, filter) {
      const visitFilter = filter?.country ? 'and country = @country' : '';
      const pageVisits = filter?.page
        ? 'and id in (select session_id from events where company_id = @company and ts >= @from and ts < @to and kind = 1 and pathname = @page)'
        : filter?.notPage
          ? 'and id in (select session_id from events where company_id = @company and ts >= @from and ts < @to and kind = 1 and pathname <> @notPage)'
          : '';
      const params = { company: companyId, from, to, ...filter };
      const visits = sqlite
        .prepare(
          `select count(*) as visits, sum(is_bounce) as bounces, sum(last_activity_at - started_at) as duration,
             (select count(*) from (select distinct started_at / ${DAY_MS}, visitor_id from sessions
                where company_id = @company and started_at >= @from and started_at < @to ${visitFilter} ${pageVisits})) as visitors
           from sessions where company_id = @company and started_at >= @from and started_at < @to ${visitFilter} ${pageVisits}`,
        )
        .get(params);
      const pageviews = sqlite
        .prepare(
          filter?.country
            ? `select count(*) as pageviews from events e join sessions s on s.id = e.session_id
                 where e.company_id = @company and e.ts >= @from and e.ts < @to and e.kind = 1 and s.country = @country`
            : `select count(*) as pageviews from events where company_id = @company and ts >= @from and ts < @to and kind = 1
                 ${filter?.page ? 'and pathname = @page' : filter?.notPage ? 'and pathname <> @notPage' : ''}`,
        )
        .get(params);
      return { ...(visits as object), ...(pageviews as object) };
    },
    async analyze() {},
    size,
    async compact() {
      sqlite.exec('VACUUM');
      return size();
    },
    async remove() {
      await db.close();
      bench.remove();
    },
  };
}

export async function postgresStore(adminUrl: string, companyCount: number): Promise<BenchStore> {
  const fresh = await createPostgresTestDb(adminUrl);
  const pool = pgOrmOf(fresh.db).$client;
  const size = async () => {
    const { rows } = await pool.query<{ size: string }>(
      'select pg_database_size(current_database()) as size',
    );
    return Number(rows[0]?.size ?? 0);
  };
  return {
    url: fresh.url,
    db: fresh.db,
    companies: await seedBenchCompanies(fresh.db, companyCount),
    async rawConversions(kind, companyId, from, to) {
      const params = [companyId, new Date(from), new Date(to)];
      const range = 'company_id = $1 and ts >= $2 and ts < $3';
      const daily = `(date_trunc('day', ts at time zone 'UTC'), visitor_id)`;
      if (kind === 'goals') {
        const answers = [];
        for (const goal of BENCH_GOALS) {
          const { rows } = await pool.query(
            `select count(*) as events, count(distinct session_id) as visits, count(distinct ${daily}) as visitors
             from events where ${range} and ${goal.postgres}`,
            params,
          );
          answers.push(rows[0]);
        }
        return answers;
      }
      if (kind === 'props') {
        const { rows } = await pool.query(
          `select props->>'${BENCH_PROPS_KEY}' as value, count(*) as events, count(distinct ${daily}) as visitors
           from events where ${range} and kind = 2 and props ? '${BENCH_PROPS_KEY}'
           group by value order by visitors desc`,
          params,
        );
        return rows;
      }
      const steps = BENCH_FUNNEL.map((goal, index) =>
        index === 0
          ? `s0 as (select session_id, min(ts) as at, min(date_trunc('day', ts at time zone 'UTC')::text || visitor_id) as visitor
               from events where ${range} and ${goal.postgres} group by session_id)`
          : `s${index} as (select e.session_id, min(e.ts) as at, min(s.visitor) as visitor from events e join s${index - 1} s on s.session_id = e.session_id
               where e.company_id = $1 and e.ts >= s.at and e.ts < $3 and e.${goal.postgres.replaceAll(' and ', ' and e.')} group by e.session_id)`,
      );
      const { rows } = await pool.query(
        `with ${steps.join(', ')} select ${BENCH_FUNNEL.map((_, index) => `(select count(distinct visitor) from s${index}) as step${index}`).join(', ')}`,
        params,
      );
      return rows[0];
    },
    async rawSummary(companyId, from, to, filter) {
      const params: unknown[] = [companyId, new Date(from), new Date(to)];
      let where = 'company_id = $1 and started_at >= $2 and started_at < $3';
      if (filter?.country) {
        params.push(filter.country);
        where += ` and country = $${params.length}`;
      }
      if (filter?.page || filter?.notPage) {
        params.push(filter.page ?? filter.notPage);
        where += ` and id in (select session_id from events where company_id = $1 and ts >= $2 and ts < $3 and kind = 1 and pathname ${filter.page ? '=' : '<>'} $${params.length})`;
      }
      const visits = await pool.query(
        `select count(*) as visits, sum(is_bounce::int) as bounces,
           sum(extract(epoch from last_activity_at - started_at) * 1000) as duration,
           (select count(*) from (select distinct date_trunc('day', started_at at time zone 'UTC'), visitor_id
              from sessions where ${where}) as daily) as visitors
         from sessions where ${where}`,
        params,
      );
      const pageviews = await pool.query(
        filter?.country
          ? `select count(*) as pageviews from events e join sessions s on s.id = e.session_id
               where e.company_id = $1 and e.ts >= $2 and e.ts < $3 and e.kind = 1 and s.country = $4`
          : `select count(*) as pageviews from events where company_id = $1 and ts >= $2 and ts < $3 and kind = 1
               ${filter?.page ? 'and pathname = $4' : filter?.notPage ? 'and pathname <> $4' : ''}`,
        params,
      );
      return { ...visits.rows[0], ...pageviews.rows[0] };
    },
    async analyze() {
      await pool.query('analyze');
    },
    size,
    async compact() {
      await pool.query('vacuum full');
      return size();
    },
    remove: () => fresh.cleanup(),
  };
}
