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
import { asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { bookings, cars } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { allOf, rowsOf } from "~/utils/sql.server";
import { bookingScope, KEPT_STATUSES, type FiguresScope } from "./figures-scope.server";

export const TOP_EARNERS_SHOWN = 5;
/** The window `car_earnings` keeps, as the overview's default window (`overviewWindows`) counts it. */
export const EARNINGS_WINDOW_DAYS = 90;
const WINDOW = sql.raw(`interval '${EARNINGS_WINDOW_DAYS * 24} hours'`);

export interface Earner {
  carId: string;
  name: string;
  plate: string;
  /** Cents, base currency. */
  revenue: number;
}

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
    .where(
      allOf(
        bookingScope(scope),
        inArray(bookings.status, KEPT_STATUSES),
        gte(bookings.startsAt, window.from),
        lt(bookings.startsAt, window.to),
      ),
    )
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
  const isKeptWindow = now.getTime() - window.from.getTime() === EARNINGS_WINDOW_DAYS * 86_400_000;
  if (scope.placeId || !isKeptWindow) return topEarnersCounted(db, scope, window);
  const ofSupplier = (column: string) => (scope.supplierId ? sql`and ${sql.raw(column)} = ${scope.supplierId}` : sql``);
  const keptStatuses = sql.join(
    KEPT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await rowsOf<{ car_id: string; name: string; plate: string; earned: string | number }>(
    db,
    sql`with as_of as (select as_of from car_earnings_as_of where id = 1),
      moved as (select least(as_of, ${now}::timestamptz) as low, greatest(as_of, ${now}::timestamptz) as high from as_of),
      touched as (
        select car_id from car_earnings_stale where true ${ofSupplier("supplier_id")}
        union
        select b.car_id from bookings b, moved
        where ((b.starts_at >= moved.low and b.starts_at < moved.high)
          or (b.starts_at >= moved.low - ${WINDOW} and b.starts_at < moved.high - ${WINDOW}))
          ${ofSupplier("b.supplier_id")}
      ),
      walked as (
        select car_id, earned from car_earnings
        where true ${ofSupplier("supplier_id")}
        -- As the index orders them (a plain "desc" puts nulls first, and would not walk it).
        order by earned desc nulls last, car_id
        limit (select ${TOP_EARNERS_SHOWN} + count(*) from touched)
      ),
      -- Each touched car's bookings read by its (car_id, starts_at) index, never the scope's bookings of the window.
      counted as (
        select t.car_id, sums.earned from touched t
        cross join lateral (
          select sum(b.total_price) as earned from bookings b
          where b.car_id = t.car_id and b.status in (${keptStatuses}) and b.released_at is null
            and b.starts_at >= ${now}::timestamptz - ${WINDOW} and b.starts_at < ${now}::timestamptz
            ${ofSupplier("b.supplier_id")}
        ) sums
        where sums.earned > 0
      )
    select e.car_id, c.name, c.license_plate as plate, e.earned
    from (
      select * from (
        select * from walked where car_id not in (select car_id from touched)
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
