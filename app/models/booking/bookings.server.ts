/**
 * Bookings: placing one (with the visitor's account when a visitor books), confirming its payment exactly once,
 * releasing an unpaid hold, and reading one for its driver. Every status write checks booking.ts's transition
 * table, and two bookings that hold a car can never overlap: the database's exclusion constraint refuses the second
 * one (SQLSTATE 23P01), whichever app instance writes it.
 */
import { issueSaleDocument } from "~/models/documents/business-documents.server";
import { notify } from "~/models/messages/notifications.server";
import { insertedRow } from "~/utils/sql.server";
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { additionalDrivers, bookings, cars, locations, supplierSettings, users } from "#db/schema";
import {
  type BookingStatus,
  type Currency,
  type Extra,
  type Language,
  type PaymentGateway,
  type PaymentMode,
} from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { isCarTaken, sqlState } from "~/utils/errors.server";
import { insertDriver } from "~/models/account/accounts.server";
import {
  assertTransition,
  bookingReference,
  CONFIRMED_STATUS,
  onlineChargeOf,
  paymentTerms,
  paysOnline,
} from "./booking";
import type { CheckoutOffer } from "~/models/checkout/checkout-offer.server";
import { localizedName } from "~/domain/localized-name";
import { ALL_EXTRAS, type PriceBreakdown } from "~/models/pricing/pricing";
import { heldForBookingSql } from "~/models/payments/payments.server";
import { reactivationCounterBalance } from "./booking";
import { hasEmail } from "~/models/account/user-email.server";

export type DriverDetails =
  | { kind: "signedIn"; userId: string; phone: string; birthDate: string; driverLicense?: string }
  | {
      kind: "visitor";
      fullName: string;
      email: string;
      phone: string;
      birthDate: string;
      language: Language;
      driverLicense?: string;
    };

export interface NewBooking {
  offer: CheckoutOffer;
  price: PriceBreakdown;
  extras: Extra[];
  paymentMode: PaymentMode;
  gateway: PaymentGateway | null;
  display: { currency: Currency; rate: number };
  driver: DriverDetails;
  /** The drivers added beside the driver, in order (decision 038). */
  additionalDrivers?: Array<{ fullName: string; email: string; phone: string; birthDate: string }>;
  /** The arriving flight at an airport pick-up, as 'AF 1234' (decision 031). */
  flightNumber?: string | null;
  /** Our reference for the payment attempt (the confirmation page's address until a gateway gives its own). */
  attemptId: string;
  /** When an unpaid online booking stops holding the car. */
  holdUntil: Date;
  now: Date;
}

export type PlaceBookingResult =
  | {
      ok: true;
      bookingId: string;
      driverId: string;
      status: BookingStatus;
      newAccount: boolean;
      amountDue: number;
      chargeAmount: number;
    }
  | {
      ok: false;
      error: "checkout:problems.carUnavailable" | "errors.emailAlreadyRegistered" | "errors.accountSuspended";
    };

/**
 * A checkout's account for a visitor: a new unverified driver without a password. An address that already has an
 * account must sign in — or anyone could attach bookings to (and read the details of) another person's account —
 * with one exception: an account an earlier checkout made for this address (no password, never verified, no social
 * identity) that has no confirmed booking, only holds whose payment never finished. It was never anyone's account,
 * so a visitor whose payment failed or who went back can book again at once, as the same account.
 */
async function visitorAccount(
  tx: Executor,
  driver: Extract<DriverDetails, { kind: "visitor" }>,
): Promise<{ id: string; created: boolean } | null> {
  const [existing] = await tx
    .select({ id: users.id, reusable: sql<boolean>`${abandonedCheckoutAccount}` })
    .from(users)
    .where(hasEmail(driver.email));
  const { kind: _kind, ...details } = driver;
  if (!existing) return { id: await insertDriver(tx, { ...details, passwordHash: null }), created: true };
  if (!existing.reusable) return null;
  await tx
    .update(users)
    .set({
      fullName: details.fullName,
      phone: details.phone,
      birthDate: details.birthDate,
      language: details.language,
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id));
  return { id: existing.id, created: false };
}

/** An account made by a checkout whose every booking is an unfinished payment (see visitorAccount). */
const abandonedCheckoutAccount = sql`(${users.role} = 'user' and ${users.passwordHash} is null and not ${users.verified}
  and not exists (select 1 from user_identities i where i.user_id = ${users.id})
  and not exists (select 1 from bookings b where b.driver_id = ${users.id} and (b.status <> 'void' and b.released_at is null)))`;

