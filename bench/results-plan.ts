/**
 * The results statement's plan on one pooled PostgreSQL connection (decision 022): the worst warm-up order (Paris
 * first, more than the five runs after which PostgreSQL may settle on a generic plan), then a generated branch's
 * and the Paris results pages timed, with the app's session setting (the named walk planned generically, the rest
 * unnamed; decision 022), with custom plans forced and with PostgreSQL's default (`auto`) for comparison. Reports
 * generic/custom plan counts from pg_prepared_statements.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/results-plan.ts      (after npm run bench:data on that database)
 *        BENCH_RUNS=100 …
 */
import { sql } from "drizzle-orm";
import { searchCars } from "~/models/search/cars.server";
import { listPlaces, placeSubtree } from "~/models/catalogue/places.server";
import { parseSearchParams } from "~/models/search/search-params";
import { openDatabase } from "~/utils/db.server";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (PostgreSQL) is required");
const runs = Number(process.env.BENCH_RUNS ?? 60);
// No filter: the search params carry every filter, empty (the loader passes them as they are too).
const filters = parseSearchParams(new URLSearchParams());
const from = new Date(Date.now() + 20 * 86_400_000);
const to = new Date(from.getTime() + 3 * 86_400_000);

async function measure(mode: "as the app sets it" | "force_custom_plan" | "auto") {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const { db } = handle;
  if (mode !== "as the app sets it") await db.execute(sql.raw(`set plan_cache_mode = ${mode}`));
  const places = (await listPlaces(db, "en"))
    .filter((place) => place.carCount > 0)
    .sort((a, b) => b.carCount - a.carCount);
  const paris = places.find((place) => place.slug === "paris") ?? places[0]!;
  // With the place and the places below it from the catalogue, as the /search loader passes them.
  const catalogue = await listPlaces(db, "en");
  const search = (pickup: (typeof places)[number]) =>
    searchCars(db, {
      pickup,
      from,
      to,
      filters,
      sort: "price-asc",
      page: 1,
      supplierIds: [],
      placeIds: placeSubtree(catalogue, pickup),
    });
  // The worst warm-up the issue found: Paris first, more than five times; then a typical branch is timed.
  for (let index = 0; index < 6; index++) await search(paris);
  const branch = places.find((place) => place.slug.startsWith("bench-place")) ?? places[0]!;
  const timed = async (place: (typeof places)[number]) => {
    const times: number[] = [];
    for (let index = 0; index < runs; index++) {
      const started = performance.now();
      await search(place);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const branchTimes = await timed(branch);
  const times = await timed(paris);
  const plans = (await db.execute(
    sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'search_%'`,
  )) as unknown as {
    rows: Array<{ name: string; generic_plans: string; custom_plans: string }>;
  };
  await handle.close();
  const generic = plans.rows.reduce((sum, row) => sum + Number(row.generic_plans), 0);
  const custom = plans.rows.reduce((sum, row) => sum + Number(row.custom_plans), 0);
  const figures = (list: number[]) =>
    `p50 ${list[Math.floor(runs / 2)]!.toFixed(1)} ms, p95 ${list[Math.floor(runs * 0.95)]!.toFixed(1)} ms`;
  console.log(
    `${mode}: after ${paris.slug} six times first — ${branch.slug} (${branch.carCount} cars): ${figures(branchTimes)}; ${paris.slug} (${paris.carCount} cars): ${figures(times)}; plans: ${generic} generic, ${custom} custom`,
  );
}

await measure("as the app sets it");
await measure("force_custom_plan");
await measure("auto");
