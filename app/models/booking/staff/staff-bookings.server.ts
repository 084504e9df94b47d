/**
 * Bookings in staff's hands (decision 029): one booking as its supplier's staff (or an admin) see it, a booking taken
 * for a customer, a change the customer asked for, repriced and settled, and status changes and cancellations. Every
 * rental is priced by the checkout's pricing (`quoteOffer`) and checked by its rules (`resolveCheckout`: places, desk
 * hours, minimum days, the car free, a block included), written under the database's no-overlap guarantee, and
 * audited. A supplier reaches its own cars' bookings only; another's answers as a booking that does not exist.
 */
import { notify } from "~/models/messages/notifications.server";
import { checkFlightNumber } from "~/domain/flight";
import { equipmentMessage } from "~/models/checkout/checkout-form";
import { additionalDriverFields } from "~/models/checkout/checkout-fields";
import { childSeatPlaces, type EquipmentCounts } from "~/models/pricing/equipment";
import { createHash } from "node:crypto";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { carMatchesText } from "~/models/fleet/car-text-search.server";
import {
  additionalDrivers,
  bookingEvents,
  bookings,
  carLocations,
  cars,
  paymentLinks,
  payments,
  users,
} from "#db/schema";
import type { BookingStatus, Currency, Extra, Language } from "~/domain/enums";
import type { Message } from "~/domain/form-errors";
import { convertMinorUnits } from "~/domain/money";
import { ageOn, MINIMUM_DRIVER_AGE } from "~/domain/person-fields";
import { isUuid } from "~/domain/ids";
import { instantToLocalDateTime } from "~/domain/rental-period";
import type { Database, Executor } from "~/utils/db.server";
import { isCarTaken } from "~/utils/errors.server";
import { bookingReference, onlineChargeOf, paymentTerms } from "~/models/booking/booking";
import { announceBooking } from "~/models/booking/booking-announcements.server";
import { unofferedExtra } from "~/models/booking/booking-amend.server";
import {
  queueBookingLinkMail,
  queueStaffChangeMail,
  changeSettlementMail,
} from "~/models/booking/booking-mails.server";
import {
  bookingDetails,
  findBookingDetails,
  insertAdditionalDrivers,
  placeBooking,
  rentalColumns,
  type BookingDetails,
  type DriverDetails,
} from "~/models/booking/bookings.server";
import { rentalAllows, type RentalState } from "~/models/booking/rental-lifecycle";
import { rentalStateFor } from "~/models/booking/rental-lifecycle.server";
import { cancelByStaff } from "~/models/booking/staff/cancellation.server";
import {
  settleChange,
  settlementKind,
  type ChangeSettlement,
  type SettlementKind,
} from "~/models/booking/staff/settlement";
import {
  driverAgeAt,
  extrasOfCar,
  quoteOffer,
  resolveCheckout,
  type CheckoutOffer,
} from "~/models/checkout/checkout-offer.server";
import { configuredGatewayNames, GATEWAYS } from "~/models/payments/gateways/gateway.server";
import { newAttemptId } from "~/models/payments/gateways/sandbox.server";
import {
  BOOKING_LINK_HOURS,
  cancelOpenLinks,
  createPaymentLink,
  paymentLinkUrl,
} from "~/models/payments/payment-links.server";
import { capturedTotal, owePartOfPayments, refundAfterAnswer } from "~/models/payments/payments.server";
import { ALL_EXTRAS, type PriceBreakdown } from "~/models/pricing/pricing";
import { writeBookingAudit, type Actor } from "~/models/audit/audit.server";
import { fieldChanges } from "~/models/audit/audit";
import { canOperate, supplierScope } from "~/models/access/operator-access";
import type { AdditionalDriver } from "./staff-booking-form";
import type { ShortfallChoice, StaffPaymentChoice } from "./staff-booking-choices";
import { hasEmail } from "~/models/account/user-email.server";

