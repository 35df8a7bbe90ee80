import type { Database } from 'better-sqlite3';

export function openSqliteConnection(path: string): Database;
