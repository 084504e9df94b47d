/**
 * The operators' fleet list and a car's page (decision 027) at the size `npm run bench:data` makes: for the supplier
 * with the most cars and for an admin (every supplier), the first page and page 30 in each sort, a text search, a
 * place filter and the retired cars; then the page of the car with the most bookings. p50 and p95 of BENCH_RUNS runs
 * each, the cases interleaved so no case profits from running right after itself (the worst warm-up order).
 * Compare with the same script on a demo-sized database.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/manage-list.ts      (or PGlite in ./data/bench-pglite)
 */
import { sql } from "drizzle-orm";
import { findFleetCar, listFleet } from "~/models/fleet/fleet.server";
import { readFleetQuery } from "~/models/fleet/fleet-query";
import { openBenchDatabase, printTimedCases } from "./bench-support";

const runs = Number(process.env.BENCH_RUNS ?? 30);
const { handle, db, rows, largestSupplier: supplier } = await openBenchDatabase();
// The car with the most bookings (any car on a database without bookings).
const [busiest] = await rows<{ id: string; n: number }>(
  sql`select c.id, count(b.id)::int as n from cars c left join bookings b on b.car_id = c.id
      group by 1 order by 2 desc limit 1`,
);
const [place] = await rows<{ slug: string }>(
  sql`select l.slug from car_locations cl join locations l on l.id = cl.location_id group by 1 order by count(*) desc limit 1`,
);
console.log(`${handle.engine}: ${supplier.n} cars for the largest supplier; busiest car ${busiest!.n} bookings`);

const cases: Array<[string, () => Promise<unknown>]> = [];
for (const [who, scope] of [
  ["supplier", supplier.id],
  ["admin", null],
] as const) {
  for (const sort of ["name", "priceAsc", "newest"])
    for (const page of [1, 30])
      cases.push([
        `${who} list, ${sort}, page ${page}`,
        () => listFleet(db, readFleetQuery(new URLSearchParams({ sort, page: String(page) }), scope)),
      ]);
  cases.push([
    `${who} list, text "car 12"`,
    () => listFleet(db, readFleetQuery(new URLSearchParams({ q: "car 12" }), scope)),
  ]);
  cases.push([
    `${who} list, place ${place!.slug}`,
    () => listFleet(db, readFleetQuery(new URLSearchParams({ place: place!.slug }), scope)),
  ]);
  cases.push([
    `${who} list, retired`,
    () => listFleet(db, readFleetQuery(new URLSearchParams({ state: "retired" }), scope)),
  ]);
}
cases.push(["car page (busiest car)", () => findFleetCar(db, busiest!.id, new Date())]);

await printTimedCases(cases, runs);
await handle.close();
