/**
 * A booking as its driver sees it (confirmation page, /booking, receipt), and who may see it: its driver when
 * signed in, or the browser that booked it (a visitor's account has no password until it is activated). Anyone else
 * gets the same answer as for a booking that does not exist.
 */
import { excessOfBooking } from "~/models/pricing/cover";
import { getDb, type Executor } from "~/utils/db.server";
import type { RequestContext } from "~/utils/request-memo.server";
import { getVisitor } from "~/models/account/visitor.server";
import { browserBookingIds } from "~/utils/checkout-cookie.server";
import { bookedPriceLines, bookingReference, paymentTerms } from "./booking";
import { deskFromColumns, deskView } from "~/domain/pickup-desk";
import { canAmend, cancelsAtOnce, canRequestCancellation, canSee, holdsCar, type Viewer } from "./booking-access";
import { findBookingDetails, type BookingDetails } from "./bookings.server";
import { cancelsAtOnceHere } from "./booking-list.server";
import type { DocumentSeries } from "~/domain/enums";
import { bookingDocuments } from "~/models/documents/business-documents.server";
import { convertMinorUnits } from "~/domain/money";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { isUuid } from "~/domain/ids";
import { cancellationTerms, termsAt } from "./cancellation-terms";
import { redirect } from "@remix-run/node";
import { signInHref } from "~/models/navigation/links";
import { notFound } from "~/utils/responses.server";

export async function findOwnBooking(
  db: Executor,
  where: { id: string } | { sessionId: string },
  request: Request,
  viewer: Viewer | null,
): Promise<(BookingDetails & { receipt: ReturnType<typeof bookingReceipt> }) | null> {
  if ("id" in where && !isUuid(where.id)) return null;
  const details = await findBookingDetails(db, where);
  // A released hold (decision 019) was never a booking: only its payment's return page still speaks of it.
  if (!details || ("id" in where && details.booking.releasedAt)) return null;
  const allowed = viewer !== null && canSee(viewer, details.booking);
  if (!allowed && !(await browserBookingIds(request, viewer !== null)).includes(details.booking.id)) return null;
  const receipt = bookingReceipt(details);
  // A booking charged before the payments record cannot be refunded from here: its cancellation stays a request,
  // and its button says so (as the list's action decides, decision 021).
  if (receipt.cancelsAtOnce) receipt.cancelsAtOnce = await cancelsAtOnceHere(db, details.booking, new Date());
  Object.assign(receipt, await bookingDocuments(db, details.booking.id));
  return { ...details, receipt };
}

/**
 * The booking a page's `?b=<id>` names, for whoever may see it (its driver, staff, or the browser that booked it); a
 * visitor who may not is sent to sign in and back (a driver following a mail's link), a signed-in stranger gets what
 * a missing booking answers.
 */
export async function requireOwnBookingFromQuery(request: Request, context: RequestContext) {
  const { language, user } = await getVisitor(request, context);
  const url = new URL(request.url);
  const own = await findOwnBooking(
    await getDb(),
    { id: (url.searchParams.get("b") ?? "").slice(0, 36) },
    request,
    user ? { id: user.id, role: user.role } : null,
  );
  if (own) return { own, language };
  if (!user) throw redirect(signInHref(`${url.pathname}${url.search}`));
  throw notFound();
}

/**
 * The booking of a checkout attempt (a payment's session, or a pay-later booking's confirmation) if the visitor
 * asking may see it: signed in as its driver (or staff), or the browser that booked. Null otherwise, the same answer
 * as for an attempt that does not exist, so ids cannot be probed.
 */
export async function findVisitorsAttempt(request: Request, context: RequestContext, attemptId: string) {
  const { language, user } = await getVisitor(request, context);
  const db = await getDb();
  const viewer = user ? { id: user.id, role: user.role } : null;
  const own = await findOwnBooking(db, { sessionId: attemptId.slice(0, 255) }, request, viewer);
  return { db, own, user, language };
}

