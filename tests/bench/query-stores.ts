// Where `bench:query` keeps its data: a SQLite file (the default) or a fresh PostgreSQL database
// (`--database postgres://…`), each with the raw-SQL baseline and the size measure of its dialect.
import { statSync } from 'node:fs';
import { createDb, type Db, pgOrmOf, sqliteClientOf } from '@footfall/db';
import { createPostgresTestDb } from '@footfall/db/testing';
import { createBenchDatabase, seedBenchCompanies } from './footfall-server';

/** The filters that the baseline knows. */
export interface BaselineFilter {
  page?: string;
  country?: string;
}

export interface BenchStore {
  url: string;
  db: Db;
  companies: { id: number; trackingKey: string }[];
  /** The summary in plain SQL over the raw tables, as a first version would compute it. */
  rawSummary(companyId: number, from: number, to: number, filter?: BaselineFilter): Promise<unknown>;
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
    async rawSummary(companyId, from, to, filter) {
      const visitFilter = filter?.country ? 'and country = @country' : '';
      const pageVisits = filter?.page
        ? 'and id in (select session_id from events where company_id = @company and ts >= @from and ts < @to and kind = 1 and pathname = @page)'
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
                 ${filter?.page ? 'and pathname = @page' : ''}`,
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
    async rawSummary(companyId, from, to, filter) {
      const params: unknown[] = [companyId, new Date(from), new Date(to)];
      let where = 'company_id = $1 and started_at >= $2 and started_at < $3';
      if (filter?.country) {
        params.push(filter.country);
        where += ` and country = $${params.length}`;
      }
      if (filter?.page) {
        params.push(filter.page);
        where += ` and id in (select session_id from events where company_id = $1 and ts >= $2 and ts < $3 and kind = 1 and pathname = $${params.length})`;
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
               ${filter?.page ? 'and pathname = $4' : ''}`,
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