/** The booking as staff see it, or null when it does not exist or is another supplier's. */
export async function findStaffBooking(db: Executor, actor: Actor, bookingId: string): Promise<BookingDetails | null> {
  if (!isUuid(bookingId)) return null;
  const details = await findBookingDetails(db, { id: bookingId });
  if (!details || !canOperate(actor, "handleBookings", details.booking.supplierId)) return null;
  return details;
}

const CHANGEABLE: readonly BookingStatus[] = ["pending", "deposit", "paid", "reserved"];

/**
 * Staff change a booking before its pick-up, while it is confirmed and not handed over (a rental under way is
 * extended at the desk as a new booking: decision 029).
 */
export const staffMayChange = (booking: { status: BookingStatus; startsAt: Date }, rental: RentalState, now: Date) =>
  CHANGEABLE.includes(booking.status) &&
  booking.startsAt.getTime() > now.getTime() &&
  rentalAllows("change", rental).ok;

/** The rental a staff form asks for. */
export interface RentalChoice {
  car: string;
  pickup: string;
  dropoff: string;
  from: string;
  to: string;
  extras: Extra[];
  /** The equipment counts as posted (decision 033): whether the supplier lends them and the car takes them is checked. */
  equipment: { counts: EquipmentCounts; malformed: boolean };
  /** The drivers added beside the driver, in order (decision 038): each one pays the option; stored 1, 2, 3. */
  additionalDrivers: AdditionalDriver[];
  /** As typed: checked for shape at an airport, required after the desk closes (decision 031); ignored elsewhere. */
  flightNumber: string;
}

export type RentalQuote =
  | { ok: false; problem: Message; field?: string }
  | { ok: true; offer: CheckoutOffer; price: PriceBreakdown; extras: Extra[]; flightNumber: string | null };

/**
 * The rental priced and checked as a checkout would: the car is the supplier's (`supplierId`, any for an admin),
 * free for the period apart from `exceptBookingId`, its extras offered, the driver and the second driver old enough.
 */
export async function quoteStaffRental(
  db: Executor,
  choice: RentalChoice,
  context: {
    language: Language;
    now: Date;
    supplierId: string | null;
    exceptBookingId?: string;
    driverBirthDate: string | null;
  },
): Promise<RentalQuote> {
  // Another supplier's car is as unknown as a car that does not exist, whatever its places and bookings.
  if (context.supplierId) {
    const [car] = isUuid(choice.car)
      ? await db.select({ supplierId: cars.supplierId }).from(cars).where(eq(cars.id, choice.car))
      : [];
    if (car?.supplierId !== context.supplierId)
      return { ok: false, problem: { key: "checkout:problems.carNotFound" }, field: "car" };
  }
  const resolved = await resolveCheckout(
    db,
    { car: choice.car, pickup: choice.pickup, dropoff: choice.dropoff, from: choice.from, to: choice.to },
    { language: context.language, now: context.now, exceptBookingId: context.exceptBookingId },
  );
  if (!resolved.ok) return { ok: false, problem: resolved.problem };
  const { offer } = resolved;
  const added = choice.additionalDrivers;
  const chosen = added.length ? [...new Set<Extra>([...choice.extras, "additionalDriver"])] : choice.extras;
  if (unofferedExtra(offer, chosen)) return { ok: false, problem: { key: "checkout:problems.extraUnavailable" } };
  // A second driver paid for needs their details; one the car includes may stay unnamed (as at checkout).
  if (
    chosen.includes("additionalDriver") &&
    added.length === 0 &&
    !extrasOfCar(offer.car).included.includes("additionalDriver")
  )
    return { ok: false, problem: { key: "manage:staffBooking.additionalDriverMissing" }, field: "additionalFullName" };
  const minimumAge = Math.max(MINIMUM_DRIVER_AGE, offer.car.minimumAge);
  const driverAge = driverAgeAt(offer, context.driverBirthDate);
  if (driverAge !== null && driverAge < minimumAge)
    return { ok: false, problem: { key: "validation.minimumAge", params: { age: minimumAge } }, field: "birthDate" };
  // Each added driver is held to the car's minimum age on the pick-up day, on the birth date field of their group.
  const tooYoung = added.find((driver) => ageOn(driver.birthDate, offer.from) < minimumAge);
  if (tooYoung)
    return {
      ok: false,
      problem: { key: "validation.minimumAge", params: { age: minimumAge } },
      field: additionalDriverFields(tooYoung.position)[3],
    };
  const equipmentInvalid = equipmentMessage(choice.equipment, {
    equipment: offer.supplier.equipment,
    childSeatPlaces: childSeatPlaces(offer.car),
  });
  if (equipmentInvalid) return { ok: false, problem: equipmentInvalid, field: "equipment" };
  // The flight the customer arrives on, as at checkout: a pick-up after the airport desk closes needs it.
  const flight = checkFlightNumber(choice.flightNumber, offer.flight);
  if (flight.problem) return { ok: false, problem: { key: flight.problem }, field: "flightNumber" };
  const { price, extras } = quoteOffer(offer, chosen, driverAge, choice.equipment.counts, Math.max(1, added.length));
  return { ok: true, offer, price, extras, flightNumber: flight.flightNumber };
}

