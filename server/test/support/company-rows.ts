import { count, eq, getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { App } from '../../src/types';

/**
 * How many rows each table holds for a company, over every table of the schema with a `company_id`
 * column, so that a table added later is counted without anyone remembering to add it here; all but the
 * audit log's, which outlives the company.
 */
export async function companyRowCounts(app: App, companyId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(app.db.schema)) {
    // The audit log keeps a deleted company's entries for their year, on purpose (audit-recording.test.ts).
    if (!is(table, Table) || table === app.db.schema.auditEvents) continue;
    const column = (getTableColumns(table) as Record<string, SQLiteColumn>).companyId;
    if (!column) continue;
    const [row] = await app.db.orm
      .select({ rows: count() })
      .from(table as SQLiteTable)
      .where(eq(column, companyId));
    counts[getTableName(table)] = row?.rows ?? 0;
  }
  return counts;
}
