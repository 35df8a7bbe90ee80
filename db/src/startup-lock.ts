import { type Db, pgOrmOf } from './create-db';

/** Any fixed number, apart from the migrations' lock: the key of the start-up work's lock. */
const STARTUP_LOCK_KEY = 0x666f6f75;

/**
 * Runs a server's start-up work (admin bootstrap, demo seeding) while no other server does its own: on
 * PostgreSQL under a session-level advisory lock held on one connection, so that servers started together on
 * an empty database take turns and the later ones find the work done. SQLite is one server: it just runs.
 */
export async function duringStartup<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect === 'sqlite') return work();
  const client = await pgOrmOf(db).$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
