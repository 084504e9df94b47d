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
  /** Paid online without the option: the driver cannot cancel it, nothing paid online for the rental comes back. */
  | { kind: "nonRefundable" };

/** Which terms a payment option and the Cancellation option (bought or included) give. */
export function cancellationKind(paymentMode: PaymentMode, cancellation: boolean): CancellationTerms["kind"] {
  return paymentMode === "payLater" ? "free" : cancellation ? "freeUntil" : "nonRefundable";
}

/** The instant free cancellation ends for a rental starting at `startsAt`. */
export const freeCancellationDeadline = (startsAt: Date) =>
  new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * 3_600_000);

export function cancellationTerms(booking: {
  paymentMode: PaymentMode;
  cancellation: boolean;
  startsAt: Date;
}): CancellationTerms {
  const kind = cancellationKind(booking.paymentMode, booking.cancellation);
  return kind === "freeUntil" ? { kind, deadline: freeCancellationDeadline(booking.startsAt) } : { kind };
}

/**
 * What a results card says about cancelling an offer, before a payment option is chosen (decision 021): the best way
 * the driver can book it and still cancel for free.
 * - Cancellation option included: free until the deadline, whichever way they pay.
 * - Else the supplier takes payment at pick-up: cancelling such a booking costs nothing.
 * - Else the option can be bought: free until the deadline with it.
 * - Else non-refundable.
 */
export type OfferCancellation =
  | { kind: "freeUntil"; deadline: Date }
  | { kind: "freeAtPickUp" }
  | { kind: "freeUntilWithOption"; deadline: Date }
  | { kind: "nonRefundable" };

export function offerCancellation(offer: {
  /** The car's Cancellation option: -1 unavailable, 0 included, otherwise its price. */
  cancellation: number;
  payLater: boolean;
  startsAt: Date;
}): OfferCancellation {
  const deadline = freeCancellationDeadline(offer.startsAt);
  if (offer.cancellation === 0) return { kind: "freeUntil", deadline };
  if (offer.payLater) return { kind: "freeAtPickUp" };
  if (offer.cancellation > 0) return { kind: "freeUntilWithOption", deadline };
  return { kind: "nonRefundable" };
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
