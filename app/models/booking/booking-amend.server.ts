/**
 * Amending a booking (decision 011): new places, dates or extras, re-priced by `quoteRental` and re-checked like a
 * checkout — the car must serve the new place and be free apart from this very booking — and written under the
 * same database guarantee: an amendment into another booking's period is refused (23P01) and changes nothing.
 */
import { notify } from "~/models/messages/notifications.server";
import { stillLent } from "~/models/pricing/equipment";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { additionalDrivers, bookings, users } from "#db/schema";
import { type Extra, type Language } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { isCarTaken } from "~/utils/errors.server";
import { bookingReference, onlineChargeOf, paymentTerms } from "./booking";
import { convertMinorUnits } from "~/domain/money";
import { capturedTotal, owePartOfPayments, refundAfterAnswer } from "~/models/payments/payments.server";
import { settleChange, settlementKind, type SettlementKind } from "./staff/settlement";
import { mayAct, type Viewer } from "./booking-access";
import { viewerScope } from "./booking-list.server";
import { changeSettlementMail, queueNotificationEmails, queueStaffChangeMail } from "./booking-mails.server";
import { cancelOpenLinks, createPaymentLink, paymentLinkUrl } from "~/models/payments/payment-links.server";
import { configuredGatewayNames } from "~/models/payments/gateways/gateway.server";
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
  | {
      ok: true;
      /**
       * How the change settled (decision 041): a surplus refunded on a booking paid online; a shortfall asked by a
       * payment link (its token: the driver is taken to it) or left to the counter; or nothing to settle.
       */
      settles: SettlementKind;
      paymentToken?: string;
    }
  | {
      ok: false;
      error: "notFound" | "checkout:problems.carUnavailable" | "bookings:amend.priceRaise" | string;
      params?: Record<string, string | number>;
    };

/** How a dearer change to a booking paid in full may be paid (issue 53): online by a link, or at the counter. */
export type ShortfallWay = "link" | "counter";

/**
 * The ways a shortfall may be paid for this offer: online where a gateway is configured, at the counter where the
 * supplier takes payment there. None: the change may not raise the price.
 */
export function shortfallWays(offer: Pick<CheckoutOffer, "supplier">): ShortfallWay[] {
  return [
    ...(configuredGatewayNames().length > 0 ? (["link"] as const) : []),
    ...(offer.supplier.payLater ? (["counter"] as const) : []),
  ];
}

/**
 * What a change to a booking paid in full settles, in the booking's display currency (decision 041): a surplus
 * refunded (after what the counter would collect), a shortfall by link or at the counter. A booking charged before
 * the payments record (decision 019) has nothing on record to refund from: staff settle.
 */
export async function amendmentSettlement(
  db: Executor,
  booking: AmendableBooking,
  newTotal: number,
  shortfall: ShortfallWay,
) {
  const held = booking.paymentMode === "payLater" ? 0 : await capturedTotal(db, booking.id);
  if (booking.paymentMode === "full" && held === 0)
    return { refund: 0, link: 0, counterBalance: booking.counterBalance };
  return settleChange({
    paymentMode: booking.paymentMode,
    newOnline: onlineChargeOf(booking.paymentMode, newTotal, booking.deposit, booking.displayRate),
    held,
    counterBalance: booking.counterBalance,
    shortfall,
  });
}

/**
 * Saves a driver's change (decision 011), settled as a staff change is (decision 041): on a booking paid in full
 * online a cheaper rental's surplus is owed back on the payments record in the same transaction and refunded once it
 * commits (retried while the gateway fails); a dearer one is paid the way the driver chose before saving (a payment
 * link they are taken to, or the counter where the supplier allows it), and refused where neither is possible. The
 * driver gets a mail with the change's facts whatever their notification settings; the supplier is notified.
 */
