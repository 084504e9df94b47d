/**
 * When a car is offered (issue: search): it is available (not unavailable, fully booked or coming soon), its
 * supplier is not suspended, and no booking that holds it overlaps the period. Every query that counts, lists or
 * books offered cars uses these conditions, so they are stated once.
 */
import { allOf } from "~/utils/sql.server";
import { eq, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { cars, users } from "#db/schema";
import { HOLDING_STATUSES } from "~/domain/enums";

/**
 * What the car itself must be, whatever its supplier and the period: available, not fully booked, not coming soon,
 * not retired by its supplier (decision 027).
 */
export const carOnOffer: SQL = allOf(
  eq(cars.available, true),
  eq(cars.fullyBooked, false),
  eq(cars.comingSoon, false),
  isNull(cars.retiredAt),
);

/** Conditions every offered car meets, whatever the period (the query joins the supplier as `users`). */
export const offerableCar: SQL = allOf(carOnOffer, eq(users.blacklisted, false));

/** An instant as a statement value, or the placeholder of a prepared statement that binds it (as an ISO string). */
const instant = (at: Date | Placeholder) => (at instanceof Date ? at.toISOString() : at);

/**
 * No booking holding the car overlaps [from, to) (an unpaid booking past its expiry no longer holds it), and no
 * availability block does (decision 027: the car is off the road).
 * One probe per candidate car, answered from the covering index bookings_car_period_idx.
 *
 * `probeEachCar` keeps the check a filter probed car by car (`offset 0` stops PostgreSQL turning it into an anti-join
 * or a hashed subplan): as an anti-join it estimated 0.1 % of a place's cars free when 19 % were, and so sorted every
 * candidate instead of walking the cheapest first and stopping (decision 022).
 */
export function freeDuring(
  from: Date | Placeholder,
  to: Date | Placeholder,
  options: { exceptBookingId?: string; probeEachCar?: boolean } = {},
): SQL {
  const { exceptBookingId, probeEachCar = false } = options;
  // An amendment checks the car is free apart from the booking being amended.
  const except = exceptBookingId ? sql`and b.id <> ${exceptBookingId}::uuid` : sql``;
  return sql`not exists (
    select 1 from bookings b
    where b.car_id = ${cars.id} ${except}
      and b.starts_at < ${instant(to)}::timestamptz and b.ends_at > ${instant(from)}::timestamptz
      and b.status in (${sql.join(
        HOLDING_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and (b.status <> 'void' or b.expires_at > now())${probeEachCar ? sql` offset 0` : sql``})
    and not exists (
    -- A car out past its drop-off (decision 040) is still the driver's, from its drop-off on, until its return is
    -- recorded: overdue now, it is free for no period after it (bookings_out_idx holds only the cars out).
    select 1 from bookings o
    where o.car_id = ${cars.id} and o.rental_state = 'out'
      and o.ends_at <= now() and o.ends_at < ${instant(to)}::timestamptz${probeEachCar ? sql` offset 0` : sql``})
    and not exists (
    select 1 from car_blocks k
    where k.car_id = ${cars.id}
      and k.starts_at < ${instant(to)}::timestamptz and k.ends_at > ${instant(from)}::timestamptz${probeEachCar ? sql` offset 0` : sql``})`;
}
