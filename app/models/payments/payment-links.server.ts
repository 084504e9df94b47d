/**
 * Payment links (decision 029): staff who take a booking for a driver, or change one paid in full online so that it
 * costs more, mail the driver a link that opens the hosted payment of a configured gateway. The link's token is the
 * only key (only its hash is stored), as a "Find my booking" link is. A booking's link pays its hold, which the link
 * keeps until it expires, a declined card included; a balance's link pays what the change left, once.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { bookings, paymentLinks, payments } from "#db/schema";
import type { Currency, PaymentGateway as GatewayName, PaymentLinkPurpose } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logError } from "~/utils/errors.server";
import { bookingReference } from "~/models/booking/booking";
import { GATEWAYS, getPaymentGateway } from "./gateways/gateway.server";
import { newAttemptId } from "./gateways/sandbox.server";
import { payForHeldBooking, type HeldPaymentOutcome } from "./hold-payment.server";
import { recordGatewayReferences, recordPaymentStart, settlePayment } from "./payments.server";

/** How long a booking taken for a driver waits for its payment link to be paid (never beyond its pick-up). */
export const BOOKING_LINK_HOURS = 48;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The link's address on `origin`. */
export const paymentLinkUrl = (origin: string, token: string) => `${origin}/pay/${token}`;

/** A new link, in the caller's transaction; returns the token its mail carries (never stored). */
export async function createPaymentLink(
  tx: Executor,
  input: {
    bookingId: string;
    purpose: PaymentLinkPurpose;
    amount: number;
    currency: Currency;
    expiresAt: Date;
    createdBy: string;
  },
): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await tx.insert(paymentLinks).values({ ...input, tokenHash: hashOf(token) });
  return token;
}

/** A change or a cancellation replaces what a booking's unpaid links asked for: they are no longer payable. */
export async function cancelOpenLinks(tx: Executor, bookingId: string, now: Date): Promise<number> {
  const cancelled = await tx
    .update(paymentLinks)
    .set({ cancelledAt: now })
    .where(and(eq(paymentLinks.bookingId, bookingId), isNull(paymentLinks.paidAt), isNull(paymentLinks.cancelledAt)))
    .returning({ id: paymentLinks.id });
  return cancelled.length;
}

export type PaymentLink = typeof paymentLinks.$inferSelect;

/** The link a token opens, or null (unknown, or not a token of ours). */
export async function findPaymentLink(db: Executor, token: string): Promise<PaymentLink | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.tokenHash, hashOf(token)));
  return link ?? null;
}

export type LinkState = "open" | "paid" | "expired" | "cancelled";

/** What a link is now: a booking's hold that was released or paid otherwise is no longer payable through it. */
export function linkState(
  link: PaymentLink,
  booking: { status: string; releasedAt: Date | null },
  now: Date,
): LinkState {
  if (link.paidAt) return "paid";
  if (link.cancelledAt) return "cancelled";
  if (link.purpose === "booking" && booking.status !== "void") return booking.releasedAt ? "expired" : "paid";
  if (booking.status === "cancelled") return "cancelled";
  return link.expiresAt.getTime() > now.getTime() ? "open" : "expired";
}

export interface LinkPayment {
  gateway: GatewayName;
  card?: { number: string; expiry: string; cvc: string };
  embedded: boolean;
  customerEmail: string;
  carName: string;
  language: string;
  origin: string;
  now: Date;
}

export type LinkPaymentOutcome =
  | HeldPaymentOutcome
  /** A balance paid at once (the sandbox), or the page to send the driver to (a redirect gateway). */
  | { kind: "balancePaid" }
  | { kind: "balanceRedirect"; url: string };