/** The columns a quote sets on a booking: places, period, the chosen extras and the price breakdown (base cents). */
export function rentalColumns(offer: CheckoutOffer, price: PriceBreakdown, extras: readonly Extra[]) {
  return {
    pickupLocationId: offer.pickup.id,
    dropoffLocationId: offer.dropoff.id,
    startsAt: offer.from,
    endsAt: offer.to,
    ...(Object.fromEntries(ALL_EXTRAS.map((extra) => [extra, extras.includes(extra)])) as Record<Extra, boolean>),
    days: price.days,
    hours: price.hours,
    basePrice: price.base,
    extrasPrice: price.extrasTotal,
    extrasBreakdown: price.extras,
    equipment: price.equipment,
    markup: price.markup,
    oneWayFee: price.fees.oneWay,
    youngDriverFee: price.fees.youngDriver,
    taxRateBasisPoints: price.tax.rateBasisPoints,
    taxAdded: price.tax.added,
    taxAmount: price.tax.amount,
    totalPrice: price.total,
    // The car's excesses as the driver was told them (decision 030): the booking's cover reduces them.
    damageExcess: offer.car.damageExcess,
    theftExcess: offer.car.theftExcess,
    // Likewise the supplier's wait for a late flight (decision 031): its later changes are for new bookings.
    flightGraceMinutes: offer.supplier.flightGraceMinutes,
  };
}

/**
 * Unpaid holds past their expiry stop holding the car: they are released ('cancelled', `released_at` set), never
 * deleted, so a payment that completes after all still finds its booking and its payments row (decision 019).
 */
export async function releaseExpiredHolds(db: Executor, now: Date, carId?: string): Promise<number> {
  const expired = and(
    eq(bookings.status, "void"),
    lt(bookings.expiresAt, now),
    carId ? eq(bookings.carId, carId) : undefined,
  );
  assertTransition("void", "cancelled");
  const released = await db
    .update(bookings)
    .set({ status: "cancelled", releasedAt: now, updatedAt: now })
    .where(expired)
    .returning({ id: bookings.id });
  return released.length;
}

/**
 * Writes the booking — pay later as `pending`, online as an unpaid `void` hold until `holdUntil` — and a visitor's
 * account with it, in one transaction: if the car was taken meanwhile, no account is left behind either. `within`
 * writes what belongs with the booking in the same transaction (its announcement, or its payments row).
 */
