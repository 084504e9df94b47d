/**
 * The cars that earned most (issue 52, points 1 and 4; decision 050): the five whose kept bookings picked up in a
 * window sum highest. Counted from every booking of the window, the overview's last 90 days cost a quarter of a
 * second for a supplier of 16,700 cars once those days hold bookings. So `car_earnings` keeps each car's sum over the
 * 90 days before its `as_of` (migration 0050), moved by the minute beat; the reader walks it in order and counts
 * exactly only the cars touched since: marked stale by a change of their bookings, or with a booking starting where the
 * window's ends moved between `as_of` and the reader's clock (in either direction). Every other car's kept sum is its
 * sum over the reader's window; the index's first 5 + k rows (k cars touched) hold at least five untouched ones, so
 * those and the touched cars' exact sums hold the answer. One statement, so the beat committing meanwhile never mixes
 * two windows.
 */
import { asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { bookings, cars } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { allOf, rowsOf } from "~/utils/sql.server";
import { bookingScope, KEPT_STATUSES, type FiguresScope } from "./figures-scope.server";
import { TOP_EARNERS_DAYS } from "./overview-windows";

export const TOP_EARNERS_SHOWN = 5;
/** The window `car_earnings` keeps (migration 0050: 2,160 hours), the overview's own without a period. */
const WINDOW = sql.raw(`interval '${TOP_EARNERS_DAYS * 24} hours'`);

export interface Earner {
  carId: string;
  name: string;
  plate: string;
  /** Cents, base currency. */
  revenue: number;
}

/** The scope's kept bookings picked up in the window: what a car earned there. */
const earnedIn = (scope: FiguresScope, window: { from: Date; to: Date }): SQL =>
  allOf(
    bookingScope(scope),
    inArray(bookings.status, KEPT_STATUSES),
    gte(bookings.startsAt, window.from),
    lt(bookings.startsAt, window.to),
  );

/** The top earners over any window, counted from every kept booking picked up in it. */
export async function topEarnersCounted(
  db: Executor,
  scope: FiguresScope,
  window: { from: Date; to: Date },
): Promise<Earner[]> {
  const earned = sql<number>`coalesce(sum(${bookings.totalPrice}), 0)::bigint`;
  const rows = await db
    .select({ carId: cars.id, name: cars.name, plate: cars.licensePlate, revenue: earned })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(earnedIn(scope, window))
    .groupBy(cars.id)
    .orderBy(desc(earned), asc(cars.id))
    .limit(TOP_EARNERS_SHOWN);
  return rows.map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

/**
 * The top earners of the 90 days before `now`, for a supplier or every supplier, from `car_earnings`. A scope with a
 * place (its bookings picked up there: a few hundred cars' at most) and any other window are counted.
 */
export async function topEarners(
  db: Executor,
  scope: FiguresScope,
  window: { from: Date; to: Date },
): Promise<Earner[]> {
  const now = window.to;
  const isKeptWindow = now.getTime() - window.from.getTime() === TOP_EARNERS_DAYS * 86_400_000;
  if (scope.placeId || !isKeptWindow) return topEarnersCounted(db, scope, window);
  const ofSupplier = scope.supplierId ? sql`and supplier_id = ${scope.supplierId}` : sql``;
  const rows = await rowsOf<{ car_id: string; name: string; plate: string; earned: string | number }>(
    db,
    sql`with as_of as (select as_of from car_earnings_as_of where id = 1),
      moved as (select least(as_of, ${now}::timestamptz) as low, greatest(as_of, ${now}::timestamptz) as high from as_of),
      touched as (
        select car_id from car_earnings_stale where true ${ofSupplier}
        union
        select ${bookings.carId} from ${bookings}, moved
        where ((${bookings.startsAt} >= moved.low and ${bookings.startsAt} < moved.high)
          or (${bookings.startsAt} >= moved.low - ${WINDOW} and ${bookings.startsAt} < moved.high - ${WINDOW}))
          ${scope.supplierId ? sql`and ${eq(bookings.supplierId, scope.supplierId)}` : sql``}
      ),
      walked as (
        select car_id, earned from car_earnings
        where true ${ofSupplier}
        -- As the index orders them (a plain "desc" puts nulls first, and would not walk it).
        order by earned desc nulls last, car_id
        limit (select ${TOP_EARNERS_SHOWN} + count(*) from touched)
      ),
      -- Each touched car's bookings read by its (car_id, starts_at) index, never the scope's bookings of the window.
      counted as (
        select t.car_id, sums.earned from touched t
        cross join lateral (
          select sum(${bookings.totalPrice}) as earned from ${bookings}
          where ${bookings.carId} = t.car_id and ${earnedIn(scope, window)}
        ) sums
        where sums.earned > 0
      )
    select e.car_id, c.name, c.license_plate as plate, e.earned
    from (
      select * from (
        -- An anti-join the planner hashes: "not in" a subquery too large for its memory is searched row by row, and
        -- with the beat an hour behind (thousands of cars touched) that took minutes.
        select * from walked w where not exists (select 1 from touched t where t.car_id = w.car_id)
        union all
        select * from counted
      ) candidates
      order by earned desc, car_id
      limit ${TOP_EARNERS_SHOWN}
    ) e
    inner join cars c on c.id = e.car_id
    order by e.earned desc, e.car_id`,
  );
  return rows.map((row) => ({ carId: row.car_id, name: row.name, plate: row.plate, revenue: Number(row.earned) }));
}

/** The minute beat's share (server/maintenance.ts): the window moved to now, touched cars counted again. */
export async function advanceCarEarnings(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ touched: number }>(db, sql`select car_earnings_advance() as touched`);
  return Number(row?.touched ?? 0);
}
