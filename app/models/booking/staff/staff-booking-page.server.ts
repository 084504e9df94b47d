/**
 * What the staff's booking page shows (decision 029): the booking's facts, its money (what the payments hold, what
 * the counter collects, its payment links), the desk's events, its history, and the forms that act on it with what
 * each may do now (the statuses the transition table allows, whether it can still be changed, what a cancellation
 * would refund either way).
 */
import { ADDITIONAL_DRIVER_POSITIONS, additionalDriverFields } from "~/models/checkout/checkout-fields";
import { EQUIPMENT } from "~/domain/enums";
import { excessOfBooking } from "~/models/pricing/cover";
import { BOOKING_TRANSITIONS, bookingReference, canTransition } from "~/models/booking/booking";
import { cancellationTerms } from "~/models/booking/cancellation-terms";
import { isOverdue, isReactivation, rentalAllows, rentalStateOf } from "~/models/booking/rental-lifecycle";
import { staffCancellationRefund } from "~/models/booking/staff/settlement";
import { type BookingDetails, placeNames } from "~/models/booking/bookings.server";
import { placeChoices } from "~/models/fleet/fleet.server";
import { localizedName } from "~/domain/localized-name";
import { linkState } from "~/models/payments/payment-links.server";
import { ALL_EXTRAS } from "~/models/pricing/pricing";
import type { Language } from "~/domain/enums";
import { convertMinorUnits } from "~/domain/money";
import { instantToLocalDateTime } from "~/domain/rental-period";
import type { Executor } from "~/utils/db.server";
import { recordTrail } from "~/models/audit/audit.server";
import { collectsAtCounter, counterAmount, counterPaymentsOf } from "~/models/desk/counter-payments.server";
import { bookingMoney, bookingVersion, carsForChange, eventsOf, staffMayChange } from "./staff-bookings.server";

