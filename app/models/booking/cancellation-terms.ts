/**
 * What cancelling a booking costs, as the checkout, the confirmation, the receipt and /booking say it (decision 021,
 * decision 021). Spec: "full refund if cancelled 24 hours or more before rental"; "pay later: free amendments and
 * cancellation"; "pay in full online: amendments and cancellation under conditions" — the condition being the
 * Cancellation option (bought or included), without which a booking paid online cannot be cancelled by its driver
 * (`canRequestCancellation`). The refundable deposit is always refunded; these terms are about the rental.
 */
import type { PaymentMode } from "~/domain/enums";
import { instantToLocalDateTime } from "~/domain/rental-period";

/** Free cancellation ends this long before the pick-up (spec: "Cancellation window 24 hours"). */
export const FREE_CANCELLATION_HOURS = 24;

export type CancellationTerms =
  /** Paid at pick-up: nothing is paid online, cancelling costs nothing. */
  | { kind: "free" }
  /** Paid online (deposit or in full) with the Cancellation option: refunded in full before `deadline`, not after. */
  | { kind: "freeUntil"; deadline: Date }
  /** Paid online with the Cancellation option, within 24 hours of pick-up: the free window has passed. */
  | { kind: "closed" }
  /** Paid online without the option: the driver cannot cancel it, nothing paid online for the rental comes back. */
  | { kind: "nonRefundable" };

/** The instant free cancellation ends for a rental starting at `startsAt`. */
export const freeCancellationDeadline = (startsAt: Date) =>
  new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * 3_600_000);

/**
 * Whether free cancellation is still open at `now`: strictly before the deadline (the cancel button's own rule,
 * `cancelsAtOnce`). Every page, mail and filter asks this one rule, so none shows a deadline already past as open.
 */
export const freeCancellationOpen = (startsAt: Date, now: Date) =>
  now.getTime() < freeCancellationDeadline(startsAt).getTime();

/** Which terms a payment option and the Cancellation option (bought or included) give, the window open or not. */
export function cancellationKind(
  paymentMode: PaymentMode,
  cancellation: boolean,
  windowOpen: boolean,
): CancellationTerms["kind"] {
  if (paymentMode === "payLater") return "free";
  if (!cancellation) return "nonRefundable";
  return windowOpen ? "freeUntil" : "closed";
}

/** A booking's terms as they stand at `now`. */
export function cancellationTerms(
  booking: { paymentMode: PaymentMode; cancellation: boolean; startsAt: Date },
  now: Date,
): CancellationTerms {
  const kind = cancellationKind(booking.paymentMode, booking.cancellation, freeCancellationOpen(booking.startsAt, now));
  return kind === "freeUntil" ? { kind, deadline: freeCancellationDeadline(booking.startsAt) } : { kind };
}

/**
 * What a results card says about cancelling an offer, before a payment option is chosen (decision 021): the best way
 * the driver can book it and still cancel for free.
 * - Cancellation option included: free until the deadline, whichever way they pay.
 * - Else the supplier takes payment at pick-up: cancelling such a booking costs nothing.
 * - Else the option can be bought: free until the deadline with it.
 * - Else non-refundable; and, for a pick-up within 24 hours, an option that can no longer make it free (included or
 *   for sale) is "non-refundable (pick-up within 24 hours)", and the option is not sold.
 */
export type OfferCancellation =
  | { kind: "freeUntil"; deadline: Date }
  | { kind: "freeAtPickUp" }
  | { kind: "freeUntilWithOption"; deadline: Date }
  | { kind: "closed" }
  | { kind: "nonRefundable" };

export function offerCancellation(
  offer: {
    /** The car's Cancellation option: -1 unavailable, 0 included, otherwise its price. */
    cancellation: number;
    payLater: boolean;
    startsAt: Date;
  },
  now: Date,
): OfferCancellation {
  const deadline = freeCancellationDeadline(offer.startsAt);
  const open = freeCancellationOpen(offer.startsAt, now);
  if (offer.cancellation === 0 && open) return { kind: "freeUntil", deadline };
  if (offer.payLater) return { kind: "freeAtPickUp" };
  if (offer.cancellation > 0 && open) return { kind: "freeUntilWithOption", deadline };
  return offer.cancellation >= 0 ? { kind: "closed" } : { kind: "nonRefundable" };
}

/** The same as a filter keeps it: free cancellation without buying anything (the results' most used filter). */
export const cancelsForFree = (terms: OfferCancellation) => terms.kind === "freeUntil" || terms.kind === "freeAtPickUp";

/** Cancellation terms as a page shows them: the deadline as the pick-up place's local date and time. */
export function termsAt(
  terms: CancellationTerms,
  timeZone: string,
): { kind: CancellationTerms["kind"]; deadline: string | null } {
  return {
    kind: terms.kind,
    deadline: terms.kind === "freeUntil" ? instantToLocalDateTime(terms.deadline, timeZone) : null,
  };
}