/** Where and when the car is collected and returned: each place named in every language, on its own clock. */
export function rentalStopsOf(details: Pick<BookingDetails, "booking" | "pickup" | "dropoff">) {
  return {
    pickup: {
      names: { en: details.pickup.nameEn, fr: details.pickup.nameFr, es: details.pickup.nameEs },
      local: instantToLocalDateTime(details.booking.startsAt, details.pickup.timeZone),
    },
    dropoff: {
      names: { en: details.dropoff.nameEn, fr: details.dropoff.nameFr, es: details.dropoff.nameEs },
      local: instantToLocalDateTime(details.booking.endsAt, details.dropoff.timeZone),
    },
  };
}

/** Everything a receipt shows, amounts in the currency and at the rate of the booking (display minor units). */
export function bookingReceipt(details: BookingDetails) {
  const { booking } = details;
  const convert = (cents: number) => convertMinorUnits(cents, booking.displayRate);
  const lines = bookedPriceLines(booking, details.additionalDrivers.length);
  const total = lines.total;
  const terms = paymentTerms(booking.paymentMode, booking.totalPrice, booking.deposit);
  return {
    bookingId: booking.id,
    reference: bookingReference(booking.id),
    status: booking.status,
    cancelRequested: booking.cancelRequest,
    car: details.car.name,
    supplier: details.supplierName,
    driver: { fullName: details.driver.fullName, email: details.driver.email, phone: details.driver.phone },
    // Every added driver's name, in order (decision 038).
    additionalDrivers: details.additionalDrivers.map((added) => added.fullName),
    // The arriving flight, and how long the desk waits if it is late (decision 031).
    flight: booking.flightNumber ? { number: booking.flightNumber, graceMinutes: details.flightGraceMinutes } : null,
    ...rentalStopsOf(details),
    days: booking.days,
    // Billed by the hour (decision 037): how many, and the total per hour; null when by the day.
    hours: booking.hours,
    pricePerHour: booking.hours === null ? null : convert(Math.round(booking.totalPrice / booking.hours)),
    base: lines.base,
    extras: lines.extras,
    // The supplier's fees and tax as quoted (decision 025).
    charges: { fees: lines.fees, tax: lines.tax },
    total,
    pricePerDay: convert(Math.round(booking.totalPrice / booking.days)),
    deposit: convert(booking.deposit),
    // What the driver still owes if the car is damaged or stolen, with the booking's cover (null: not stated then).
    excess: excessOfBooking(booking, convert),
    paymentMode: booking.paymentMode,
    gateway: booking.paymentGateway,
    paidOnline: booking.chargedAmount !== null,
    charged: booking.chargedAmount,
    // What went back of it (a cheaper change, a cancellation's refund): paid, less refunded, plus the counter, is
    // always the total and the deposit the driver owes.
    refunded: booking.chargedAmount === null ? 0 : Math.max(0, booking.chargedAmount - details.paymentsHeld),
    // The rental's share the counter takes, and what a change left it to collect on a booking paid online.
    atCounter: convert(terms.atCounter) + booking.counterBalance,
    currency: booking.displayCurrency,
    bookedAt: booking.createdAt.toISOString(),
    // Where to collect and return the car, and when its desks are open (decision 024); named in the reader's language.
    desks: (details.dropoff.id === details.pickup.id ? [details.pickup] : [details.pickup, details.dropoff]).flatMap(
      (place) => {
        const desk = deskFromColumns(place);
        return desk
          ? [{ ...deskView(place.nameEn, desk), names: { en: place.nameEn, fr: place.nameFr, es: place.nameEs } }]
          : [];
      },
    ),
    // What cancelling costs, the deadline on the pick-up place's clocks (decision 021).
    cancellationTerms: termsAt(cancellationTerms(booking, new Date()), details.pickup.timeZone),
    // What the driver may still do (the server checks again when they do it).
    canAmend: canAmend(booking, new Date()),
    canCancel: canRequestCancellation(booking, new Date()),
    // Within the free window a cancellation takes effect at once; otherwise it is a request (decision 021).
    cancelsAtOnce: cancelsAtOnce(booking, new Date()),
    canDelete: !holdsCar(booking, new Date()),
    // Its invoice or receipt once sold, its supplements and credit notes (decision 049): read by `findOwnBooking`.
    document: null as { series: DocumentSeries; number: number } | null,
    supplements: [] as Array<{ series: DocumentSeries; number: number }>,
    creditNotes: [] as Array<{ series: DocumentSeries; number: number }>,
  };
}

export type BookingReceiptView = ReturnType<typeof bookingReceipt>;
