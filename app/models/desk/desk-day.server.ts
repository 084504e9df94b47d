/**
 * The desk's day (decision 028): at one place, the pick-ups and the returns of a day in time order, with what the
 * staff need at the counter (the driver, their phone, whether a licence is on file, the extras, what is still to be
 * paid there), and the hand-over and return recorded as events on the booking (time, staff member, odometer, fuel).
 * A return recorded after the booked drop-off time, or not recorded once it has passed, is flagged late. A car handed
 * over and due back on an earlier day is carried into today's returns until it is back (and shows, returned late, on
 * the day it came back), for up to CARRY_OVERDUE_DAYS.
 */
import { issueSaleDocument } from "~/models/documents/business-documents.server";
import { queueReviewInvitation } from "~/models/reviews/reviews.server";
import type { EquipmentCounts } from "~/models/pricing/equipment";
import { and, asc, eq, exists, gte, inArray, lt, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookingEvents, bookings, cars, locations, users } from "#db/schema";
import { EXTRAS, type BookingEventKind, type Currency, type Extra } from "~/domain/enums";
import { localDateTimeToInstant, instantToLocalDateTime } from "~/domain/rental-period";
import { bookingReference } from "~/models/booking/booking";
import { isOverdue, rentalAllows, rentalStateOf } from "~/models/booking/rental-lifecycle";
import { counterAmount, takenAtCounterSql } from "./counter-payments.server";
import { rentalUse } from "./desk-readings";
import type { Database, Executor } from "~/utils/db.server";
import { sqlState } from "~/utils/errors.server";
import { writeBookingAudit, type Actor } from "~/models/audit/audit.server";

const HOLDING_AT_DESK = ["pending", "deposit", "paid", "reserved"] as const;

/**
 * How far back an overdue return is carried into the desk's day: a car a month late is a matter for the office, not the
 * counter, and the bound keeps the look-back an index range on (`dropoff_location_id`, `ends_at`) (decision 028).
 */
export const CARRY_OVERDUE_DAYS = 31;

function deskEvent(kind: BookingEventKind, ...conditions: SQL[]) {
  return sql`(select 1 from ${bookingEvents} where ${and(
    eq(bookingEvents.bookingId, bookings.id),
    eq(bookingEvents.kind, kind),
    ...conditions,
  )})`;
}

export interface DeskStop {
  bookingId: string;
  reference: string;
  supplierId: string;
  /** The booked time, on the place's clocks. */
  at: string;
  car: string;
  plate: string;
  driver: string;
  phone: string | null;
  email: string;
  licenseOnFile: boolean;
  /** The driver's arriving flight at an airport pick-up (decision 031). */
  flightNumber: string | null;
  extras: Extra[];
  equipment: EquipmentCounts;
  counterAmount: number;
  currency: Currency;
  event: {
    at: string;
    /** When it was typed, on the place's clocks, where it was set back (recorded later than it happened). */
    enteredAt: string | null;
    staffName: string;
    mileage: number;
    fuelEighths: number;
    note: string;
  } | null;
  /** A return recorded after the booked drop-off. */
  late: boolean;
  /** A return not recorded and past its drop-off: the car is still out (decision 040). */
  overdue: boolean;
  /** A pick-up whose car is still out, overdue, with another booking: the reference of that booking. */
  carStillOut: string | null;
  /** The odometer at the hand-over, offered as the return's starting reading. */
  handoverMileage: number | null;
  /** On a recorded return: the kilometres driven and the fuel's change in eighths since the hand-over. */
  use: { driven: number; fuelChange: number } | null;
}

