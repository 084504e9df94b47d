/**
 * The operators' bookings list (`/manage/bookings`, issue 50 point 2) and the change form's car list at the size
 * `npm run bench:data` makes, beside the same cases on a demo-sized database (run the script on each): for the
 * supplier with the most bookings and for an admin, the first page in each order, a search by a driver's name, by
 * an e-mail and by a plate, the cars out, and a keyset page deep in the list; and the cars a change of its busiest
 * booking offers, unfiltered and searched. p50 and p95 of BENCH_RUNS runs each, the cases interleaved.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/staff-bookings-list.ts      (or PGlite in ./data/bench-pglite)
 */
import { sql } from "drizzle-orm";
import { STAFF_BOOKING_SORTS } from "~/models/booking/booking-filters";
import { findBookingDetails } from "~/models/booking/bookings.server";
import { searchStaffBookings, type StaffBookingQuery } from "~/models/booking/staff/booking-search.server";
import { carsForChange } from "~/models/booking/staff/staff-bookings.server";
import { openBenchDatabase, printTimedCases } from "./bench-support";

const runs = Number(process.env.BENCH_RUNS ?? 10);
const { handle, db, rows } = await openBenchDatabase();
const [supplier] = await rows<{ id: string; n: number }>(
  sql`select supplier_id as id, count(*)::int as n from bookings group by 1 order by 2 desc limit 1`,
);
// One of its drivers (by the second word of the name, as a desk types it), one e-mail, one plate, one booking.
const [sample] = await rows<{ id: string; name: string; email: string; plate: string }>(
  sql`select b.id, u.full_name as name, u.email, c.license_plate as plate from bookings b
      join users u on u.id = b.driver_id join cars c on c.id = b.car_id
      where b.supplier_id = ${supplier!.id} order by b.starts_at desc limit 1 offset ${Math.floor(supplier!.n / 2)}`,
);
const now = new Date();
const viewers = {
  supplier: { id: supplier!.id, role: "supplier" as const, supplierId: supplier!.id },
  admin: { id: "00000000-0000-4000-8000-000000000000", role: "admin" as const },
};
const query = (changes: Partial<StaffBookingQuery>): StaffBookingQuery => ({ statuses: [], page: 1, ...changes });
const list = (who: keyof typeof viewers, changes: Partial<StaffBookingQuery>) => () =>
  searchStaffBookings(db, viewers[who], query(changes), "en", now);
// A keyset page 12,000 rows down (past the counted pages), as the list's "Next" gives it.
let deep: string | undefined;
for (let after: string | undefined, page = 0; page < 12_000 / 500; page++) {
  const next = await searchStaffBookings(db, viewers.supplier, query({ after }), "en", now, 500);
  if (!next.next) break;
  deep = after = next.next;
}
const details = (await findBookingDetails(db, { id: sample!.id }))!;
const surname = sample!.name.split(" ").at(-1)!;

const cases: Array<[string, () => Promise<unknown>]> = [];
for (const who of ["supplier", "admin"] as const) {
  for (const sort of STAFF_BOOKING_SORTS) cases.push([`${who}: first page, ${sort}`, list(who, { sort })]);
  cases.push([`${who}: driver's name "${surname}"`, list(who, { q: surname })]);
  cases.push([`${who}: e-mail`, list(who, { q: sample!.email })]);
  cases.push([`${who}: plate`, list(who, { q: sample!.plate })]);
  cases.push([`${who}: cars out`, list(who, { rental: "out" })]);
}
if (deep) cases.push(["supplier: keyset page 12,000 down", list("supplier", { after: deep })]);
cases.push(["change form: its cars", () => carsForChange(db, details.booking)]);
cases.push(["change form: cars searched 'suv'", () => carsForChange(db, details.booking, "suv")]);

console.log(`${supplier!.n.toLocaleString("en")} bookings for the supplier; ${runs} runs each`);
await printTimedCases(cases, runs);
await handle.close();