export async function placeBooking(
  db: Database,
  input: NewBooking,
  within?: (tx: Database, booking: { id: string; status: BookingStatus; chargeAmount: number }) => Promise<void>,
): Promise<PlaceBookingResult> {
  const { offer, price, paymentMode } = input;
  const terms = paymentTerms(paymentMode, price.total, offer.car.deposit);
  const online = paysOnline(paymentMode);
  const status: BookingStatus = online ? "void" : CONFIRMED_STATUS[paymentMode];
  try {
    return await db.transaction(async (tx) => {
      // An abandoned payment's hold must not block this car (the constraint does not look at expiry).
      await releaseExpiredHolds(tx, input.now, offer.car.id);
      let driverId: string;
      let newAccount = false;
      if (input.driver.kind === "visitor") {
        const account = await visitorAccount(tx, input.driver);
        if (!account) return { ok: false as const, error: "errors.emailAlreadyRegistered" as const };
        driverId = account.id;
        newAccount = account.created;
      } else {
        const [driver] = await tx
          .select({ blacklisted: users.blacklisted, birthDate: users.birthDate })
          .from(users)
          .where(eq(users.id, input.driver.userId))
          .for("update");
        if (!driver || driver.blacklisted) return { ok: false as const, error: "errors.accountSuspended" as const };
        driverId = input.driver.userId;
        const profile: Partial<typeof users.$inferInsert> = { phone: input.driver.phone, updatedAt: new Date() };
        // A profile without a birth date takes the one given; one that has it keeps it (a booking for a date typed
        // otherwise, by mistake or for someone else's licence, keeps its own on the booking: driverBirthDate).
        if (!driver.birthDate) profile.birthDate = input.driver.birthDate;
        if (input.driver.driverLicense) profile.driverLicense = input.driver.driverLicense;
        await tx.update(users).set(profile).where(eq(users.id, driverId));
      }
      const booking = insertedRow(
        await tx
          .insert(bookings)
          .values({
            supplierId: offer.supplier.id,
            carId: offer.car.id,
            driverId,
            ...rentalColumns(offer, price, input.extras),
            status,
            paymentMode,
            deposit: terms.securityDeposit,
            amountDue: terms.online,
            displayCurrency: input.display.currency,
            displayRate: input.display.rate,
            paymentGateway: online ? input.gateway : null,
            checkoutSessionId: input.attemptId,
            driverLicense: input.driver.driverLicense ?? null,
            driverBirthDate: input.driver.birthDate,
            flightNumber: input.flightNumber ?? null,
            expiresAt: online ? input.holdUntil : null,
            confirmedAt: online ? null : input.now,
          })

          .returning({ id: bookings.id }),
      );
      await insertAdditionalDrivers(tx, booking.id, input.additionalDrivers ?? []);
      const chargeAmount = onlineChargeOf(paymentMode, price.total, terms.securityDeposit, input.display.rate);
      await within?.(tx, { id: booking.id, status, chargeAmount });
      return {
        ok: true as const,
        bookingId: booking.id,
        driverId,
        status,
        newAccount,
        amountDue: terms.online,
        chargeAmount,
      };
    });
  } catch (error) {
    // The car taken meanwhile (another booking or a block), or its supplier deleted it (23503).
    const state = sqlState(error);
    if (isCarTaken(error) || state === "23503") return { ok: false, error: "checkout:problems.carUnavailable" };
    // Two checkouts with one new address at the same moment (a double submit): the unique index decides.
    if (state === "23505") return { ok: false, error: "errors.emailAlreadyRegistered" };
    throw error;
  }
}

/** The session that names a hold's return page, once the gateway gave it (Stripe's session id replaces ours). */
export async function recordPaymentSession(db: Executor, bookingId: string, sessionId: string): Promise<void> {
  await db
    .update(bookings)
    .set({ checkoutSessionId: sessionId, updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "void")));
}

export type Confirmation =
  | { outcome: "confirmed"; bookingId: string }
  | { outcome: "alreadySettled"; bookingId: string }
  | { outcome: "noHold" }
  | { outcome: "amountMismatch"; bookingId: string }
  /** Paid after its hold was released, and the car was booked by someone else meanwhile: to be refunded. */
  | { outcome: "carTaken"; bookingId: string }
  /** Paid after staff cancelled the hold (decision 040): to be refunded, never kept on a cancelled booking. */
  | { outcome: "cancelled"; bookingId: string };

/** The hold a payment session belongs to, with what confirming it needs. */
async function findHold(db: Executor, sessionId: string) {
  const [hold] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      releasedAt: bookings.releasedAt,
      paymentMode: bookings.paymentMode,
      totalPrice: bookings.totalPrice,
      deposit: bookings.deposit,
      rate: bookings.displayRate,
      currency: bookings.displayCurrency,
    })
    .from(bookings)
    .where(eq(bookings.checkoutSessionId, sessionId))
    .for("update");
  return hold;
}

/** A released hold takes its car again, if nobody booked it meanwhile (the exclusion constraint decides): a savepoint, so a refusal leaves the caller's transaction usable. */
async function retakeCar(
  db: Database,
  bookingId: string,
  set: Partial<typeof bookings.$inferInsert>,
): Promise<boolean> {
  try {
    await db.transaction(async (savepoint) => {
      await savepoint
        .update(bookings)
        .set({ ...set, releasedAt: null })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, "cancelled"), isNotNull(bookings.releasedAt)));
    });
    return true;
  } catch (error) {
    if (isCarTaken(error)) return false;
    throw error;
  }
}

/**
 * Confirms a paid hold exactly once: one conditional update to the option's status. The return page and the webhook
 * may both call this at the same moment (the row lock orders them); only the first goes on to notify and mail. A
 * payment for another amount or currency than the one shown never pays this booking. A payment that completes after
 * its hold was released still confirms it when the car is free for that period; otherwise it is `carTaken`.
 */
