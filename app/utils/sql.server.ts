import { and, or, type SQL } from "drizzle-orm";

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
