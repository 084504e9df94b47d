/**
 * What the benchmarks share: the database they measure (PostgreSQL at DATABASE_URL, else PGlite in
 * ./data/bench-pglite), the supplier with the most cars, and the loop that times named cases.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "~/utils/db.server";

export async function openBenchDatabase() {
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite",
  });
  const { db } = handle;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [supplier] = await rows<{ id: string; n: number }>(
    sql`select supplier_id as id, count(*)::int as n from cars group by 1 order by 2 desc limit 1`,
  );
  return { handle, db, rows, largestSupplier: supplier! };
}

/**
 * Runs named cases `runs` times each, interleaved (no case profits from running right after itself: the worst warm-up
 * order), and prints each one's p50 and p95 in milliseconds.
 */
export async function printTimedCases(cases: Array<[string, () => Promise<unknown>]>, runs: number): Promise<void> {
  const times = new Map<string, number[]>(cases.map(([label]) => [label, []]));
  for (let run = 0; run < runs; run++)
    for (const [label, work] of cases) {
      const started = performance.now();
      await work();
      times.get(label)!.push(performance.now() - started);
    }
  const percentile = (values: number[], share: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(share * (values.length - 1))]!;
  for (const [label, values] of times)
    console.log(
      `${label.padEnd(44)} p50 ${percentile(values, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 0.95).toFixed(1).padStart(7)} ms`,
    );
}
