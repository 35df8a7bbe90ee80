// Opens a SQLite connection with the settings every Footfall connection uses. Plain JavaScript, because
// the writer thread loads it directly; types in connection.d.mts.
import Database from 'better-sqlite3';

/**
 * @param {string} path the database file, or `:memory:`
 * @returns {import('better-sqlite3').Database}
 */
export function openSqliteConnection(path) {
  const client = new Database(path);
  // WAL lets readers run beside the single writer; NORMAL is durable across process crashes in WAL mode.
  client.pragma('journal_mode = WAL');
  client.pragma('synchronous = NORMAL');
  // SQLite leaves foreign keys off per connection unless asked; the schema relies on its cascades.
  client.pragma('foreign_keys = ON');
  // The writer thread and the main connection take turns at the write lock.
  client.pragma('busy_timeout = 5000');
  return client;
}
