/**
 * The desk's pages (decisions 028, 029) at the size `npm run bench:data` makes: for the supplier with the most cars,
 * the fleet calendar (first page and page 30, this week and the busiest week, at its busiest place and everywhere),
 * the desk's day at its busiest place, the staff's page of its busiest booking, and a phone booking's free cars. p50 and
 * p95 of BENCH_RUNS runs each, the cases interleaved. Compare with the same script on a demo-sized database.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/desk-bookings.ts      (or PGlite in ./data/bench-pglite)
 */
import { sql } from "drizzle-orm";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { findBookingDetails } from "~/models/booking/bookings.server";
import { fleetCalendar, mondayOf } from "~/models/fleet/calendar.server";
import { deskDay } from "~/models/desk/desk-day.server";
import { staffBookingView } from "~/models/booking/staff/staff-booking-page.server";
import { freeCarsForStaff } from "~/models/booking/staff/free-cars.server";
import { openBenchDatabase, printTimedCases } from "./bench-support";

const runs = Number(process.env.BENCH_RUNS ?? 30);
const { handle, db, rows, largestSupplier: supplier } = await openBenchDatabase();
// Its busiest place, the week its bookings crowd most, and its booking on the most-booked car.
const [place] = await rows<{ id: string; slug: string; time_zone: string }>(
  sql`select l.id, l.slug, l.time_zone from car_locations cl join cars c on c.id = cl.car_id
      join locations l on l.id = cl.location_id where c.supplier_id = ${supplier.id}
      group by 1, 2, 3 order by count(*) desc limit 1`,
);
const [busyWeek] = await rows<{ day: string }>(
  sql`select to_char(date_trunc('week', starts_at), 'YYYY-MM-DD') as day from bookings
      where supplier_id = ${supplier.id} group by 1 order by count(*) desc limit 1`,
);
const [booking] = await rows<{ id: string }>(
  sql`select b.id from bookings b where b.car_id = (select car_id from bookings where supplier_id = ${supplier.id}
      group by 1 order by count(*) desc limit 1) order by b.starts_at desc limit 1`,
);
const now = new Date();
const thisWeek = mondayOf(instantToLocalDateTime(now, place!.time_zone).slice(0, 10));
const today = instantToLocalDateTime(now, place!.time_zone).slice(0, 10);
const inAMonth = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
console.log(
  `${handle.engine}: ${supplier.n} cars for the largest supplier; busiest place ${place!.slug}; busiest week ${busyWeek?.day}`,
);

const calendar = (week: string, page: number, placeId: string | null) => () =>
  fleetCalendar(db, {
    supplierId: supplier.id,
    placeId,
    range: null,
    status: null,
    firstDay: week,
    timeZone: place!.time_zone,
    page,
  });
const cases: Array<[string, () => Promise<unknown>]> = [
  ["calendar, this week, page 1", calendar(thisWeek, 1, null)],
  ["calendar, this week, page 30", calendar(thisWeek, 30, null)],
  ["calendar, busiest week, page 1", calendar(mondayOf(busyWeek?.day ?? thisWeek), 1, null)],
  ["calendar, busiest week, its place", calendar(mondayOf(busyWeek?.day ?? thisWeek), 1, place!.id)],
  [
    "desk's day at its busiest place",
    () =>
      deskDay(db, { supplierId: supplier.id, place: { id: place!.id, timeZone: place!.time_zone }, day: today }, now),
  ],
  [
    "staff page of its busiest car's booking",
    async () => staffBookingView(db, (await findBookingDetails(db, { id: booking!.id }))!, "en", now),
  ],
  [
    "phone booking: free cars there in a month",
    () =>
      freeCarsForStaff(
        db,
        {
          supplierId: supplier.id,
          pickup: place!.slug,
          dropoff: "",
          from: `${inAMonth}T10:00`,
          to: `${inAMonth}T18:00`,
        },
        { language: "en", now },
      ),
  ],
];

await printTimedCases(cases, runs);
await handle.close();
