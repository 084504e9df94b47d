/**
 * /bookings at the size `npm run bench:data` makes (decision 011): the list query (count and page) for the driver
 * and the supplier with the most bookings, and for an admin, on the first page, page 2,000 and the last page
 * the list links to, and past the counted pages a `?after=` page at the very end of the list; p50 and p95 of
 * BENCH_RUNS runs each.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/bookings-list.ts      (or PGlite in ./data/bench-pglite)
 */
import { sql } from "drizzle-orm";
import { listBookings, BOOKINGS_PAGE_SIZE } from "~/models/booking/booking-list.server";
import { openDatabase } from "~/utils/db.server";

const runs = Number(process.env.BENCH_RUNS ?? 20);
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite",
});
const { db } = handle;
const top = async (column: "driver_id" | "supplier_id") =>
  (
    (await db.execute(
      sql.raw(`select ${column} as id, count(*)::int as n from bookings group by 1 order by 2 desc limit 1`),
    )) as unknown as { rows: Array<{ id: string; n: number }> }
  ).rows[0]!;
const driver = await top("driver_id");
const supplier = await top("supplier_id");
const filters = { statuses: [] };

for (const [label, viewer, count] of [
  ["driver", { id: driver.id, role: "user" as const }, driver.n],
  ["supplier", { id: supplier.id, role: "supplier" as const }, supplier.n],
  ["admin", { id: "admin", role: "admin" as const }, 0],
] as const) {
  const first = await listBookings(db, viewer, filters, 1, BOOKINGS_PAGE_SIZE, "en");
  for (const page of [1, 2000, first.pages]) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await listBookings(db, viewer, filters, page, BOOKINGS_PAGE_SIZE, "en");
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}${count ? ` (${count.toLocaleString("en")} bookings)` : ""}, page ${page} of ${first.pages}: p50 ${times[Math.floor(runs / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(runs * 0.95)]!.toFixed(1)} ms`,
    );
  }
  // Past the counted pages (?after=): the page after a booking near the end of the viewer's whole list.
  const deep = (
    (await db.execute(
      sql.raw(
        `select starts_at, id from bookings ${label === "admin" ? "" : `where ${label === "driver" ? "driver_id" : "supplier_id"} = '${viewer.id}'`} order by starts_at asc, id desc offset 25 limit 1`,
      ),
    )) as unknown as { rows: Array<{ starts_at: string | Date; id: string }> }
  ).rows[0];
  if (deep) {
    const after = { at: new Date(deep.starts_at), id: deep.id };
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await listBookings(db, viewer, filters, 1, BOOKINGS_PAGE_SIZE, "en", new Date(), after);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}, ?after= the 26th-oldest booking (the list's very end): p50 ${times[Math.floor(runs / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(runs * 0.95)]!.toFixed(1)} ms`,
    );
  }
}
await handle.close();
