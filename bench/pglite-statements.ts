/**
 * What the PGlite statement cache (`app/utils/pglite-statements.server.ts`, decision 015) saves, measured, not
 * assumed (decision 015): the results page's search on the demo catalogue, in one embedded PGlite, through PGlite's own
 * `query` (every statement parsed and planned again) and through the cache (bound and run), rounds interleaved so
 * both meet the same warm database.
 *
 * Usage: npx tsx bench/pglite-statements.ts [searches per round] [rounds]        (defaults 200 and 5)
 */
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "#db/schema";
import { seedDemoData } from "#db/seed";
import { searchCars } from "~/models/search/cars.server";
import { listPlaces } from "~/models/catalogue/places.server";
import { parseSearchParams } from "~/models/search/search-params";
import type { Database } from "~/utils/db.server";
import { withStatementCache } from "~/utils/pglite-statements.server";

const perRound = Number(process.argv[2] ?? 200);
const rounds = Number(process.argv[3] ?? 5);
if (!(perRound >= 1 && rounds >= 1))
  throw new Error("usage: npx tsx bench/pglite-statements.ts [searches ≥ 1] [rounds ≥ 1]");

const client = await PGlite.create(undefined, { extensions: { btree_gist } });
// As the app opens it (db.server.ts): generic plans for named statements.
await client.exec("set plan_cache_mode = force_generic_plan");
const plain = drizzle(client, { schema }) as unknown as Database;
const cached = drizzle(withStatementCache(client), { schema }) as unknown as Database;
await migrate(plain as never, { migrationsFolder: "db/migrations" });
await seedDemoData(plain, new Date());

const places = (await listPlaces(plain, "en")).filter((place) => place.carCount > 0);
const filters = parseSearchParams(new URLSearchParams());
const from = new Date(Date.now() + 14 * 86_400_000);
const to = new Date(from.getTime() + 3 * 86_400_000);

async function round(db: Database): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < perRound; index++) {
    const pickup = places[index % places.length]!;
    const started = performance.now();
    await searchCars(db, { pickup, from, to, filters, sort: "price-asc", page: 1, supplierIds: [] });
    times.push(performance.now() - started);
  }
  return times;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
const results = { plain: [] as number[], cached: [] as number[] };
// A round of each first, not counted: both paths warm (the cache has prepared its statements).
await round(plain);
await round(cached);
for (let index = 0; index < rounds; index++) {
  results.plain.push(...(await round(plain)));
  results.cached.push(...(await round(cached)));
}
const line = (name: string, times: number[]) =>
  `${name.padEnd(28)} p50 ${quantile(times, 0.5).toFixed(2)} ms   p95 ${quantile(times, 0.95).toFixed(2)} ms   (${times.length} searches)`;
console.log(`Results-page search, demo catalogue, ${places.length} places, cheapest first, 3 days`);
console.log(line("PGlite's own query", results.plain));
console.log(line("with the statement cache", results.cached));
console.log(`saved per search: ${(quantile(results.plain, 0.5) - quantile(results.cached, 0.5)).toFixed(2)} ms at p50`);
await client.close();
