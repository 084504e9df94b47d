/**
 * Whose figures: the bookings and cars an overview or a report counts (decision 045), a supplier's or every
 * supplier's for an admin, optionally one pick-up place. One definition, so a chart and a report of the same period
 * count the same bookings.
 */
import { eq, gt, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { bookings, cars } from "#db/schema";
import { HOLDING_STATUSES } from "~/domain/enums";
import { MAX_RENTAL_DAYS } from "~/domain/rental-period";
import { allOf } from "~/utils/sql.server";

export interface FiguresScope {
  /** null: every supplier (an admin's figures). */
  supplierId: string | null;
  /** null: every pick-up place. */
  placeId: string | null;
}

/** Bookings that hold or held their car (not unpaid holds, not cancelled). */
export const KEPT_STATUSES = HOLDING_STATUSES.filter((status) => status !== "void");

/** The scope's bookings, unpaid holds released long ago left out. */
export function bookingScope(scope: FiguresScope): SQL {
  return allOf(
    isNull(bookings.releasedAt),
    scope.supplierId ? eq(bookings.supplierId, scope.supplierId) : undefined,
    scope.placeId ? eq(bookings.pickupLocationId, scope.placeId) : undefined,
  );
}

/** The scope's cars: its supplier's, serving its place (a car serves the places car_locations lists). */
export function carScope(scope: FiguresScope): SQL {
  return allOf(
    sql`true`,
    scope.supplierId ? eq(cars.supplierId, scope.supplierId) : undefined,
    scope.placeId
      ? sql`exists (select 1 from car_locations cl where cl.car_id = ${cars.id} and cl.location_id = ${scope.placeId})`
      : undefined,
  );
}

/**
 * The UTC days (as dates) a period [starts, ends) touches within [from, to): one row each, for a lateral join. A
 * booking from 10:00 on the 2nd to 10:00 on the 4th touches the 2nd, 3rd and 4th, as the overview's chart counts it.
 */
export const utcDaysTouched = (starts: SQL, ends: SQL, from: Date, to: Date): SQL => sql`generate_series(
  (greatest(${starts}, ${from}::timestamptz) at time zone 'UTC')::date,
  ((least(${ends}, ${to}::timestamptz) - interval '1 microsecond') at time zone 'UTC')::date,
  interval '1 day')`;

/**
 * Rows (car_id, pickup_location_id, starts_at, ends_at): the kept bookings of the scope over [from, to). A booking
 * over the window starts at most MAX_RENTAL_DAYS before it, which lets the (supplier, starts_at) index bound the read,
 * or the (car_id, starts_at) one for `onlyCar` (a column of an outer query, for a lateral join: one car's bookings).
 */
function keptSpans(scope: FiguresScope, from: Date, to: Date, onlyCar?: SQL): SQL {
  const earliestStart = new Date(from.getTime() - (MAX_RENTAL_DAYS + 1) * 86_400_000);
  return sql`select ${bookings.carId} as car_id, ${bookings.pickupLocationId} as pickup_location_id,
      ${bookings.startsAt} as starts_at, ${bookings.endsAt} as ends_at
    from ${bookings}
    where ${allOf(
      bookingScope(scope),
      onlyCar ? sql`${bookings.carId} = ${onlyCar}` : undefined,
      inArray(bookings.status, KEPT_STATUSES),
      gte(bookings.startsAt, earliestStart),
      lt(bookings.startsAt, to),
      gt(bookings.endsAt, from),
    )}`;
}

/**
 * Rows (car_id, pickup_location_id, day): each UTC day in [from, to) a kept booking of the scope touches, one row per
 * booking and day (a few each), for the overview's chart and the utilisation reports to count.
 */
export function bookedCarDays(scope: FiguresScope, from: Date, to: Date, onlyCar?: SQL): SQL {
  return sql`
    select b.car_id, b.pickup_location_id, d.day
    from (${keptSpans(scope, from, to, onlyCar)}) b
    cross join lateral ${utcDaysTouched(sql`b.starts_at`, sql`b.ends_at`, from, to)} as d(day)`;
}

/**
 * How many UTC days in [from, to) one car's kept bookings of the scope touch (`car`, as `onlyCar` above): the days
 * `bookedCarDays` lists, counted once each, from each booking's first and last day instead of a row per day. In order
 * of their first day, a booking adds the days after the latest last day before it (a return and a pick-up on one day
 * count it once; bookings never overlap, and would still count each day once).
 */
export function bookedDayCount(scope: FiguresScope, from: Date, to: Date, car: SQL): SQL {
  return sql`
    select coalesce(sum(greatest(0, last_day - greatest(first_day - 1, coalesce(before, first_day - 1)))), 0)::int
      as days
    from (
      select first_day, last_day,
        max(last_day) over (order by first_day, last_day rows between unbounded preceding and 1 preceding) as before
      from (
        select (greatest(b.starts_at, ${from}::timestamptz) at time zone 'UTC')::date as first_day,
          ((least(b.ends_at, ${to}::timestamptz) - interval '1 microsecond') at time zone 'UTC')::date as last_day
        from (${keptSpans(scope, from, to, car)}) b
      ) spans
    ) ordered`;
}