/** The page's facts and what each form may do, for `details` at `now`. */
export async function staffBookingView(db: Executor, details: BookingDetails, language: Language, now: Date) {
  const { booking } = details;
  const money = await bookingMoney(db, booking);
  const events = await eventsOf(db, booking.id);
  const takings = await counterPaymentsOf(db, booking.id);
  const toPayAtCounter = counterAmount({
    ...booking,
    taken: takings.reduce((sum, taking) => sum + taking.amount, 0),
  });
  const rental = rentalStateOf(events);
  const convert = (cents: number) => convertMinorUnits(cents, booking.displayRate);
  const names = placeNames(details, language);
  const refundIf = (byDriver: boolean) =>
    staffCancellationRefund({
      byDriver,
      terms: cancellationTerms(booking, now).kind,
      held: money.held,
      securityDeposit: convert(booking.deposit),
    });
  const pickupLocal = instantToLocalDateTime(booking.startsAt, details.pickup.timeZone);
  const dropoffLocal = instantToLocalDateTime(booking.endsAt, details.dropoff.timeZone);
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    status: booking.status,
    // Where the car is (decision 040), beside what is paid: the status alone read "Pending" while the car was out.
    rental,
    overdue: isOverdue(rental, booking.endsAt, now),
    cancelRequest: booking.cancelRequest,
    paymentMode: booking.paymentMode,
    currency: booking.displayCurrency,
    driver: details.driver,
    // Every added driver in order (decision 038): the change form edits each in its own group.
    additionalDrivers: details.additionalDrivers,
    car: { id: booking.carId, name: details.car.name, plate: details.car.licensePlate },
    // The driver's arriving flight (decision 031), and the excess left with the booking's cover (decision 030).
    flightNumber: booking.flightNumber,
    excess: excessOfBooking(booking, convert),
    pickup: { slug: details.pickup.slug, name: names.pickup, local: pickupLocal, timeZone: details.pickup.timeZone },
    dropoff: {
      slug: details.dropoff.slug,
      name: names.dropoff,
      local: dropoffLocal,
      timeZone: details.dropoff.timeZone,
    },
    /** The drop-off on the pick-up place's clocks, as the forms give both times (a one-way rental may cross zones). */
    dropoffAtPickupClock: instantToLocalDateTime(booking.endsAt, details.pickup.timeZone),
    extras: ALL_EXTRAS.filter((extra) => booking[extra]),
    // What the desk hands over with the car (decision 033).
    equipment: booking.equipment,
    total: convert(booking.totalPrice),
    held: money.held,
    counterBalance: money.counterBalance,
    // What the counter still collects (decision 040), after the money it took, each taking a receipt line.
    toPayAtCounter,
    collectsAtCounter: collectsAtCounter(booking, toPayAtCounter),
    counterPayments: takings.map((taking) => ({
      id: taking.id,
      amount: taking.amount,
      currency: taking.currency,
      method: taking.method,
      staffName: taking.staffName,
      at: instantToLocalDateTime(taking.at, details.pickup.timeZone),
    })),
    links: money.links.map((link) => ({
      id: link.id,
      purpose: link.purpose,
      amount: link.amount,
      currency: link.currency,
      state: linkState(link, booking, now),
      createdAt: link.createdAt.toISOString(),
    })),
    payments: money.payments.map((payment) => ({
      ...payment,
      createdAt: payment.createdAt.toISOString(),
    })),
    events: events.map((event) => ({
      kind: event.kind,
      // On the clocks of the place where it happened: the pick-up's for a hand-over, the drop-off's for a return.
      at: instantToLocalDateTime(
        event.at,
        event.kind === "handover" ? details.pickup.timeZone : details.dropoff.timeZone,
      ),
      staffName: event.staffName,
      mileage: event.mileage,
      fuelEighths: event.fuelEighths,
    })),
    trail: await recordTrail(db, "booking", booking.id),
    version: bookingVersion(details),
    changeable: staffMayChange(booking, rental, now),
    statuses: BOOKING_TRANSITIONS[booking.status].filter(
      (status) =>
        status !== "cancelled" &&
        rentalAllows(isReactivation(booking.status, status) ? "reactivate" : "setStatus", rental).ok,
    ),
    cancellable: canTransition(booking.status, "cancelled") && rentalAllows("cancel", rental).ok,
    refundIf: { driver: refundIf(true), supplier: refundIf(false) },
  };
}

export type StaffBookingView = Awaited<ReturnType<typeof staffBookingView>>;

/**
 * The change form's choices: the booking's car first, then the supplier's cars at the pick-up place (narrowed by
 * `carText`), and the places the supplier rents from (an admin: every place with cars), the booking's own included.
 */
export async function changeChoices(db: Executor, details: BookingDetails, language: Language, carText = "") {
  const { booking } = details;
  const listed = await carsForChange(db, booking, carText);
  const supplierId = booking.supplierId;
  const places = await placeChoices(db, supplierId, [booking.pickupLocationId, booking.dropoffLocationId]);
  return {
    cars: listed.cars.map((car) => ({ value: car.id, label: `${car.name} (${car.plate})` })),
    moreCars: listed.more,
    carText,
    places: places.map((place) => ({ value: place.slug, label: localizedName(place, language) })),
  };
}

/** The change form as the booking is now. */
export function changeDefaults(view: StaffBookingView) {
  return {
    car: view.car.id,
    pickup: view.pickup.slug,
    dropoff: view.dropoff.slug,
    from: view.pickup.local,
    to: view.dropoffAtPickupClock,
    extra: view.extras,
    ...Object.fromEntries(EQUIPMENT.map((kind) => [kind, String(view.equipment[kind] ?? 0)])),
    ...Object.fromEntries(
      ADDITIONAL_DRIVER_POSITIONS.flatMap((position) => {
        const added = view.additionalDrivers[position - 1];
        const [fullName, email, phone, birthDate] = additionalDriverFields(position);
        return [
          [fullName, added?.fullName ?? ""],
          [email, added?.email ?? ""],
          [phone, added?.phone ?? ""],
          [birthDate, added?.birthDate ?? ""],
        ];
      }),
    ),
    flightNumber: view.flightNumber ?? "",
  };
}