/** How many other cars a change's list offers at once; staff narrow it by name, plate or type beyond that. */
export const CHANGE_CARS_LISTED = 100;

/**
 * The cars a change may move a booking to: its own car always first (whatever the fleet's size, so a change of dates
 * alone never moves the customer to another car), then the supplier's cars offered at its pick-up place, matching
 * `text` (name, plate or type) when given, by name.
 */
export async function carsForChange(db: Executor, booking: BookingDetails["booking"], text = "") {
  const columns = { id: cars.id, name: cars.name, plate: cars.licensePlate };
  const [own] = await db.select(columns).from(cars).where(eq(cars.id, booking.carId));
  const others = await db
    .selectDistinct(columns)
    .from(cars)
    .innerJoin(carLocations, eq(carLocations.carId, cars.id))
    .where(
      and(
        eq(cars.supplierId, booking.supplierId),
        ne(cars.id, booking.carId),
        eq(cars.available, true),
        sql`${cars.retiredAt} is null`,
        eq(carLocations.locationId, booking.pickupLocationId),
        carMatchesText(text),
      ),
    )
    .orderBy(asc(cars.name), asc(cars.licensePlate))
    .limit(CHANGE_CARS_LISTED + 1);
  return {
    cars: [...(own ? [own] : []), ...others.slice(0, CHANGE_CARS_LISTED)],
    more: others.length > CHANGE_CARS_LISTED,
  };
}

/** What a booking's money stands at: what its payments hold, what the counter collects, its open and paid links. */
export async function bookingMoney(db: Executor, booking: BookingDetails["booking"]) {
  const held = await capturedTotal(db, booking.id);
  const links = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.bookingId, booking.id))
    .orderBy(desc(paymentLinks.createdAt))
    .limit(20);
  const paymentRows = await db
    .select({
      id: payments.id,
      gateway: payments.gateway,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      refundedAmount: payments.refundedAmount,
      refundReason: payments.refundReason,
      refundOwed: payments.refundOwed,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.bookingId, booking.id))
    .orderBy(desc(payments.createdAt))
    .limit(20);
  return { held, counterBalance: booking.counterBalance, links, payments: paymentRows };
}

/** The desk's events of a booking (hand-over, return). */
export async function eventsOf(db: Executor, bookingId: string) {
  return db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.at));
}

export interface ChangePlan {
  quote: Extract<RentalQuote, { ok: true }>;
  /** The rental's totals before and after, in the booking's display currency (minor units). */
  before: number;
  after: number;
  /** The security deposit before and after (the new car's), in the booking's display currency. */
  deposit: { before: number; after: number };
  settlement: ChangeSettlement;
  /** How the mail and the page name the settlement. */
  settles: SettlementKind;
}

