/**
 * What the benchmarks share: the database they measure (PostgreSQL at DATABASE_URL, else PGlite in
 * ./data/bench-pglite), the supplier with the most cars, and the loop that times named cases.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "~/utils/db.server";

export async function openBenchDatabase(databaseUrl = process.env.DATABASE_URL) {
  const handle = await openDatabase({
    databaseUrl: databaseUrl || undefined,
    pgliteDir: process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite",
  });
  const { db } = handle;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [supplier] = await rows<{ id: string; n: number }>(
    sql`select supplier_id as id, count(*)::int as n from cars group by 1 order by 2 desc limit 1`,
  );
  return { handle, db, rows, largestSupplier: supplier! };
}

/** The value below which `share` of the values fall (nearest rank). */
const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(share * (values.length - 1))]!;

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
  for (const [label, values] of times)
    console.log(
      `${label.padEnd(44)} p50 ${percentile(values, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 0.95).toFixed(1).padStart(7)} ms`,
    );
}

/**
 * The same named cases on two databases (a demo-sized one and one at `npm run bench:data` size), interleaved run by run
 * and case by case, so both meet the machine in the same state; prints each case's p50 on both, their ratio, and the
 * p95s.
 */
export async function printSideBySide(
  demo: Array<[string, () => Promise<unknown>]>,
  atSize: Array<[string, () => Promise<unknown>]>,
  runs: number,
): Promise<void> {
  if (demo.length === 0) return;
  const times = new Map<string, [number[], number[]]>(demo.map(([label]) => [label, [[], []]]));
  for (let run = 0; run < runs; run++)
    for (const [index, [label, work]] of demo.entries())
      for (const [side, job] of [work, atSize[index]![1]].entries()) {
        const started = performance.now();
        await job();
        times.get(label)![side]!.push(performance.now() - started);
      }
  const ms = (value: number) => value.toFixed(1).padStart(7);
  console.log(`${"".padEnd(52)} p50 demo   p50 size   ratio   p95 demo   p95 size`);
  for (const [label, [small, large]] of times)
    console.log(
      `${label.padEnd(52)}${ms(percentile(small, 0.5))} ms${ms(percentile(large, 0.5))} ms ${(
        percentile(large, 0.5) / percentile(small, 0.5)
      )
        .toFixed(2)
        .padStart(6)}x${ms(percentile(small, 0.95))} ms${ms(percentile(large, 0.95))} ms`,
    );
}
