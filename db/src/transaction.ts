import { type Db, type Orm, pgOrmOf } from './create-db';

// One transaction body for both drivers. better-sqlite3 runs a transaction inside a synchronous callback
// (it throws when the callback returns a promise, which would otherwise commit before its awaits), while
// node-postgres needs every query awaited. A body is therefore a generator that *yields* its queries: the driver below
// runs each one synchronously on SQLite and awaits it on PostgreSQL, then resumes the body with the rows.

/** The transaction handle a body builds its queries from (typed as SQLite's, like `Db['orm']`). */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** A query that returns rows: a select, or a write with `.returning()`. */
export interface RowsQuery<T> {
  all(): T[];
}

/** Any query whose result the body does not need. */
export interface RunQuery {
  run(): unknown;
}

export type TxStep = { kind: 'rows'; query: RowsQuery<unknown> } | { kind: 'run'; query: RunQuery };

export type TxBody<R> = (tx: Tx) => Generator<TxStep, R, unknown>;

/** `const list = yield* rows(tx.select().from(t))` runs the query and answers its rows. */
export function* rows<T>(query: RowsQuery<T>): Generator<TxStep, T[], unknown> {
  return (yield { kind: 'rows', query }) as T[];
}

/** `const row = yield* first(q)` answers the first row of `q`, or undefined. */
export function* first<T>(query: RowsQuery<T>): Generator<TxStep, T | undefined, unknown> {
  const list = yield* rows(query);
  return list[0];
}

/** `yield* run(tx.update(t).set(v).where(w))` runs a query for its effect. */
export function* run(query: RunQuery): Generator<TxStep, void, unknown> {
  yield { kind: 'run', query };
}

/**
 * Runs `body` in one transaction: commits when it returns, rolls back when it (or a query) throws.
 * Build every query from `tx`. A failed query is thrown into the body so that `finally` blocks run, but
 * do not catch it and carry on: PostgreSQL aborts the transaction at the first error, SQLite does not.
 * SQLite transactions start IMMEDIATE, so bodies run one at a time and a read-then-write body cannot fail
 * midway on a lock upgrade. PostgreSQL runs them concurrently at READ COMMITTED: a body must not write a
 * value computed from an earlier read of a row that others may change; use `set x = x + 1` or a unique key.
 */
export async function transaction<R>(db: Db, body: TxBody<R>): Promise<R> {
  if (db.dialect === 'sqlite') {
    return db.orm.transaction((tx) => driveSync(body(tx)), { behavior: 'immediate' });
  }
  return pgOrmOf(db).transaction(async (tx) => driveAsync(body(tx as unknown as Tx)));
}

function driveSync<R>(steps: Generator<TxStep, R, unknown>): R {
  let next = steps.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = executeSync(next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

async function driveAsync<R>(steps: Generator<TxStep, R, unknown>): Promise<R> {
  let next = steps.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = await executeAsync(next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

// A `run` step resumes the body with nothing, so the drivers' differing run results never leak into it.
function executeSync(step: TxStep): unknown {
  if (step.kind === 'rows') return step.query.all();
  step.query.run();
  return undefined;
}

async function executeAsync(step: TxStep): Promise<unknown> {
  // On PostgreSQL the yielded builders are node-postgres ones, which run when awaited.
  const result = await (step.query as unknown as PromiseLike<unknown>);
  return step.kind === 'rows' ? result : undefined;
}