/** The change priced and settled on paper: what the page previews and the save then writes. */
async function planChange(
  db: Executor,
  { booking }: Pick<BookingDetails, "booking">,
  driverBirthDate: string | null,
  choice: RentalChoice,
  shortfall: ShortfallChoice,
  context: { language: Language; now: Date },
): Promise<{ ok: false; problem: Message; field?: string } | ({ ok: true } & ChangePlan)> {
  const quote = await quoteStaffRental(db, choice, {
    ...context,
    supplierId: booking.supplierId,
    exceptBookingId: booking.id,
    driverBirthDate,
  });
  if (!quote.ok) return quote;
  const rate = booking.displayRate;
  // Another car may ask another security deposit: the booking takes the new car's, settled with the rest.
  const deposit = quote.offer.car.deposit;
  const settlement = settleChange({
    paymentMode: booking.paymentMode,
    newOnline: onlineChargeOf(booking.paymentMode, quote.price.total, deposit, rate),
    held: await capturedTotal(db, booking.id),
    counterBalance: booking.counterBalance,
    shortfall,
  });
  const settles = settlementKind(booking.paymentMode, settlement, booking.counterBalance);
  return {
    ok: true,
    quote,
    before: convertMinorUnits(booking.totalPrice, rate),
    after: convertMinorUnits(quote.price.total, rate),
    deposit: { before: convertMinorUnits(booking.deposit, rate), after: convertMinorUnits(deposit, rate) },
    settlement,
    settles,
  };
}

/** The birth date a booking's prices are judged by: the one given at checkout, else the driver's profile's. */
async function birthDateOf(db: Executor, booking: BookingDetails["booking"]): Promise<string | null> {
  if (booking.driverBirthDate) return booking.driverBirthDate;
  const [driver] = await db.select({ birthDate: users.birthDate }).from(users).where(eq(users.id, booking.driverId));
  return driver?.birthDate ?? null;
}

export async function previewStaffChange(
  db: Executor,
  details: BookingDetails,
  choice: RentalChoice,
  shortfall: ShortfallChoice,
  context: { language: Language; now: Date },
) {
  return planChange(db, details, await birthDateOf(db, details.booking), choice, shortfall, context);
}

export type StaffChangeResult =
  { ok: true; settles: ChangePlan["settles"] } | { ok: false; problem: Message; field?: string } | null;

/**
 * Saves a change the customer asked for: the booking row locked, refused if it changed since the page was drawn
 * (`version`), re-priced and re-checked, written with its settlement in one transaction (a refund owed, a payment
 * link, or the counter's balance), audited, and told to its driver once (a notification and one mail). Two staff
 * saving at once: the second waits on the lock, finds the version moved, and changes nothing.
 */
