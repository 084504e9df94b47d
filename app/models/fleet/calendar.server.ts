/**
 * The fleet calendar (decision 028): a page of cars down the side, seven days across on a place's clocks, each cell
 * holding the bookings and the periods off the road that touch that day. Cars are paged by name (a supplier's
 * largest fleet stays one indexed page at a time); the bookings and blocks are read for that page's cars only.
 */
import { and, asc, eq, gt, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { bookings, carBlocks, carLocations, cars, users } from "#db/schema";
import type { BlockReason, BookingStatus, CarRange } from "~/domain/enums";
import { instantToLocalDateTime, localDateTimeToInstant } from "~/domain/rental-period";
import { bookingReference } from "~/models/booking/booking";
import { isOverdue } from "~/models/booking/rental-lifecycle";
import type { Executor } from "~/utils/db.server";

export const CALENDAR_CARS_PER_PAGE = 20;
export const CALENDAR_DAYS = 7;

export interface CalendarCell {
  bookings: Array<{
    id: string;
    reference: string;
    status: BookingStatus;
    /** Out past its drop-off and not yet returned (decision 040): the car is not free. */
    overdue: boolean;
    starts: boolean;
    ends: boolean;
    driver: string;
    /** Its pick-up and drop-off on the calendar's clocks. */
    from: string;
    to: string;
  }>;
  blocks: Array<{ reason: BlockReason }>;
}

/** 'YYYY-MM-DD' plus `days`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Monday of the week holding `day`. */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

export async function fleetCalendar(
  db: Executor,
  query: {
    supplierId: string | null;
    placeId: string | null;
    range: CarRange | null;
    status: BookingStatus | null;
    firstDay: string;
    timeZone: string;
    page: number;
  },
  now: Date = new Date(),
) {
  const days = Array.from({ length: CALENDAR_DAYS }, (_, index) => addDays(query.firstDay, index));
  const midnight = (day: string) =>
    localDateTimeToInstant(`${day}T00:00`, query.timeZone) ?? new Date(`${day}T00:00:00Z`);
  // Each day from its midnight to the next day's, on the calendar's clocks (a day may last 23 or 25 hours).
  const spans = days.map((day) => ({ dayStart: midnight(day), dayEnd: midnight(addDays(day, 1)) }));
  const conditions: SQL[] = [sql`${cars.retiredAt} is null`];
  if (query.supplierId) conditions.push(eq(cars.supplierId, query.supplierId));
  if (query.range) conditions.push(eq(cars.range, query.range));
  if (query.placeId)
    conditions.push(
      sql`exists (select 1 from ${carLocations} cl where cl.car_id = ${cars.id} and cl.location_id = ${query.placeId})`,
    );
  const page = await db
    .select({ id: cars.id, name: cars.name, plate: cars.licensePlate })
    .from(cars)
    .where(and(...conditions))
    .orderBy(asc(cars.name), asc(cars.id))
    .limit(CALENDAR_CARS_PER_PAGE + 1)
    .offset((query.page - 1) * CALENDAR_CARS_PER_PAGE);
  const shown = page.slice(0, CALENDAR_CARS_PER_PAGE);
  const ids = shown.map((car) => car.id);
  const [start, end] = [midnight(query.firstDay), midnight(addDays(query.firstDay, CALENDAR_DAYS))];
  const [held, blocked] = ids.length
    ? await Promise.all([
        db
          .select({
            id: bookings.id,
            carId: bookings.carId,
            status: bookings.status,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
            rentalState: bookings.rentalState,
            driver: users.fullName,
          })
          .from(bookings)
          .innerJoin(users, eq(users.id, bookings.driverId))
          .where(
            and(
              inArray(bookings.carId, ids),
              lt(bookings.startsAt, end),
              // A car out past its drop-off holds it until now (decision 040): shown on the days since, not as free.
              or(gt(bookings.endsAt, start), and(eq(bookings.rentalState, "out"), lt(bookings.startsAt, now))),
              query.status
                ? eq(bookings.status, query.status)
                : and(ne(bookings.status, "void"), ne(bookings.status, "cancelled")),
            ),
          )
          .orderBy(asc(bookings.startsAt)),
        db
          .select({
            carId: carBlocks.carId,
            reason: carBlocks.reason,
            startsAt: carBlocks.startsAt,
            endsAt: carBlocks.endsAt,
          })
          .from(carBlocks)
          .where(and(inArray(carBlocks.carId, ids), lt(carBlocks.startsAt, end), gt(carBlocks.endsAt, start))),
      ])
    : [[], []];
  // An overdue car's booking reaches to now on the calendar, and says it is overdue.
  const occupied = held.map((booking) => {
    const overdue = isOverdue(booking.rentalState, booking.endsAt, now);
    return { ...booking, overdue, occupiedUntil: overdue ? now : booking.endsAt };
  });
  const rows = shown.map((car) => ({
    ...car,
    cells: spans.map(({ dayStart, dayEnd }): CalendarCell => {
      const touches = (period: { startsAt: Date; endsAt: Date }) =>
        period.startsAt < dayEnd && period.endsAt > dayStart;
      return {
        bookings: occupied
          .filter(
            (booking) =>
              booking.carId === car.id && touches({ startsAt: booking.startsAt, endsAt: booking.occupiedUntil }),
          )
          .map((booking) => ({
            id: booking.id,
            reference: bookingReference(booking.id),
            status: booking.status,
            starts: booking.startsAt >= dayStart,
            ends: booking.occupiedUntil <= dayEnd && !booking.overdue,
            overdue: booking.overdue,
            // Its essentials for the card a hover or a focus shows (and a screen reader reads with the link).
            driver: booking.driver,
            from: instantToLocalDateTime(booking.startsAt, query.timeZone),
            to: instantToLocalDateTime(booking.endsAt, query.timeZone),
          })),
        blocks: blocked
          .filter((block) => block.carId === car.id && touches(block))
          .map((block) => ({ reason: block.reason })),
      };
    }),
  }));
  return { days, rows, more: page.length > CALENDAR_CARS_PER_PAGE };
}
