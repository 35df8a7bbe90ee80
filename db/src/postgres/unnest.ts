// Lists bound as arrays: a statement takes a whole batch as one parameter a column, unnested in SQL.
import { type SQL, sql } from 'drizzle-orm';

/** One column of a list, as a single array parameter cast to the column's array type. */
export const column = <T>(list: T[], value: (item: T) => unknown, type: string): SQL =>
  sql`${sql.param(list.map(value))}::${sql.raw(type)}[]`;
