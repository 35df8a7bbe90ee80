// Opens a SQLite connection with the settings every Footfall connection uses.
import Database from 'better-sqlite3';

/** `path` is the database file, or `:memory:`. */
export function openSqliteConnection(path: string): Database.Database {
  const client = new Database(path);
  // WAL lets readers run beside the single writer; NORMAL is durable across process crashes in WAL mode.
  client.pragma('journal_mode = WAL');
  client.pragma('synchronous = NORMAL');
  // SQLite leaves foreign keys off per connection unless asked; the schema relies on its cascades.
  client.pragma('foreign_keys = ON');
  // Other processes (a second server, the CLI, a benchmark counting rows) take turns at the write lock.
  client.pragma('busy_timeout = 5000');
  return client;
}