/** The day's pick-ups and returns at `place` (a supplier's own bookings when `supplierId` is given), in time order. */
export async function deskDay(
  db: Executor,
  query: { supplierId: string | null; place: { id: string; timeZone: string }; day: string },
  now: Date,
): Promise<{ pickups: DeskStop[]; returns: DeskStop[] }> {
  const start = localDateTimeToInstant(`${query.day}T00:00`, query.place.timeZone);
  const nextDay = new Date(Date.parse(`${query.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const end = localDateTimeToInstant(`${nextDay}T00:00`, query.place.timeZone);
  if (!start || !end) return { pickups: [], returns: [] };
  const scope: SQL[] = [inArray(bookings.status, [...HOLDING_AT_DESK])];
  if (query.supplierId) scope.push(eq(bookings.supplierId, query.supplierId));
  // Due back on an earlier day, handed over, and still out (when the day is today) or back during the day.
  const holdsNow = now >= start && now < end;
  const carriedFrom = new Date(start.getTime() - CARRY_OVERDUE_DAYS * 86_400_000);
  const backDuringDay = exists(deskEvent("return", gte(bookingEvents.at, start), lt(bookingEvents.at, end)));
  const overdue = and(
    eq(bookings.dropoffLocationId, query.place.id),
    gte(bookings.endsAt, carriedFrom),
    lt(bookings.endsAt, start),
    exists(deskEvent("handover")),
    holdsNow ? or(notExists(deskEvent("return")), backDuringDay) : backDuringDay,
  );
  const rows = await db
    .select({
      booking: bookings,
      car: cars.name,
      plate: cars.licensePlate,
      driver: users.fullName,
      phone: users.phone,
      email: users.email,
      profileLicense: users.driverLicense,
      taken: takenAtCounterSql,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        ...scope,
        or(
          and(eq(bookings.pickupLocationId, query.place.id), gte(bookings.startsAt, start), lt(bookings.startsAt, end)),
          and(eq(bookings.dropoffLocationId, query.place.id), gte(bookings.endsAt, start), lt(bookings.endsAt, end)),
          overdue,
        ),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(1_000);
  const ids = rows.map((row) => row.booking.id);
  const events = ids.length ? await db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, ids)) : [];
  const eventOf = (bookingId: string, kind: BookingEventKind) =>
    events.find((event) => event.bookingId === bookingId && event.kind === kind) ?? null;
  // The cars of the day's pick-ups still out past another booking's drop-off: that hand-over collides (decision 040).
  const pickupCars = [...new Set(rows.map((row) => row.booking.carId))];
  const overdueRentals = pickupCars.length
    ? await db
        .select({ id: bookings.id, carId: bookings.carId })
        .from(bookings)
        .where(and(inArray(bookings.carId, pickupCars), eq(bookings.rentalState, "out"), lte(bookings.endsAt, now)))
    : [];
  const stillOut = new Map(overdueRentals.map((rental) => [rental.carId, bookingReference(rental.id)]));
  const stop = (row: (typeof rows)[number], kind: BookingEventKind): DeskStop => {
    const { booking } = row;
    const instant = kind === "handover" ? booking.startsAt : booking.endsAt;
    const event = eventOf(booking.id, kind);
    const handover = eventOf(booking.id, "handover");
    return {
      bookingId: booking.id,
      reference: bookingReference(booking.id),
      supplierId: booking.supplierId,
      at: instantToLocalDateTime(instant, query.place.timeZone),
      car: row.car,
      plate: row.plate,
      driver: row.driver,
      phone: row.phone,
      email: row.email,
      licenseOnFile: Boolean(booking.driverLicense ?? row.profileLicense),
      flightNumber: booking.flightNumber,
      extras: EXTRAS.filter((extra) => booking[extra]),
      // The child seats and other pieces to have ready with the car (decision 033).
      equipment: booking.equipment,
      counterAmount: counterAmount({ ...booking, taken: row.taken }),
      currency: booking.displayCurrency,
      event: event && {
        at: instantToLocalDateTime(event.at, query.place.timeZone),
        enteredAt: wasSetBack(event) ? instantToLocalDateTime(event.createdAt, query.place.timeZone) : null,
        staffName: event.staffName,
        mileage: event.mileage,
        fuelEighths: event.fuelEighths,
        note: event.note,
      },
      late: kind === "return" && event !== null && event.at > booking.endsAt,
      overdue: kind === "return" && event === null && isOverdue(booking.rentalState, booking.endsAt, now),
      carStillOut: kind === "handover" && !event ? (stillOut.get(booking.carId) ?? null) : null,
      handoverMileage: handover?.mileage ?? null,
      use: kind === "return" && event && handover ? rentalUse(handover, event) : null,
    };
  };
  const within = (instant: Date) => instant >= start && instant < end;
  const returnsHere = (booking: (typeof rows)[number]["booking"]) =>
    booking.dropoffLocationId === query.place.id && booking.endsAt >= carriedFrom && booking.endsAt < end;
  return {
    pickups: rows
      .filter((row) => row.booking.pickupLocationId === query.place.id && within(row.booking.startsAt))
      .map((row) => stop(row, "handover")),
    returns: rows
      .filter((row) => returnsHere(row.booking))
      .sort((a, b) => a.booking.endsAt.getTime() - b.booking.endsAt.getTime())
      .map((row) => stop(row, "return")),
  };
}

/** An event typed more than a minute after the time it records (decision 040, amended). */
const wasSetBack = (event: { at: Date; createdAt: Date }) => event.createdAt.getTime() - event.at.getTime() > 60_000;

const pickupPlace = alias(locations, "pickup_place");
const dropoffPlace = alias(locations, "dropoff_place");

/** The booking a desk form names, with whose it is and the clocks of its places; null when there is none. */
export async function findDeskBooking(db: Executor, bookingId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return null;
  const [booking] = await db
    .select({
      id: bookings.id,
      supplierId: bookings.supplierId,
      status: bookings.status,
      endsAt: bookings.endsAt,
      pickupTimeZone: pickupPlace.timeZone,
      dropoffTimeZone: dropoffPlace.timeZone,
    })
    .from(bookings)
    .innerJoin(pickupPlace, eq(pickupPlace.id, bookings.pickupLocationId))
    .innerJoin(dropoffPlace, eq(dropoffPlace.id, bookings.dropoffLocationId))
    .where(eq(bookings.id, bookingId));
  return booking ?? null;
}

export type RecordEventResult =
  | { ok: true }
  | { ok: false; reason: "recorded" | "notHandedOver" | "notAtDesk" | "beforeHandover" }
  | { ok: false; reason: "mileageBelowHandover"; handoverMileage: number };

/**
 * Records the hand-over or the return of a booking, once each (the database's unique index decides between two
 * desks at once), with the audit row. A return needs its hand-over first; a cancelled booking has neither.
 */
export async function recordDeskEvent(
  db: Database,
  actor: Actor,
  booking: { id: string; supplierId: string; status: string },
  kind: BookingEventKind,
  /** `at`: when it happened, if set back by the desk within EVENT_SET_BACK_HOURS (`eventTimeFrom`); else now. */
  { at: setBackTo, ...reading }: { mileage: number; fuelEighths: number; note: string; at?: Date },
  now: Date,
  /** The site's address, for the review invitation a return sends (decision 034). */
  origin: string,
): Promise<RecordEventResult> {
  const at = setBackTo ?? now;
  try {
    return await db.transaction(async (tx) => {
      // The booking's row lock serialises the desk with a cancellation or a status change racing it (decision 040).
      const [locked] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, booking.id))
        .for("update");
      if (!locked || !(HOLDING_AT_DESK as readonly string[]).includes(locked.status))
        return { ok: false as const, reason: "notAtDesk" as const };
      const events = await tx
        .select({ kind: bookingEvents.kind, mileage: bookingEvents.mileage, at: bookingEvents.at })
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, booking.id));
      const lifecycle = rentalAllows(kind, rentalStateOf(events));
      if (!lifecycle.ok)
        return {
          ok: false as const,
          reason: lifecycle.reason === "notOut" ? ("notHandedOver" as const) : ("recorded" as const),
        };
      const handover = events.find((event) => event.kind === "handover");
      // The odometer only goes forward: a return below the hand-over's reading is a typing slip.
      if (kind === "return" && handover && reading.mileage < handover.mileage)
        return { ok: false as const, reason: "mileageBelowHandover" as const, handoverMileage: handover.mileage };
      // Nor does a car come back before it went out.
      if (kind === "return" && handover && at < handover.at)
        return { ok: false as const, reason: "beforeHandover" as const };
      await tx
        .update(bookings)
        .set({ rentalState: kind === "handover" ? "out" : "returned" })
        .where(eq(bookings.id, booking.id));
      await tx.insert(bookingEvents).values({
        bookingId: booking.id,
        kind,
        at,
        staffId: actor.id,
        staffName: actor.fullName,
        mileage: reading.mileage,
        fuelEighths: reading.fuelEighths,
        note: reading.note,
        createdAt: now,
      });
      await writeBookingAudit(tx, actor, booking, "update", {
        [kind]: {
          from: null,
          to: { at: at.toISOString(), ...(at < now ? { enteredAt: now.toISOString() } : {}), ...reading },
        },
      });
      // The car goes out: the rental is sold, its invoice (or receipt) issued unless paying in full did (decision 049).
      if (kind === "handover") await issueSaleDocument(tx, booking.id, now);
      // The car is back: the driver is invited to review the supplier at the place, once (the event is recorded once).
      if (kind === "return") await queueReviewInvitation(tx, booking.id, origin, now);
      return { ok: true as const };
    });
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, reason: "recorded" };
    throw error;
  }
}