export async function changeBookingByStaff(
  db: Database,
  actor: Actor,
  bookingId: string,
  input: {
    choice: RentalChoice;
    version: string;
    shortfall: ShortfallChoice;
    /** The new total the page showed (display minor units): saved only at it. */
    expectedTotal?: number;
  },
  context: { language: Language; now: Date; origin: string },
): Promise<StaffChangeResult> {
  if (!isUuid(bookingId)) return null;
  let refundIds: string[] = [];
  let outcome: StaffChangeResult;
  try {
    outcome = await db.transaction(async (tx): Promise<StaffChangeResult> => {
      const [locked] = await tx
        .select({ supplierId: bookings.supplierId })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .for("update");
      if (!locked || !canOperate(actor, "handleBookings", locked.supplierId)) return null;
      const details = await bookingDetails(tx, bookingId);
      const { booking } = details;
      const rental = await rentalStateFor(tx, booking.id);
      if (!staffMayChange(booking, rental, context.now))
        return { ok: false, problem: { key: "manage:staffBooking.notChangeable" } };
      if (bookingVersion(details) !== input.version)
        return { ok: false, problem: { key: "manage:staffBooking.changedMeanwhile" } };
      const plan = await planChange(
        tx,
        details,
        await birthDateOf(tx, booking),
        input.choice,
        input.shortfall,
        context,
      );
      if (!plan.ok) return plan;
      if (input.expectedTotal !== undefined && plan.after !== input.expectedTotal)
        return { ok: false, problem: { key: "manage:staffBooking.confirmTotal" } };
      const { offer, price, extras } = plan.quote;
      await cancelOpenLinks(tx, booking.id, context.now);
      const before = changeFacts(details);
      await tx
        .update(bookings)
        .set({
          carId: offer.car.id,
          ...rentalColumns(offer, price, extras),
          deposit: offer.car.deposit,
          amountDue: paymentTerms(booking.paymentMode, price.total, offer.car.deposit).online,
          counterBalance: plan.settlement.counterBalance,
          flightNumber: plan.quote.flightNumber,
          updatedAt: context.now,
        })
        .where(eq(bookings.id, booking.id));
      // The added drivers become the form's, in its order (decision 038).
      await tx.delete(additionalDrivers).where(eq(additionalDrivers.bookingId, booking.id));
      await insertAdditionalDrivers(tx, booking.id, driverDetails(input.choice.additionalDrivers));
      const owed = await owePartOfPayments(tx, booking.id, plan.settlement.refund, "changed", context.now);
      refundIds = owed.map((refund) => refund.id);
      const token =
        plan.settles === "link"
          ? await createPaymentLink(tx, {
              bookingId: booking.id,
              purpose: "balance",
              amount: plan.settlement.link,
              currency: booking.displayCurrency,
              // Payable online until the car is due back; the counter collects it after.
              expiresAt: offer.to,
              createdBy: actor.id,
            })
          : null;
      const settlementMail = changeSettlementMail(
        plan.settles,
        plan.settlement,
        token ? paymentLinkUrl(context.origin, token) : null,
      );
      const after = await bookingDetails(tx, booking.id);
      await writeBookingAudit(tx, actor, booking, "update", fieldChanges(before, changeFacts(after)));
      await notify(tx, {
        userId: booking.driverId,
        bookingId: booking.id,
        messageKey: "notifications.bookingChangedByStaff",
        messageParams: { reference: bookingReference(booking.id), car: offer.car.name },
      });
      await queueStaffChangeMail(
        tx,
        booking.id,
        { before: plan.before, after: plan.after, settlement: settlementMail },
        context.origin,
      );
      return { ok: true, settles: plan.settles };
    });
  } catch (error) {
    if (isCarTaken(error)) return { ok: false, problem: { key: "checkout:problems.carUnavailable" }, field: "car" };
    throw error;
  }
  // Once committed, and after the answer: a refund that fails stays owed for the retry job.
  if (refundIds.length) void refundAfterAnswer(db, refundIds, context.origin, context.now);
  return outcome;
}

/**
 * The booking as a change's page showed it, as a short digest: a save made from an older page (another member of
 * staff changed it meanwhile) is refused. Its content, not a time: two changes within one clock tick differ too.
 */
export function bookingVersion(
  details: Pick<BookingDetails, "booking" | "additionalDrivers" | "car" | "pickup" | "dropoff">,
): string {
  const { booking } = details;
  return createHash("sha256")
    .update(
      JSON.stringify({
        ...changeFacts(details),
        status: booking.status,
        counterBalance: booking.counterBalance,
        updatedAt: booking.updatedAt.toISOString(),
      }),
    )
    .digest("base64url")
    .slice(0, 22);
}

/**
 * The added drivers' details as a booking keeps them, in the form's order: stored as 1, 2, 3 whichever groups were
 * left empty (the group only says where to show a problem).
 */
function driverDetails(drivers: AdditionalDriver[]) {
  return drivers.map(({ fullName, email, phone, birthDate }) => ({ fullName, email, phone, birthDate }));
}

/** What the audit trail and the version compare of a booking: its rental in words (names, local times) and its total. */
function changeFacts(details: Pick<BookingDetails, "booking" | "additionalDrivers" | "car" | "pickup" | "dropoff">) {
  const { booking } = details;
  return {
    car: `${details.car.name} (${details.car.licensePlate})`,
    // In every language: the trail reads them in the page's (a change's place is compared by its names).
    pickup: { en: details.pickup.nameEn, fr: details.pickup.nameFr, es: details.pickup.nameEs },
    dropoff: { en: details.dropoff.nameEn, fr: details.dropoff.nameFr, es: details.dropoff.nameEs },
    from: instantToLocalDateTime(booking.startsAt, details.pickup.timeZone).replace("T", " "),
    to: instantToLocalDateTime(booking.endsAt, details.dropoff.timeZone).replace("T", " "),
    extras: ALL_EXTRAS.filter((extra) => booking[extra]),
    // Every added driver by name, in order (decision 038), under the key the trail has always used.
    additionalDriver: details.additionalDrivers.map((added) => added.fullName).join(", ") || null,
    flightNumber: booking.flightNumber,
    total: booking.totalPrice,
    deposit: booking.deposit,
  };
}

