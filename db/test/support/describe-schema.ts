import { type Column, getTableColumns, getTableName, is, SQL, Table } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgDialect, PgTable, PgTimestamp } from 'drizzle-orm/pg-core';
import {
  getTableConfig as getSqliteTableConfig,
  SQLiteBaseInteger,
  SQLiteSyncDialect,
  SQLiteTable,
  SQLiteTimestamp,
} from 'drizzle-orm/sqlite-core';

// A dialect-neutral description of a schema module, so that the parity test can compare the SQLite and
// PostgreSQL schema files with one `toEqual`. Used by tests only.

export interface ColumnShape {
  key: string;
  name: string;
  type: string;
  dataType: string;
  notNull: boolean;
  primaryKey: boolean;
  generatedId: boolean;
  sqlDefault: string | null;
  hasDefaultFn: boolean;
  hasOnUpdateFn: boolean;
  unique: string | null;
  enumValues: string[] | null;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  primaryKeys: { name: string; columns: string[] }[];
  uniqueConstraints: { name: string | undefined; columns: string[] }[];
  indexes: { name: string; unique: boolean; columns: string[]; where: string | null }[];
  foreignKeys: {
    name: string;
    columns: string[];
    foreignTable: string;
    foreignColumns: string[];
    onDelete: string;
    onUpdate: string;
  }[];
  checks: { name: string; sql: string }[];
}

export type SchemaShape = Record<string, TableShape | 'not a table'>;

// Column classes of the two dialects that store the same values with the same JS type. A class missing
// here keeps its own name and so never matches the other dialect: extend the map deliberately.
const SAME_TYPE: Record<string, string> = {
  SQLiteInteger: 'integer',
  PgInteger: 'integer',
  // SQLite integers are 64-bit: a PostgreSQL bigint in number mode is the same column.
  PgBigInt53: 'integer',
  PgSmallInt: 'integer',
  SQLiteText: 'text',
  PgText: 'text',
  SQLiteBoolean: 'boolean',
  PgBoolean: 'boolean',
  SQLiteTextJson: 'json',
  PgJsonb: 'json',
};

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

export function describeSqliteSchema(module: Record<string, unknown>): SchemaShape {
  return describeModule(module, (table) => {
    if (!is(table, SQLiteTable)) return undefined;
    const render = (value: SQL) => normalizeSql(sqliteDialect.sqlToQuery(value).sql);
    const config = getSqliteTableConfig(table);
    return {
      ...describeCommon(config, render),
      columns: describeColumns(table, render, sqliteColumnType, (column) =>
        is(column, SQLiteBaseInteger) ? column.autoIncrement : false,
      ),
    };
  });
}

export function describePgSchema(module: Record<string, unknown>): SchemaShape {
  return describeModule(module, (table) => {
    if (!is(table, PgTable)) return undefined;
    const render = (value: SQL) => normalizeSql(pgDialect.sqlToQuery(value).sql);
    const config = getPgTableConfig(table);
    return {
      ...describeCommon(config, render),
      columns: describeColumns(
        table,
        render,
        pgColumnType,
        (column) => column.generatedIdentity !== undefined,
      ),
    };
  });
}

function sqliteColumnType(column: Column): string {
  if (is(column, SQLiteTimestamp)) return column.mode === 'timestamp_ms' ? 'timestamp(ms)' : 'timestamp(s)';
  return SAME_TYPE[column.columnType] ?? column.columnType;
}

function pgColumnType(column: Column): string {
  // The one custom column type, bytea, holds a Buffer like SQLite's blob in buffer mode.
  if (column.columnType === 'PgCustomColumn' && column.getSQLType() === 'bytea') return 'SQLiteBlobBuffer';
  // timestamptz keeps microseconds, of which a JS Date uses the milliseconds: the SQLite ms column.
  if (is(column, PgTimestamp)) return column.withTimezone ? 'timestamp(ms)' : 'timestamp without time zone';
  return SAME_TYPE[column.columnType] ?? column.columnType;
}

function describeModule(
  module: Record<string, unknown>,
  describeTable: (table: Table) => TableShape | undefined,
): SchemaShape {
  const shape: SchemaShape = {};
  for (const [exportName, value] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
    shape[exportName] = (is(value, Table) && describeTable(value)) || 'not a table';
  }
  return shape;
}

function describeColumns(
  table: Table,
  render: (value: SQL) => string,
  typeOf: (column: Column) => string,
  isGeneratedId: (column: Column) => boolean,
): ColumnShape[] {
  return Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    type: typeOf(column),
    // drizzle calls a custom column's data 'custom'; bytea's is a Buffer, SQLite's blob's 'buffer'.
    dataType:
      column.columnType === 'PgCustomColumn' && column.getSQLType() === 'bytea' ? 'buffer' : column.dataType,
    notNull: column.notNull,
    primaryKey: column.primary,
    generatedId: isGeneratedId(column),
    sqlDefault: describeDefault(column.default, render),
    hasDefaultFn: column.defaultFn !== undefined,
    hasOnUpdateFn: column.onUpdateFn !== undefined,
    unique: column.isUnique ? (column.uniqueName ?? null) : null,
    enumValues: column.enumValues ?? null,
  }));
}

function describeDefault(value: unknown, render: (value: SQL) => string): string | null {
  if (value === undefined) return null;
  return is(value, SQL) ? `sql:${render(value)}` : JSON.stringify(value);
}

interface CommonConfig {
  name: string;
  primaryKeys: { getName(): string; columns: Column[] }[];
  uniqueConstraints: { name?: string; columns: Column[] }[];
  indexes: { config: { name?: string; unique: boolean; columns: unknown[]; where?: SQL } }[];
  foreignKeys: {
    getName(): string;
    onDelete?: string;
    onUpdate?: string;
    reference(): { columns: Column[]; foreignTable: Table; foreignColumns: Column[] };
  }[];
  checks: { name: string; value: SQL }[];
}

function describeCommon(config: CommonConfig, render: (value: SQL) => string): Omit<TableShape, 'columns'> {
  const names = (columns: Column[]) => columns.map((column) => column.name);
  const byName = <T extends { name?: string | undefined }>(list: T[]) =>
    list.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  return {
    name: config.name,
    primaryKeys: byName(
      config.primaryKeys.map((key) => ({ name: key.getName(), columns: names(key.columns) })),
    ),
    uniqueConstraints: byName(
      config.uniqueConstraints.map((unique) => ({ name: unique.name, columns: names(unique.columns) })),
    ),
    indexes: byName(
      config.indexes.map(({ config: index }) => ({
        name: index.name ?? '(unnamed)',
        unique: index.unique,
        columns: index.columns.map((column) => (is(column, SQL) ? render(column) : columnName(column))),
        where: index.where ? render(index.where) : null,
      })),
    ),
    foreignKeys: byName(
      config.foreignKeys.map((key) => {
        const reference = key.reference();
        return {
          name: key.getName(),
          columns: names(reference.columns),
          foreignTable: getTableName(reference.foreignTable),
          foreignColumns: names(reference.foreignColumns),
          // drizzle leaves SQLite's unset actions undefined and PostgreSQL's 'no action': the same thing.
          onDelete: key.onDelete ?? 'no action',
          onUpdate: key.onUpdate ?? 'no action',
        };
      }),
    ),
    checks: byName(config.checks.map((check) => ({ name: check.name, sql: render(check.value) }))),
  };
}

// An index column is a table column on SQLite and an `IndexedColumn` on PostgreSQL; both carry `name`.
function columnName(column: unknown): string {
  return (column as { name?: string }).name ?? '';
}

function normalizeSql(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