/** Pays what the link asks for: its booking's hold, or a balance. The caller checked the link is open. */
export async function payThroughLink(
  db: Database,
  link: PaymentLink,
  token: string,
  payment: LinkPayment,
): Promise<LinkPaymentOutcome> {
  const attemptId = newAttemptId(GATEWAYS[payment.gateway].attemptPrefix);
  // The gateway's session lasts a checkout's hold at most (Stripe's 24 hours are never reached).
  const sessionEnds = new Date(
    Math.min(link.expiresAt.getTime(), payment.now.getTime() + getEnv().PAYMENT_HOLD_MINUTES * 60_000),
  );
  const description = `${bookingReference(link.bookingId)} · ${payment.carName}`;
  if (link.purpose === "booking") {
    const held = await db.transaction(async (tx) => {
      const [booking] = await tx
        .update(bookings)
        .set({ checkoutSessionId: attemptId, paymentGateway: payment.gateway, updatedAt: payment.now })
        .where(and(eq(bookings.id, link.bookingId), eq(bookings.status, "void")))
        .returning({ driverId: bookings.driverId });
      if (!booking) return null;
      await recordPaymentStart(tx, {
        bookingId: link.bookingId,
        gateway: payment.gateway,
        attemptId,
        amount: link.amount,
        currency: link.currency,
      });
      return booking;
    });
    if (!held) return { kind: "problem", key: "errors.paymentFailed" };
    return payForHeldBooking(db, {
      bookingId: link.bookingId,
      driverId: held.driverId,
      chargeAmount: link.amount,
      attemptId,
      holdUntil: sessionEnds,
      gatewayName: payment.gateway,
      currency: link.currency,
      name: payment.carName,
      description,
      customerEmail: payment.customerEmail,
      language: payment.language,
      origin: payment.origin,
      embedded: payment.embedded,
      card: payment.card,
      now: payment.now,
    });
  }
  await recordPaymentStart(db, {
    bookingId: link.bookingId,
    gateway: payment.gateway,
    attemptId,
    amount: link.amount,
    currency: link.currency,
    linkId: link.id,
  });
  let start;
  try {
    start = await getPaymentGateway(payment.gateway).startPayment({
      bookingId: link.bookingId,
      attemptId,
      amount: link.amount,
      currency: link.currency,
      name: payment.carName,
      description,
      customerEmail: payment.customerEmail,
      language: payment.language,
      expiresAt: sessionEnds,
      origin: payment.origin,
      // A balance's page is ours: the gateway sends the driver back to it.
      returnPath: `/pay/${token}`,
      embedded: false,
      card: payment.card,
    });
  } catch (error) {
    logError("payments", error, "the balance payment could not start");
    await settlePayment(db, attemptId, { status: "failed" }, payment.origin);
    return { kind: "problem", key: "checkout:problems.paymentUnavailable" };
  }
  if (start.kind === "settled") {
    const check =
      start.outcome === "paid"
        ? { status: "paid" as const, amount: link.amount, currency: link.currency, references: { attemptId } }
        : { status: "failed" as const };
    const settled = await settlePayment(db, attemptId, check, payment.origin, payment.now);
    return settled === "paid" ? { kind: "balancePaid" } : { kind: "problem", key: "errors.paymentFailed" };
  }
  await recordGatewayReferences(
    db,
    attemptId,
    (start.kind === "redirect" ? start.references : undefined) ?? { sessionId: start.sessionId },
  );
  if (start.kind !== "redirect") throw new Error("a balance is paid on the gateway's page, never embedded");
  return { kind: "balanceRedirect", url: start.url };
}

/**
 * A balance's page after the gateway sent the driver back (or while it has not answered): its newest started payment
 * is asked about and settled, once however often (the webhook settles it too). The gateway silent: still open.
 */
export async function checkBalancePayment(db: Database, link: PaymentLink, origin: string): Promise<void> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.linkId, link.id), eq(payments.status, "started")))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) return;
  const sessionId = payment.references.sessionId ?? payment.attemptId;
  try {
    const check = await getPaymentGateway(payment.gateway).checkPayment({
      sessionId,
      bookingId: link.bookingId,
      references: payment.references,
    });
    await settlePayment(db, sessionId, check, origin);
  } catch (error) {
    logError("payments", error, "the balance payment check failed");
  }
}
