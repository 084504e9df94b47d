/**
 * Amending a booking (decision 011): new places, dates or extras, re-priced by `quoteRental` and re-checked like a
 * checkout — the car must serve the new place and be free apart from this very booking — and written under the
 * same database guarantee: an amendment into another booking's period is refused (23P01) and changes nothing.
 */
import { stillLent } from "~/models/pricing/equipment";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { additionalDrivers, bookings, notifications, users } from "#db/schema";
import { type Extra, type Language } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { sqlState } from "~/utils/errors.server";
import { bookingReference, paymentTerms } from "./booking";
import { mayAct, type Viewer } from "./booking-access";
import { viewerScope } from "./booking-list.server";
import { queueNotificationEmails } from "./booking-mails.server";
import { rentalColumns } from "./bookings.server";
import {
  extrasOfCar,
  resolveCheckout,
  driverAgeAt,
  quoteOffer,
  type CheckoutOffer,
} from "~/models/checkout/checkout-offer.server";
import { type CheckoutLink } from "~/models/navigation/links";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { ALL_EXTRAS } from "~/models/pricing/pricing";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { isUuid } from "~/domain/ids";

export type AmendableBooking = NonNullable<Awaited<ReturnType<typeof findAmendable>>>;

/** The booking if the viewer may amend it now; null otherwise (answered as not found). */
export async function findAmendable(db: Executor, viewer: Viewer, bookingId: string, now: Date) {
  if (!isUuid(bookingId)) return null;
  const [row] = await db
    // With the driver's birth date: an amended period is priced for the driver's age then (young-driver fees). The
    // booking's own, given at checkout; the profile's for bookings made before it was kept on the booking.
    .select({
      ...getTableColumns(bookings),
      driverBirthDate: sql<string | null>`coalesce(${bookings.driverBirthDate}, ${users.birthDate})::text`,
      // How many drivers it adds (decision 038): an amendment prices each, as the booking did.
      additionalDriverCount: sql<number>`(select count(*)::int from ${additionalDrivers} d where d.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(and(eq(bookings.id, bookingId), viewerScope(viewer)));
  if (!row || !mayAct(viewer, row, "amend", now)) return null;
  return row;
}

/** The booking as a checkout link (its places' slugs and local times): the amendment form starts from it. */
export async function currentLink(db: Executor, booking: AmendableBooking, language: Language): Promise<CheckoutLink> {
  const places = await catalogOf(db).places(language);
  const pickup = places.find((place) => place.id === booking.pickupLocationId)!;
  const dropoff = places.find((place) => place.id === booking.dropoffLocationId)!;
  return {
    car: booking.carId,
    pickup: pickup.slug,
    dropoff: dropoff.slug,
    from: instantToLocalDateTime(booking.startsAt, pickup.timeZone),
    to: instantToLocalDateTime(booking.endsAt, pickup.timeZone),
  };
}

export const chosenExtras = (booking: AmendableBooking): Extra[] => ALL_EXTRAS.filter((extra) => booking[extra]);

/**
 * The extras an amendment keeps: the additional driver stays as it was (their details were given at checkout), the
 * others as chosen.
 */
export function amendedExtras(booking: AmendableBooking, chosen: readonly Extra[]): Extra[] {
  const others = chosen.filter((extra) => extra !== "additionalDriver");
  return booking.additionalDriver ? [...others, "additionalDriver"] : others;
}

/** The first chosen extra the car does not offer (posted by hand, or withdrawn since): refused, never priced. */
export function unofferedExtra(offer: CheckoutOffer, chosen: readonly Extra[]): Extra | undefined {
  const { included, optional } = extrasOfCar(offer.car);
  return chosen.find((extra) => !included.includes(extra) && !optional.includes(extra));
}

export async function resolveAmendment(
  db: Executor,
  booking: AmendableBooking,
  link: CheckoutLink,
  language: Language,
  now: Date,
) {
  return resolveCheckout(db, { ...link, car: booking.carId }, { language, now, exceptBookingId: booking.id });
}

export type AmendmentResult =
  | { ok: true }
  | {
      ok: false;
      error: "notFound" | "checkout:problems.carUnavailable" | "bookings:amend.priceRaise" | string;
      params?: Record<string, string | number>;
    };

export async function amendBooking(
  db: Database,
  viewer: Viewer,
  bookingId: string,
  change: { link: CheckoutLink; extras: Extra[] },
  language: Language,
  now: Date,
  origin: string,
): Promise<AmendmentResult> {
  try {
    return await db.transaction(async (tx) => {
      const booking = await findAmendable(tx, viewer, bookingId, now);
      if (!booking) return { ok: false as const, error: "notFound" };
      const resolved = await resolveAmendment(tx, booking, change.link, language, now);
      if (!resolved.ok) return { ok: false as const, error: resolved.problem.key, params: resolved.problem.params };
      const offer: CheckoutOffer = resolved.offer;
      const chosen = amendedExtras(booking, change.extras);
      if (unofferedExtra(offer, chosen)) return { ok: false as const, error: "checkout:problems.extraUnavailable" };
      const { price, extras } = quoteOffer(
        offer,
        chosen,
        driverAgeAt(offer, booking.driverBirthDate),
        stillLent(offer.supplier.equipment, booking.equipment),
        Math.max(1, booking.additionalDriverCount),
      );
      // A rental paid in full online may not cost more after an amendment: the money was taken (decision 011).
      if (booking.paymentMode === "full" && price.total > booking.totalPrice)
        return { ok: false as const, error: "bookings:amend.priceRaise" };
      const terms = paymentTerms(booking.paymentMode, price.total, booking.deposit);
      await tx
        .update(bookings)
        .set({
          ...rentalColumns(offer, price, extras),
          // Pay later and deposit bookings pay the rental at the counter, so the new price is simply what is due there.
          amountDue: booking.paymentMode === "payLater" ? terms.online : booking.amountDue,
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id));
      if (!booking.additionalDriver)
        await tx.delete(additionalDrivers).where(eq(additionalDrivers.bookingId, booking.id));
      const reference = bookingReference(booking.id);
      const created = await tx
        .insert(notifications)
        .values([
          {
            userId: booking.supplierId,
            bookingId: booking.id,
            messageKey: "notifications.bookingAmended",
            messageParams: { reference },
          },
          {
            userId: booking.driverId,
            bookingId: booking.id,
            messageKey: "notifications.bookingAmended",
            messageParams: { reference },
          },
        ])
        .returning({ id: notifications.id });
      await queueNotificationEmails(
        tx,
        created.map((row) => row.id),
        origin,
      );
      return { ok: true as const };
    });
  } catch (error) {
    const state = sqlState(error);
    if (state === "23P01" || state === "40P01") return { ok: false, error: "checkout:problems.carUnavailable" };
    throw error;
  }
}
