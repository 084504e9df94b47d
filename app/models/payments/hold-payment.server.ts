/**
 * Paying for a held booking (decision 010, 019): the checkout's hold, or the hold of a booking staff took for a driver
 * and mailed a payment link for (decision 029). The payment is started at its gateway, settled at once by the
 * sandbox's card form, or sent on (a redirect, or Stripe's form embedded in the page). Whatever fails before the
 * answer gives the car back in the same request, so a driver told the payment failed leaves no hold behind.
 */
import type { Currency, PaymentGateway as GatewayName } from "~/domain/enums";
import type { Database } from "~/utils/db.server";
import { logError } from "~/utils/errors.server";
import { afterAnswer } from "~/utils/after-answer.server";
import { recordPaymentSession } from "~/models/booking/bookings.server";
import { getPaymentGateway, type PaymentStart } from "./gateways/gateway.server";
import { recordGatewayReferences, settlePayment } from "./payments.server";

export interface HeldBookingPayment {
  bookingId: string;
  driverId: string;
  /** Display-currency minor units: exactly what the page showed. */
  chargeAmount: number;
  /** Our reference for the attempt; the booking's `checkoutSessionId` already names it. */
  attemptId: string;
  holdUntil: Date;
  gatewayName: GatewayName;
  currency: Currency;
  name: string;
  description: string;
  customerEmail: string;
  language: string;
  origin: string;
  embedded: boolean;
  card?: { number: string; expiry: string; cvc: string };
  now: Date;
}

export type HeldPaymentOutcome =
  | { kind: "problem"; key: "checkout:problems.paymentUnavailable" | "errors.paymentFailed" }
  | { kind: "confirmed"; bookingId: string; driverId: string; sessionId: string }
  | { kind: "redirect"; bookingId: string; driverId: string; url: string }
  | {
      kind: "embedded";
      bookingId: string;
      driverId: string;
      sessionId: string;
      clientSecret: string;
      publishableKey: string;
      scriptUrl: string | null;
    };

/** Starts the payment of a held booking; gives the car back should anything fail before the driver is sent on. */
export async function payForHeldBooking(db: Database, hold: HeldBookingPayment): Promise<HeldPaymentOutcome> {
  const started: { payment: PaymentStart | null; taken: boolean } = { payment: null, taken: false };
  try {
    return await payForHold(db, hold, started);
  } catch (error) {
    if (!started.taken) await releaseFailedHold(db, hold, started.payment);
    throw error;
  }
}

/** The online payment of a placed hold: started at its gateway, settled at once by a card form, or sent on. */
async function payForHold(
  db: Database,
  hold: HeldBookingPayment,
  /** What has happened so far, for the caller to undo should this throw. */
  started: { payment: PaymentStart | null; taken: boolean },
): Promise<HeldPaymentOutcome> {
  const { attemptId } = hold;
  let start: PaymentStart;
  try {
    start = await getPaymentGateway(hold.gatewayName).startPayment({
      bookingId: hold.bookingId,
      attemptId,
      amount: hold.chargeAmount,
      currency: hold.currency,
      name: hold.name,
      description: hold.description,
      customerEmail: hold.customerEmail,
      language: hold.language,
      expiresAt: hold.holdUntil,
      origin: hold.origin,
      embedded: hold.embedded,
      card: hold.card,
    });
  } catch (error) {
    logError("checkout", error, "the payment could not start");
    await settlePayment(db, attemptId, { status: "failed" }, hold.origin);
    return { kind: "problem", key: "checkout:problems.paymentUnavailable" };
  }
  started.payment = start;
  if (start.kind === "settled") {
    if (start.outcome === "declined") {
      await settlePayment(db, attemptId, { status: "failed" }, hold.origin);
      return { kind: "problem", key: "errors.paymentFailed" };
    }
    // The card form's gateway took the money: from here the hold is the driver's booking, never released.
    started.taken = true;
    const settled = await settlePayment(
      db,
      attemptId,
      { status: "paid", amount: hold.chargeAmount, currency: hold.currency, references: { attemptId } },
      hold.origin,
      hold.now,
    );
    if (settled !== "paid")
      throw new Error(`the sandbox payment of ${hold.bookingId} could not be confirmed: ${settled}`);
    return { kind: "confirmed", bookingId: hold.bookingId, driverId: hold.driverId, sessionId: attemptId };
  }
  // The gateway's own ids are data on the payments row; the booking keeps the session that names its return page.
  const references = (start.kind === "redirect" ? start.references : undefined) ?? { sessionId: start.sessionId };
  await recordPaymentSession(db, hold.bookingId, start.sessionId);
  await recordGatewayReferences(db, attemptId, references);
  return start.kind === "redirect"
    ? { kind: "redirect", bookingId: hold.bookingId, driverId: hold.driverId, url: start.url }
    : {
        kind: "embedded",
        bookingId: hold.bookingId,
        driverId: hold.driverId,
        sessionId: start.sessionId,
        clientSecret: start.clientSecret,
        publishableKey: start.publishableKey,
        scriptUrl: start.scriptUrl,
      };
}

/** Tries to give the car back twice before the answer; should both fail, the hold's expiry job frees it later. */
const RELEASE_TRIES = 2;

/**
 * Gives back the car of a payment that failed after its hold was placed, in the request that placed it, and ends
 * the payment started at the gateway after the answer (so it cannot be completed for a car no longer held; were it
 * paid anyway, the return page and the webhook refund it, as for any payment that finds its hold gone).
 */
async function releaseFailedHold(db: Database, hold: HeldBookingPayment, payment: PaymentStart | null) {
  for (let attempt = 1; attempt <= RELEASE_TRIES; attempt++) {
    try {
      await settlePayment(db, hold.attemptId, { status: "failed" }, hold.origin);
      break;
    } catch (error) {
      logError("checkout", error, `could not release the hold ${hold.bookingId} (try ${attempt} of ${RELEASE_TRIES})`);
    }
  }
  if (payment && payment.kind !== "settled") {
    const attempt = {
      sessionId: payment.sessionId,
      bookingId: hold.bookingId,
      references: (payment.kind === "redirect" ? payment.references : undefined) ?? { sessionId: payment.sessionId },
    };
    void afterAnswer("checkout", `ends the payment of the released hold ${hold.bookingId}`, () =>
      getPaymentGateway(hold.gatewayName).cancelPayment(attempt),
    );
  }
}