export async function confirmPaidBooking(
  db: Database,
  sessionId: string,
  payment: { amount: number; currency: string; references?: Record<string, string> },
  now = new Date(),
): Promise<Confirmation> {
  const hold = await findHold(db, sessionId);
  if (!hold) return { outcome: "noHold" };
  const released = hold.status === "cancelled" && hold.releasedAt !== null;
  // Cancelled by staff while the driver paid (the hold's row lock orders the two): the payment goes back.
  if (hold.status === "cancelled" && !released) return { outcome: "cancelled", bookingId: hold.id };
  if (hold.status !== "void" && !released) return { outcome: "alreadySettled", bookingId: hold.id };
  if (
    payment.amount !== onlineChargeOf(hold.paymentMode, hold.totalPrice, hold.deposit, hold.rate) ||
    payment.currency.toUpperCase() !== hold.currency
  ) {
    if (hold.status === "void") await releaseHold(db, sessionId, now);
    return { outcome: "amountMismatch", bookingId: hold.id };
  }
  const target = CONFIRMED_STATUS[hold.paymentMode];
  // A released hold is taken again and confirmed in one step: as if it had been held all along.
  assertTransition("void", target);
  // The gateway's references (payment intent, capture…) are on the payments row, not here.
  const confirmed = {
    status: target,
    expiresAt: null,
    confirmedAt: now,
    chargedAmount: payment.amount,
    updatedAt: now,
  };
  if (released) {
    if (!(await retakeCar(db, hold.id, confirmed))) return { outcome: "carTaken", bookingId: hold.id };
  } else {
    const [updated] = await db
      .update(bookings)
      .set(confirmed)
      .where(and(eq(bookings.id, hold.id), eq(bookings.status, "void")))
      .returning({ id: bookings.id });
    if (!updated) return { outcome: "alreadySettled", bookingId: hold.id };
  }
  // Paid in full: its invoice (or receipt) is issued with the confirmation (decision 049).
  if (target === "paid") await issueSaleDocument(db, hold.id, now);
  return { outcome: "confirmed", bookingId: hold.id };
}

/**
 * Sets a booking's status if it is still the one read (a concurrent change makes this a no-op rather than a lost
 * update). Re-activating a cancelled booking takes its car again: when the period was booked by someone else
 * meanwhile, the database refuses it (the exclusion constraint) and the booking stays cancelled.
 */
export async function changeBookingStatus(
  tx: Executor & Pick<Database, "transaction">,
  row: { id: string; status: BookingStatus },
  status: BookingStatus,
  now: Date,
): Promise<"changed" | "unchanged" | "carTaken"> {
  try {
    return await tx.transaction(async (savepoint) => {
      const changed = await savepoint
        .update(bookings)
        .set({ status, updatedAt: now })
        .where(and(eq(bookings.id, row.id), eq(bookings.status, row.status)))
        .returning({
          paymentMode: bookings.paymentMode,
          totalPrice: bookings.totalPrice,
          displayRate: bookings.displayRate,
          held: heldForBookingSql(),
        });
      const [after] = changed;
      if (!after) return "unchanged";
      // Brought back from a cancellation (decision 040): what its payments no longer hold is owed at the counter, so a
      // refunded booking is never handed over for nothing.
      if (row.status === "cancelled" && after.paymentMode === "full")
        await savepoint
          .update(bookings)
          .set({ counterBalance: reactivationCounterBalance(after) })
          .where(eq(bookings.id, row.id));
      return "changed";
    });
  } catch (error) {
    if (isCarTaken(error)) return "carTaken";
    throw error;
  }
}

/**
 * Before money is taken in a step of ours (PayPal's capture): does the hold still keep its car? A hold past its
 * expiry is extended briefly; a released one takes the car again if it is still free. False: the car is taken.
 */
export async function secureHoldForCapture(db: Database, sessionId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const hold = await findHold(tx, sessionId);
    if (!hold) return false;
    const briefly = new Date(now.getTime() + 10 * 60_000);
    if (hold.status === "void") {
      await tx
        .update(bookings)
        .set({ expiresAt: briefly, updatedAt: now })
        .where(and(eq(bookings.id, hold.id), lt(bookings.expiresAt, briefly)));
      return true;
    }
    if (hold.status === "cancelled" && hold.releasedAt)
      return retakeCar(tx, hold.id, { status: "void", expiresAt: briefly, updatedAt: now });
    // Already confirmed (another request captured it): the capture call finds the order completed.
    return hold.status !== "cancelled";
  });
}