export interface PhoneCustomer {
  email: string;
  fullName: string;
  phone: string;
  /** As checked ('YYYY-MM-DD'), or null when the form left it empty (an existing driver's profile may hold it). */
  birthDate: string | null;
  language: Language;
}

export type PhoneBookingResult =
  | { ok: true; bookingId: string; linkSent: boolean }
  | { ok: false; problem: Message; field?: string }
  /** Priced, not booked: asked for a quote, or the total is not the one the page showed (`unconfirmed`). */
  | {
      ok: "quoted";
      total: number;
      currency: Currency;
      days: number;
      /** Billed by the hour (decision 037); null when by the day. */
      hours: number | null;
      car: string;
      unconfirmed: boolean;
    };

/** Who the customer is: an existing driver's account, or a new one invited to activate (as a visitor's checkout does). */
async function customerAccount(
  db: Executor,
  customer: PhoneCustomer,
): Promise<{ ok: true; driver: DriverDetails; birthDate: string } | { ok: false; problem: Message; field: string }> {
  const [existing] = await db
    .select({ id: users.id, role: users.role, blacklisted: users.blacklisted, birthDate: users.birthDate })
    .from(users)
    .where(hasEmail(customer.email));
  if (existing && existing.role !== "user")
    return { ok: false, problem: { key: "manage:staffBooking.notADriver" }, field: "email" };
  if (existing?.blacklisted) return { ok: false, problem: { key: "errors.accountSuspended" }, field: "email" };
  const birthDate = customer.birthDate ?? existing?.birthDate ?? null;
  if (!birthDate) return { ok: false, problem: { key: "validation.required" }, field: "birthDate" };
  if (existing)
    return {
      ok: true,
      driver: { kind: "signedIn", userId: existing.id, phone: customer.phone, birthDate },
      birthDate,
    };
  if (!customer.fullName) return { ok: false, problem: { key: "validation.required" }, field: "fullName" };
  return {
    ok: true,
    driver: {
      kind: "visitor",
      fullName: customer.fullName,
      email: customer.email,
      phone: customer.phone,
      birthDate,
      language: customer.language,
    },
    birthDate,
  };
}

/** A pick-up too close for a payment link to be worth mailing: the desk takes the payment. */
const LINK_LEAD_MS = 2 * 3600_000;

/**
 * A booking taken for a customer by phone or at the desk (decision 029): priced and checked as a checkout; the
 * customer an existing driver or a new account invited to activate; paid at the counter (confirmed at once, with the
 * confirmation mail) or by a mailed payment link (the car held as an unpaid booking until the link expires, confirmed
 * and announced when paid, as a checkout's hold is).
 */
