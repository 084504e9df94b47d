import { and, or, type SQL } from "drizzle-orm";
import type { Executor } from "./db.server";

/**
 * drizzle types `and()`/`or()` of no conditions as `undefined`; these take at least one, so they always give SQL.
 */
export const allOf = (first: SQL, ...rest: Array<SQL | undefined>): SQL => and(first, ...rest) ?? first;
export const anyOf = (first: SQL, ...rest: Array<SQL | undefined>): SQL => or(first, ...rest) ?? first;

/** An ILIKE pattern for text typed in a search box: it matches anywhere, and `%`, `_` and `\` match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The row an INSERT … RETURNING of one row gave: PostgreSQL returns it, or the insert threw. */
export function insertedRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error("INSERT … RETURNING gave no row");
  return row;
}

/**
 * The rows of a raw statement: drizzle's `execute` answers each driver's own result type (node-postgres and PGlite
 * both carry `rows`), so the one cast lives here. `Row` is what the statement's select list names.
 */
export async function rowsOf<Row>(db: Pick<Executor, "execute">, statement: SQL): Promise<Row[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}
