import { getTableColumns, type Table } from 'drizzle-orm';
import { index, integer as pgInteger, pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { integer, index as sqliteIndex, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describePgSchema, describeSqliteSchema } from '../../test/support/describe-schema';
import * as postgres from './postgres';
import * as sqlite from './sqlite';

const sqliteShape = describeSqliteSchema(sqlite);
const pgShape = describePgSchema(postgres);

describe('the SQLite and PostgreSQL schemas', () => {
  it('export the same names', () => {
    expect(Object.keys(pgShape)).toEqual(Object.keys(sqliteShape));
  });

  it.each(Object.keys(sqliteShape))('define %s identically', (exportName) => {
    expect(sqliteShape[exportName]).not.toBe('not a table');
    expect(pgShape[exportName]).toEqual(sqliteShape[exportName]);
  });

  it('give every table the same JS row type', () => {
    // Checked by the type checker (`tsc`), which runs over test files too.
    type Rows<M> = { [K in keyof M]: M[K] extends Table ? M[K]['$inferSelect'] : never };
    expectTypeOf<Rows<typeof postgres>>().toEqualTypeOf<Rows<typeof sqlite>>();
    expect(Object.keys(getTableColumns(postgres.users))).toEqual(Object.keys(getTableColumns(sqlite.users)));
  });
});

describe('the schema comparison', () => {
  const pair = (sqliteTableDef: Table, pgTableDef: Table) => [
    describeSqliteSchema({ t: sqliteTableDef }),
    describePgSchema({ t: pgTableDef }),
  ];

  it('finds tables that match across dialects equal', () => {
    const [a, b] = pair(
      sqliteTable('t', {
        id: integer('id').primaryKey({ autoIncrement: true }),
        name: text('name').notNull(),
      }),
      pgTable('t', {
        id: pgInteger('id').primaryKey().generatedAlwaysAsIdentity(),
        name: pgText('name').notNull(),
      }),
    );
    expect(b).toEqual(a);
  });

  it('notices a column whose nullability differs', () => {
    const [a, b] = pair(
      sqliteTable('t', { name: text('name').notNull() }),
      pgTable('t', { name: pgText('name') }),
    );
    expect(b).not.toEqual(a);
  });

  it('notices a default present on one side only', () => {
    const [a, b] = pair(
      sqliteTable('t', { name: text('name').default('x') }),
      pgTable('t', { name: pgText('name') }),
    );
    expect(b).not.toEqual(a);
  });

  it('notices a foreign key whose on-delete action differs', () => {
    const sqliteParent = sqliteTable('p', { id: integer('id').primaryKey() });
    const pgParent = pgTable('p', { id: pgInteger('id').primaryKey() });
    const [a, b] = pair(
      sqliteTable('t', {
        parentId: integer('parent_id').references(() => sqliteParent.id, { onDelete: 'cascade' }),
      }),
      pgTable('t', {
        parentId: pgInteger('parent_id').references(() => pgParent.id, { onDelete: 'restrict' }),
      }),
    );
    expect(b).not.toEqual(a);
  });

  it('notices an index missing on one side', () => {
    const [a, b] = pair(
      sqliteTable('t', { name: text('name') }, (t) => [sqliteIndex('t_name_idx').on(t.name)]),
      pgTable('t', { name: pgText('name') }, (t) => [index('t_name_other_idx').on(t.name)]),
    );
    expect(b).not.toEqual(a);
  });

  it('notices a column stored with a different type', () => {
    const [a, b] = pair(sqliteTable('t', { n: integer('n') }), pgTable('t', { n: pgText('n') }));
    expect(b).not.toEqual(a);
  });
});