export async function takePhoneBooking(
  db: Database,
  actor: Actor,
  input: {
    choice: RentalChoice;
    customer: PhoneCustomer;
    payment: StaffPaymentChoice;
    display: { currency: Currency; rate: number };
    /**
     * A quote only (false), or the booking at the total the page showed (its display-currency minor units; null when
     * it showed none): another total is quoted instead. Undefined: booked at the price (a caller with no page).
     */
    confirm?: number | null | false;
  },
  context: { language: Language; now: Date; origin: string },
): Promise<PhoneBookingResult> {
  const account = await customerAccount(db, input.customer);
  if (!account.ok) return account;
  const quote = await quoteStaffRental(db, input.choice, {
    language: context.language,
    now: context.now,
    supplierId: actor.role === "admin" ? null : supplierScope(actor, null),
    driverBirthDate: account.birthDate,
  });
  if (!quote.ok) return quote;
  const { offer, price, extras } = quote;
  const byLink = input.payment !== "counter";
  const paymentMode = input.payment === "linkDeposit" ? "deposit" : input.payment === "linkFull" ? "full" : "payLater";
  const gateway = configuredGatewayNames()[0] ?? null;
  if (byLink && !gateway)
    return { ok: false, problem: { key: "checkout:problems.onlineUnavailable" }, field: "payment" };
  if (paymentMode === "deposit" && offer.car.deposit <= 0)
    return { ok: false, problem: { key: "manage:staffBooking.noDeposit" }, field: "payment" };
  if (byLink && offer.from.getTime() - context.now.getTime() < LINK_LEAD_MS)
    return { ok: false, problem: { key: "manage:staffBooking.tooSoonForLink" }, field: "payment" };
  const total = convertMinorUnits(price.total, input.display.rate);
  if (input.confirm !== undefined && input.confirm !== total)
    return {
      ok: "quoted",
      total,
      currency: input.display.currency,
      days: price.days,
      hours: price.hours,
      car: offer.car.name,
      unconfirmed: input.confirm !== false,
    };
  const holdUntil = new Date(Math.min(context.now.getTime() + BOOKING_LINK_HOURS * 3600_000, offer.from.getTime()));
  const placed = await placeBooking(
    db,
    {
      offer,
      price,
      extras,
      paymentMode,
      gateway: byLink ? gateway : null,
      display: input.display,
      driver: account.driver,
      additionalDrivers: driverDetails(input.choice.additionalDrivers),
      flightNumber: quote.flightNumber,
      attemptId: newAttemptId(byLink && gateway ? GATEWAYS[gateway].attemptPrefix : "bk"),
      holdUntil,
      now: context.now,
    },
    async (tx, booking) => {
      await writeBookingAudit(
        tx,
        actor,
        { id: booking.id, supplierId: offer.supplier.id },
        "create",
        fieldChanges(null, changeFacts(await bookingDetails(tx, booking.id))),
      );
      if (!byLink) return announceBooking(tx, booking.id, context.origin);
      const token = await createPaymentLink(tx, {
        bookingId: booking.id,
        purpose: "booking",
        amount: booking.chargeAmount,
        currency: input.display.currency,
        expiresAt: holdUntil,
        createdBy: actor.id,
      });
      await queueBookingLinkMail(tx, booking.id, {
        amount: booking.chargeAmount,
        currency: input.display.currency,
        url: paymentLinkUrl(context.origin, token),
        expiresAt: holdUntil,
      });
    },
  );
  if (!placed.ok)
    return { ok: false, problem: { key: placed.error }, field: placed.error.includes("car") ? "car" : "email" };
  return { ok: true, bookingId: placed.bookingId, linkSent: byLink };
}

/** A cancellation by staff of one booking (decision 029): refunds owed in the transaction, asked for after it. */
export async function cancelBookingByStaff(
  db: Database,
  actor: Actor,
  bookingId: string,
  byDriver: boolean,
  context: { now: Date; origin: string },
): Promise<"cancelled" | "unchanged" | "refused" | "underWay" | "returned" | "notOut" | null> {
  if (!isUuid(bookingId)) return null;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        supplierId: bookings.supplierId,
        driverId: bookings.driverId,
        paymentMode: bookings.paymentMode,
        cancellation: bookings.cancellation,
        startsAt: bookings.startsAt,
        deposit: bookings.deposit,
        displayRate: bookings.displayRate,
        car: cars.name,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(and(eq(bookings.id, bookingId), ne(bookings.status, "cancelled")))
      .for("update", { of: bookings });
    if (!row) {
      const [any] = await tx
        .select({ supplierId: bookings.supplierId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return any && canOperate(actor, "handleBookings", any.supplierId) ? ("refused" as const) : null;
    }
    if (!canOperate(actor, "handleBookings", row.supplierId)) return null;
    return cancelByStaff(tx, actor, row, byDriver, context.now, context.origin);
  });
  if (outcome === null || outcome === "refused") return outcome;
  if (outcome.outcome === "cancelled" && outcome.refundIds.length)
    void refundAfterAnswer(db, outcome.refundIds, context.origin, context.now);
  return outcome.outcome;
}