export async function amendBooking(
  db: Database,
  viewer: Viewer,
  bookingId: string,
  change: { link: CheckoutLink; extras: Extra[]; shortfall?: ShortfallWay },
  language: Language,
  now: Date,
  origin: string,
): Promise<AmendmentResult> {
  let refundIds: string[] = [];
  let result: AmendmentResult;
  try {
    result = await db.transaction(async (tx) => {
      // Locked as read: a payment, a staff change or a cancellation of this booking waits for this change to commit.
      const [locked] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .for("update");
      const booking = locked ? await findAmendable(tx, viewer, bookingId, now) : null;
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
      // A rental paid in full online that costs more: the difference is paid the way the driver chose before saving,
      // one this supplier and this site allow; with no way at all it may not rise (decision 011).
      const rises = booking.paymentMode === "full" && price.total > booking.totalPrice;
      if (rises) {
        const ways = shortfallWays(offer);
        if (ways.length === 0) return { ok: false as const, error: "bookings:amend.priceRaise" };
        if (!change.shortfall || !ways.includes(change.shortfall))
          return { ok: false as const, error: "bookings:amend.chooseShortfall" };
      }
      const terms = paymentTerms(booking.paymentMode, price.total, booking.deposit);
      const rate = booking.displayRate;
      // What the booking's payments should hold now, as a staff change settles it: a surplus is owed back.
      const settlement = await amendmentSettlement(tx, booking, price.total, change.shortfall ?? "counter");
      // Charged before the payments record (decision 019), a dearer change would have nothing to collect it by.
      if (rises && settlement.link === 0 && settlement.counterBalance === booking.counterBalance)
        return { ok: false as const, error: "bookings:amend.priceRaise" };
      // A link an earlier change asked for is replaced by this change's settlement.
      if (booking.paymentMode === "full") await cancelOpenLinks(tx, booking.id, now);
      const paymentToken =
        settlement.link > 0
          ? await createPaymentLink(tx, {
              bookingId: booking.id,
              purpose: "balance",
              amount: settlement.link,
              currency: booking.displayCurrency,
              // Payable online until the car is due back; the counter collects it after.
              expiresAt: offer.to,
              createdBy: viewer.id,
            })
          : undefined;
      await tx
        .update(bookings)
        .set({
          ...rentalColumns(offer, price, extras),
          // Pay later and deposit bookings pay the rental at the counter, so the new price is simply what is due there.
          amountDue: booking.paymentMode === "deposit" ? booking.amountDue : terms.online,
          counterBalance: settlement.counterBalance,
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id));
      if (!booking.additionalDriver)
        await tx.delete(additionalDrivers).where(eq(additionalDrivers.bookingId, booking.id));
      const owed = await owePartOfPayments(tx, booking.id, settlement.refund, "changed", now);
      refundIds = owed.map((refund) => refund.id);
      const reference = bookingReference(booking.id);
      // The supplier's notice (mailed as its settings say); the driver's own record, whose mail is the change's.
      const supplierNote = await notify(tx, {
        userId: booking.supplierId,
        bookingId: booking.id,
        messageKey: "notifications.bookingAmended",
        messageParams: { reference },
      });
      await notify(tx, {
        userId: booking.driverId,
        bookingId: booking.id,
        messageKey: "notifications.bookingAmended",
        messageParams: { reference },
      });
      await queueNotificationEmails(tx, [supplierNote], origin);
      const settles = settlementKind(booking.paymentMode, settlement, booking.counterBalance);
      const settlementMail = changeSettlementMail(
        settles,
        settlement,
        paymentToken ? paymentLinkUrl(origin, paymentToken) : null,
      );
      await queueStaffChangeMail(
        tx,
        booking.id,
        {
          before: convertMinorUnits(booking.totalPrice, rate),
          after: convertMinorUnits(price.total, rate),
          settlement: settlementMail,
        },
        origin,
      );
      return { ok: true as const, settles, paymentToken };
    });
  } catch (error) {
    if (isCarTaken(error)) return { ok: false, error: "checkout:problems.carUnavailable" };
    throw error;
  }
  // Once committed, and after the answer: a refund that fails stays owed for the retry job.
  if (refundIds.length) void refundAfterAnswer(db, refundIds, origin, now);
  return result;
}
