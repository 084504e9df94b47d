/**
 * What follows a confirmed booking, and settling an online payment from what its gateway says. The return page and
 * Stripe's webhook both come here; `confirmPaidBooking`'s conditional update lets exactly one of them go on to
 * notify and mail, however they race.
 */
import { eq } from "drizzle-orm";
import { bookings, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getPaymentGateway, type PaymentCheck } from "~/utils/payments/gateway.server";
import { sendActivationEmail } from "./account-mails.server";
import { sendBookingConfirmation, sendNotificationEmail } from "./booking-mails.server";
import { confirmPaidBooking, notifyBookingPlaced, releaseHold } from "./bookings.server";
import { logError } from "~/utils/errors.server";

/**
 * Notifications for the driver and the supplier, the confirmation mail (with its calendar file), and for an account
 * made at checkout and never activated, its activation link. A mail that fails is logged: the booking stands.
 */
export async function afterBookingConfirmed(db: Executor, bookingId: string, origin: string): Promise<void> {
  try {
    await announceBooking(db, bookingId, origin);
  } catch (error) {
    // The booking stands (it is confirmed); a failed announcement must not fail the driver's page or the webhook.
    logError("booking", error, `notifying booking ${bookingId} failed`);
  }
}

async function announceBooking(db: Executor, bookingId: string, origin: string): Promise<void> {
  const notificationIds = await notifyBookingPlaced(db, bookingId);
  const [driver] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, language: users.language, verified: users.verified, passwordHash: users.passwordHash })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(eq(bookings.id, bookingId));
  const mails: Array<Promise<unknown>> = [sendBookingConfirmation(db, bookingId, origin)];
  // The supplier's copy by e-mail when it keeps e-mail notifications on (the driver has the confirmation itself).
  if (notificationIds[1]) mails.push(sendNotificationEmail(db, notificationIds[1], origin));
  if (driver && !driver.verified && !driver.passwordHash) mails.push(sendActivationEmail(db, driver, origin));
  for (const result of await Promise.allSettled(mails)) {
    if (result.status === "rejected") logError("booking", result.reason, `a confirmation mail of ${bookingId} failed`);
  }
}

export type Settlement = "paid" | "open" | "failed";

/**
 * Applies a gateway's answer to a hold: paid → confirmed (once) and announced; failed → the hold is released.
 * A paid answer for another amount than the one shown is a failure that needs a person: it is logged loudly.
 */
export async function applyPaymentCheck(db: Executor, sessionId: string, check: PaymentCheck, origin: string): Promise<Settlement> {
  if (check.status === "open") return "open";
  if (check.status === "failed") {
    await releaseHold(db, sessionId);
    return "failed";
  }
  const confirmation = await confirmPaidBooking(db, sessionId, check);
  if (confirmation.outcome === "amountMismatch") {
    console.error(`[payments] session ${sessionId} paid ${check.amount} ${check.currency}, not the amount shown: left unconfirmed for review`);
    return "failed";
  }
  if (confirmation.outcome === "noHold") {
    // Paid, but its hold is gone (released or expired meanwhile): money was taken for no booking. A person must refund it.
    console.error(`[payments] REFUND NEEDED: session ${sessionId} was paid (${check.amount} ${check.currency}) but holds no booking`);
    return "failed";
  }
  if (confirmation.outcome === "confirmed") await afterBookingConfirmed(db, confirmation.bookingId, origin);
  return "paid";
}

/** Asks the booking's gateway about its payment and applies the answer (the confirmation page's check). */
export async function settleWithGateway(
  db: Executor,
  hold: { id: string; checkoutSessionId: string; payPalOrderId: string | null; paymentGateway: NonNullable<(typeof bookings.$inferSelect)["paymentGateway"]> },
  origin: string,
): Promise<Settlement> {
  const check = await getPaymentGateway(hold.paymentGateway).checkPayment({ sessionId: hold.checkoutSessionId, payPalOrderId: hold.payPalOrderId, bookingId: hold.id });
  return applyPaymentCheck(db, hold.checkoutSessionId, check, origin);
}

/** The driver turned back on the gateway's page: the payment is ended there and the car released here (unless it was paid). */
export async function abandonPayment(
  db: Executor,
  hold: { checkoutSessionId: string; payPalOrderId: string | null; paymentGateway: NonNullable<(typeof bookings.$inferSelect)["paymentGateway"]> },
  bookingId: string,
  origin: string,
): Promise<Settlement> {
  const gateway = getPaymentGateway(hold.paymentGateway);
  await gateway.cancelPayment({ sessionId: hold.checkoutSessionId, payPalOrderId: hold.payPalOrderId });
  // Paid after all (the driver went back a moment too late): the payment stands and confirms the booking.
  const check = await gateway.checkPayment({ sessionId: hold.checkoutSessionId, payPalOrderId: hold.payPalOrderId, bookingId });
  return applyPaymentCheck(db, hold.checkoutSessionId, check.status === "paid" ? check : { status: "failed" }, origin);
}
