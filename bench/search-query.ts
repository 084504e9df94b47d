/**
 * Times the /search loader's work against the benchmark data (npm run bench:data first):
 * the car query alone (searchCars) and the whole loader (loadSearch: places, settings, suppliers, cars, prices).
 * Usage: npx tsx bench/search-query.ts                    (PGlite in ./data/bench-pglite)
 *        DATABASE_URL=postgres://… npx tsx bench/search-query.ts
 *        BENCH_RUNS=400 …
 *        BENCH_BY_FILTERS=1 …   (also each query's own figures)
 *        BENCH_QUERIES="|range=midi" BENCH_DAYS=3 …   (only these queries, only these rental lengths)
 *        BENCH_DAYS=0.125 …   (3-hour rentals: billed by the hour where cars have an hourly price; decision 037)
 *        BENCH_AGAINST=postgres://…/benchdemo …   (the same mix on a second database, search by search in turn, and
 *                                                  the ratio of their p50s: a busy machine slows both alike)
 */
import { searchCars } from "~/models/search/cars.server";
import { listPlaces } from "~/models/catalogue/places.server";
import { loadSearch } from "~/models/search/search-page.server";
import { parseSearchParams } from "~/models/search/search-params";
import { openDatabase } from "~/utils/db.server";

const runs = Number(process.env.BENCH_RUNS ?? 300);
// BENCH_QUERIES="|range=midi" replaces the mix (queries separated by |; an empty one is the unfiltered search).
const filterSets = process.env.BENCH_QUERIES?.split("|") ?? [
  "",
  "range=midi",
  "gearbox=automatic&seats=5plus",
  "multimedia=bluetooth&multimedia=touchscreen",
  "deposit=500&rating=3",
  "fuelType=electric",
  "sort=price-desc",
  "sort=rating",
  "page=3",
];
// BENCH_DAYS="3" or "1,3,7" picks the rental lengths (default 1, 3, 7 and 14 days; 0.125 is 3 hours).
const rentalLengths = (process.env.BENCH_DAYS ?? "1,3,7,14").split(",").map(Number);

async function openBench(label: string, databaseUrl: string | undefined) {
  const handle = await openDatabase({
    databaseUrl,
    pgliteDir: process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite",
  });
  const places = (await listPlaces(handle.db, "en")).filter((place) => place.carCount > 0);
  // Deterministic pseudo-random choices, the same sequence for every database, so runs are comparable.
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const criteria = () => {
    // The benchmark's bookings fill the hundred days from tomorrow (as generated): search inside that window.
    const today = new Date();
    const startDay = 1 + Math.floor(random() * 95);
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + startDay, 10));
    const days = pick(rentalLengths);
    const to = new Date(from.getTime() + days * 86_400_000);
    return { place: pick(places), from, to, query: pick(filterSets) };
  };
  return {
    label: `${handle.engine}${label}`,
    handle,
    criteria,
    carQuery: [] as number[],
    loader: [] as number[],
    byFilters: new Map<string, number[]>(),
  };
}
type Bench = Awaited<ReturnType<typeof openBench>>;

async function searchOnce(bench: Bench, measured: boolean) {
  const { db } = bench.handle;
  const { place, from, to, query } = bench.criteria();
  const params = parseSearchParams(new URLSearchParams(query));
  let started = performance.now();
  await searchCars(db, {
    pickup: place,
    from,
    to,
    filters: params,
    sort: params.sort,
    page: params.page,
    supplierIds: [],
  });
  if (measured) {
    bench.carQuery.push(performance.now() - started);
    bench.byFilters.set(query, [...(bench.byFilters.get(query) ?? []), bench.carQuery.at(-1)!]);
  }

  const local = (date: Date) => date.toISOString().slice(0, 16);
  started = performance.now();
  await loadSearch(db, {
    query: new URLSearchParams(`pickup=${place.slug}&from=${local(from)}&to=${local(to)}&${query}`),
    language: "en",
    pricing: { currency: "EUR", rate: 0.86, ratesAsOf: null },
    now: new Date(),
  });
  if (measured) bench.loader.push(performance.now() - started);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
function report(engine: string, label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(
    `${engine.padEnd(10)} ${label.padEnd(26)} runs ${samples.length}  p50 ${percentile(sorted, 50).toFixed(2)} ms  p95 ${percentile(sorted, 95).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  mean ${mean.toFixed(2)} ms`,
  );
}

const benches = [await openBench("", process.env.DATABASE_URL || undefined)];
if (process.env.BENCH_AGAINST) benches.push(await openBench(" (against)", process.env.BENCH_AGAINST));
for (let run = 0; run < runs + 20; run++) {
  // In turn, and each first every other run, so neither always finds the machine's caches warmer.
  const order = run % 2 === 0 ? benches : [...benches].reverse();
  for (const bench of order) await searchOnce(bench, run >= 20);
}
for (const bench of benches) {
  report(bench.label, "car query (searchCars)", bench.carQuery);
  if (process.env.BENCH_BY_FILTERS)
    for (const [query, samples] of bench.byFilters) report(bench.label, `  ${query || "(no filter)"}`, samples);
  report(bench.label, "whole loader (loadSearch)", bench.loader);
}
const [first, against] = benches;
if (first && against)
  console.log(
    `ratio of p50s: car query ${(median(first.carQuery) / median(against.carQuery)).toFixed(2)}x, whole loader ${(median(first.loader) / median(against.loader)).toFixed(2)}x`,
  );
for (const bench of benches) await bench.handle.close();