/**
 * Releases an unpaid hold (payment failed, declined or abandoned): the car is free again at once; the row is kept.
 * A hold staff placed for a driver with a payment link is kept while its link is open (decision 029): a declined card
 * leaves the driver the link to try again; it ends when the link expires.
 */
export async function releaseHold(db: Executor, sessionId: string, now = new Date()): Promise<boolean> {
  assertTransition("void", "cancelled");
  const released = await db
    .update(bookings)
    .set({ status: "cancelled", releasedAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.checkoutSessionId, sessionId),
        eq(bookings.status, "void"),
        sql`not exists (select 1 from payment_links l where l.booking_id = ${bookings.id} and l.purpose = 'booking'
          and l.paid_at is null and l.cancelled_at is null and l.expires_at > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: bookings.id });
  return released.length > 0;
}

/** Notifications of a new booking: one for its driver, one for the car's supplier (rendered in each reader's language). */
export async function notifyBookingPlaced(db: Executor, bookingId: string): Promise<string[]> {
  const [row] = await db
    .select({
      driverId: bookings.driverId,
      supplierId: bookings.supplierId,
      status: bookings.status,
      carName: cars.name,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(eq(bookings.id, bookingId));
  if (!row) return [];
  const reference = bookingReference(bookingId);
  return [
    await notify(db, {
      userId: row.driverId,
      bookingId,
      messageKey: `notifications.bookingConfirmed.${row.status}`,
      messageParams: { reference, car: row.carName },
    }),
    await notify(db, {
      userId: row.supplierId,
      bookingId,
      messageKey: "notifications.newBooking",
      messageParams: { reference, car: row.carName },
    }),
  ];
}

/** A booking's added drivers, numbered 1, 2, 3 in the order given (decision 038). */
export async function insertAdditionalDrivers(
  tx: Executor,
  bookingId: string,
  drivers: ReadonlyArray<{ fullName: string; email: string; phone: string; birthDate: string }>,
) {
  if (drivers.length)
    await tx
      .insert(additionalDrivers)
      .values(drivers.map((added, index) => ({ bookingId, position: index + 1, ...added })));
}

/** One booking with everything its page, receipt and mail show. */
export async function findBookingDetails(db: Executor, where: { id: string } | { sessionId: string }) {
  const pickup = alias(locations, "pickup");
  const dropoff = alias(locations, "dropoff");
  const supplier = alias(users, "supplier");
  const [row] = await db
    .select({
      booking: bookings,
      driver: {
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        language: users.language,
      },
      car: { name: cars.name, image: cars.image, fuelPolicy: cars.fuelPolicy, licensePlate: cars.licensePlate },
      supplierName: supplier.fullName,
      // How long the desk waits for a late flight (decision 031): as the booking was made under it, or (rows from
      // before it was kept) as the supplier has it now.
      flightGraceMinutes:
        sql<number>`coalesce(${bookings.flightGraceMinutes}, ${supplierSettings.flightGraceMinutes})`.mapWith(Number),
      pickup,
      dropoff,
      // What the booking's online payments still hold after their refunds (done or owed): the receipt adds up with it.
      paymentsHeld: heldForBookingSql(),
      // Every added driver, in order (decision 038).
      additionalDrivers: sql<AdditionalDriverRow[]>`coalesce((select json_agg(json_build_object('fullName', d.full_name,
        'email', d.email, 'phone', d.phone, 'birthDate', d.birth_date) order by d.position)
        from ${additionalDrivers} d where d.booking_id = ${bookings.id}), '[]'::json)`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, bookings.supplierId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .where("id" in where ? eq(bookings.id, where.id) : eq(bookings.checkoutSessionId, where.sessionId));
  return row ?? null;
}

/** An added driver as a booking's details list them. */
export interface AdditionalDriverRow {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
}

export type BookingDetails = NonNullable<Awaited<ReturnType<typeof findBookingDetails>>>;

/** A booking's details where it is known to exist (bookings are never deleted): one the caller just read or wrote. */
export async function bookingDetails(db: Executor, id: string): Promise<BookingDetails> {
  const details = await findBookingDetails(db, { id });
  if (!details) throw new Error(`booking ${id} not found`);
  return details;
}

/** Place names in the reader's language. */
export const placeNames = (details: BookingDetails, language: Language) => ({
  pickup: localizedName(details.pickup, language),
  dropoff: localizedName(details.dropoff, language),
});
