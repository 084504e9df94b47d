/**
 * Times the /search loader's work against the benchmark data (npm run bench:data first):
 * the car query alone (searchCars) and the whole loader (loadSearch: places, settings, suppliers, cars, prices).
 * Usage: npx tsx bench/search-query.ts                    (PGlite in ./data/bench-pglite)
 *        DATABASE_URL=postgres://… npx tsx bench/search-query.ts
 *        BENCH_RUNS=400 …
 *        BENCH_BY_FILTERS=1 …   (also each query's own figures)
 *        BENCH_QUERIES="|range=midi" BENCH_DAYS=3 …   (only these queries, only these rental lengths)
 */
import { searchCars } from "~/models/search/cars.server";
import { listPlaces } from "~/models/catalogue/places.server";
import { loadSearch } from "~/models/search/search-page.server";
import { parseSearchParams } from "~/models/search/search-params";
import { openDatabase } from "~/utils/db.server";

const runs = Number(process.env.BENCH_RUNS ?? 300);
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite",
});
const { db } = handle;

// Deterministic pseudo-random choices so runs are comparable.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const places = (await listPlaces(db, "en")).filter((place) => place.carCount > 0);
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

// BENCH_DAYS="3" or "1,3,7" picks the rental lengths (default 1, 3, 7 and 14 days).
const rentalLengths = (process.env.BENCH_DAYS ?? "1,3,7,14").split(",").map(Number);
function criteria() {
  // The benchmark's bookings fill the hundred days from tomorrow (as generated): search inside that window.
  const today = new Date();
  const startDay = 1 + Math.floor(random() * 95);
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + startDay, 10));
  const days = pick(rentalLengths);
  const to = new Date(from.getTime() + days * 86_400_000);
  return { place: pick(places), from, to, query: pick(filterSets) };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function report(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(
    `${handle.engine.padEnd(8)} ${label.padEnd(26)} runs ${samples.length}  p50 ${percentile(sorted, 50).toFixed(2)} ms  p95 ${percentile(sorted, 95).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  mean ${mean.toFixed(2)} ms`,
  );
}

const carQuery: number[] = [];
const loader: number[] = [];
const byFilters = new Map<string, number[]>();
for (let run = 0; run < runs + 20; run++) {
  const { place, from, to, query } = criteria();
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
  if (run >= 20) {
    carQuery.push(performance.now() - started);
    byFilters.set(query, [...(byFilters.get(query) ?? []), carQuery.at(-1)!]);
  }

  const local = (date: Date) => date.toISOString().slice(0, 16);
  started = performance.now();
  await loadSearch(db, {
    query: new URLSearchParams(`pickup=${place.slug}&from=${local(from)}&to=${local(to)}&${query}`),
    language: "en",
    pricing: { currency: "EUR", rate: 0.86, ratesAsOf: null },
    now: new Date(),
  });
  if (run >= 20) loader.push(performance.now() - started);
}
report("car query (searchCars)", carQuery);
if (process.env.BENCH_BY_FILTERS)
  for (const [query, samples] of byFilters) report(`  ${query || "(no filter)"}`, samples);
report("whole loader (loadSearch)", loader);
await handle.close();
