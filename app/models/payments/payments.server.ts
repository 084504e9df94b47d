/**
 * The payments record (decision 019): every online payment is a `payments` row, written before its gateway is
 * called and moved by what the gateway says, each change a `payment_events` row. Settling a payment is one
 * transaction (lock the payment, capture it, confirm the booking, announce it); a payment that cannot confirm its
 * booking (the car was taken after the hold ended, or another amount than shown) is refunded through the gateway
 * automatically, under one idempotency key, retried with back-off until it succeeds, and the driver is told.
 */
import { insertedRow } from "~/utils/sql.server";
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { bookings, paymentEvents, payments } from "#db/schema";
import type { PaymentStatus } from "~/domain/enums";
import type { Currency, PaymentGateway as GatewayName } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { logError } from "~/utils/errors.server";
import { afterAnswer } from "~/utils/after-answer.server";
import { getPaymentGateway, type PaymentAttempt, type PaymentCheck } from "~/models/payments/gateways/gateway.server";
import { announceBooking } from "~/models/booking/booking-announcements.server";
import { queueRefundMail } from "~/models/booking/booking-mails.server";
import { confirmPaidBooking, releaseHold, secureHoldForCapture } from "~/models/booking/bookings.server";

/** What the return page says: paid (booked), still open, failed (nothing taken), carTaken (approved, not taken), refunded, refundPending. */
export type Settlement = "paid" | "open" | "failed" | "carTaken" | "refunded" | "refundPending";

/** How long a claimed refund is left to the instance that claimed it before another may try it again. */
const REFUND_LEASE_MS = 5 * 60_000;

/** Refund retries: 1 min, 2 min, 4 min … up to 6 h apart; each failure is on the row and in the log for a person. */
export const refundRetryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

type PaymentRow = typeof payments.$inferSelect;

async function recordEvent(
  db: Executor,
  paymentId: string,
  status: PaymentStatus,
  detail: Record<string, string | number | null> = {},
) {
  await db.insert(paymentEvents).values({ paymentId, status, detail });
}

/** The payment is written before the gateway is called: whatever happens next, the attempt is on record. */
export async function recordPaymentStart(
  db: Executor,
  input: { bookingId: string; gateway: GatewayName; attemptId: string; amount: number; currency: Currency },
): Promise<string> {
  const row = insertedRow(
    await db
      .insert(payments)
      .values({ ...input, status: "started" })
      .returning({ id: payments.id }),
  );
  await recordEvent(db, row.id, "started", { amount: input.amount, currency: input.currency });
  return row.id;
}

/** The gateway's own references once it gave them (session, order…), merged into the row's. */
export async function recordGatewayReferences(
  db: Executor,
  attemptId: string,
  references: Record<string, string>,
): Promise<void> {
  await db
    .update(payments)
    .set({ references: sql`${payments.references} || ${JSON.stringify(references)}::jsonb`, updatedAt: new Date() })
    .where(eq(payments.attemptId, attemptId));
}

/** The newest payment of the booking a session (the return page's id) belongs to, locked for this transaction. */
async function paymentOfSession(db: Executor, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(bookings.checkoutSessionId, sessionId))
    .orderBy(desc(payments.createdAt))
    .limit(1)
    .for("update", { of: payments });
  return row?.payment;
}

async function setStatus(
  db: Executor,
  payment: PaymentRow,
  status: PaymentStatus,
  set: Partial<typeof payments.$inferInsert>,
  detail: Record<string, string | number | null> = {},
) {
  await db
    .update(payments)
    .set({ ...set, status, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  await recordEvent(db, payment.id, status, detail);
}

/** What an already-settled payment means for the return page (null: not settled yet). */
export function settledAs(payment: Pick<PaymentRow, "status" | "refundReason" | "failureReason">): Settlement | null {
  if (payment.status === "refunded") return "refunded";
  if (payment.refundReason) return "refundPending";
  if (payment.status === "captured") return "paid";
  if (payment.status === "failed") return payment.failureReason === "carTaken" ? "carTaken" : "failed";
  return null;
}

/** A booking's newest payment, as its return page shows it. */
export async function latestPayment(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      status: payments.status,
      refundReason: payments.refundReason,
      failureReason: payments.failureReason,
      amount: payments.amount,
      capturedAmount: payments.capturedAmount,
      // What the gateway took it in, when it reported one; what was asked otherwise.
      currency: sql<string>`coalesce(${payments.capturedCurrency}, ${payments.currency})`,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Applies a gateway's answer to a payment and its booking, once however many times it is told (return page,
 * webhook, retries race on the payment's row lock). Paid → captured and the booking confirmed and announced; paid
 * but not confirmable → refunded; failed → the hold is released.
 */
export async function settlePayment(
  db: Database,
  sessionId: string,
  check: PaymentCheck,
  origin: string,
  now = new Date(),
): Promise<Settlement> {
  if (check.status === "open") return "open";
  const outcome = await db.transaction(async (tx): Promise<Settlement | { refund: string }> => {
    const payment = await paymentOfSession(tx, sessionId);
    if (check.status === "failed") {
      await releaseHold(tx, sessionId, now);
      if (payment && (payment.status === "started" || payment.status === "authorised")) {
        await setStatus(
          tx,
          payment,
          "failed",
          { failureReason: check.reason ?? "gateway" },
          { reason: check.reason ?? "gateway" },
        );
      }
      if (check.reason === "carTaken") return "carTaken";
      return payment && payment.status !== "started" && payment.status !== "authorised"
        ? (settledAs(payment) ?? "failed")
        : "failed";
    }
    if (!payment) {
      // A paid session we have no record of must still be visible to a person, not only in a log.
      logError("payments", new Error(`a paid session ${sessionId} matches no payment`), "unknown paid session");
      return "failed";
    }
    const settled = settledAs(payment);
    if (settled) return settled;
    const confirmation = await confirmPaidBooking(tx, sessionId, check, now);
    const captured = {
      capturedAmount: check.amount,
      capturedCurrency: check.currency.toUpperCase(),
      references: { ...payment.references, ...check.references },
    };
    if (confirmation.outcome === "confirmed" || confirmation.outcome === "alreadySettled") {
      await setStatus(tx, payment, "captured", captured, { amount: check.amount, currency: check.currency });
      if (confirmation.outcome === "confirmed") await announceBooking(tx, confirmation.bookingId, origin);
      return "paid";
    }
    // Taken, but it cannot pay this booking: it is given back (the refund is on record before the gateway is asked).
    const refundReason = confirmation.outcome === "amountMismatch" ? "amountMismatch" : "carTaken";
    await setStatus(
      tx,
      payment,
      "captured",
      { ...captured, refundReason, nextRefundAt: now },
      { amount: check.amount, currency: check.currency, refundReason },
    );
    return { refund: payment.id };
  });
  if (typeof outcome === "string") return outcome;
  // Owed and on record: given back after the answer, so neither the driver's return page nor the gateway's webhook
  // waits on the gateway's refund (its SDK's two tries took half a minute); the page says it is on its way.
  void refundAfterAnswer(db, [outcome.refund], origin);
  return "refundPending";
}

/**
 * Refunds a payment owed back, through its gateway, under the key `refund-<payment id>` (a retry after a lost answer
 * refunds nothing twice). Refunded → the driver is mailed; a failure is kept on the row and retried later.
 */
export async function refundPayment(
  db: Database,
  paymentId: string,
  origin: string,
  now = new Date(),
): Promise<boolean> {
  // Claimed first, so the page that owes it and the retry job on any instance never ask the gateway at once: the
  // claim moves the next attempt a lease ahead (a crash mid-refund is retried after it, under the same key).
  const [payment] = await db
    .update(payments)
    .set({ nextRefundAt: new Date(now.getTime() + REFUND_LEASE_MS) })
    .where(
      and(
        eq(payments.id, paymentId),
        isNotNull(payments.refundReason),
        inArray(payments.status, ["captured", "refundFailed"]),
        or(isNull(payments.nextRefundAt), lte(payments.nextRefundAt, now)),
      ),
    )
    .returning();
  if (!payment) {
    const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    return row?.status === "refunded";
  }
  const amount = payment.capturedAmount ?? payment.amount;
  // What the gateway took, in the currency it took it (another than asked is refunded, in its own).
  const currency = payment.capturedCurrency ?? payment.currency;
  try {
    const { refundId } = await getPaymentGateway(payment.gateway).refundPayment({
      references: payment.references,
      amount,
      currency,
      idempotencyKey: `refund-${payment.id}`,
    });
    await db.transaction(async (tx) => {
      await setStatus(
        tx,
        payment,
        "refunded",
        {
          refundedAmount: amount,
          references: { ...payment.references, refundId },
          nextRefundAt: null,
          lastError: null,
        },
        { refundId, amount },
      );
      await queueRefundMail(tx, payment.bookingId, { amount, currency, reason: payment.refundReason! }, origin);
    });
    return true;
  } catch (error) {
    const attempts = payment.refundAttempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    logError("payments", error, `refund of payment ${payment.id} (${amount} ${currency}) failed, attempt ${attempts}`);
    await setStatus(
      db,
      payment,
      "refundFailed",
      {
        refundAttempts: attempts,
        nextRefundAt: new Date(now.getTime() + refundRetryDelayMs(attempts)),
        lastError: reason.slice(0, 500),
      },
      { attempt: attempts, error: reason.slice(0, 200) },
    );
    return false;
  }
}

/**
 * Asks the gateway for refunds already on record, after the request has answered: a slow or unreachable gateway never
 * holds a driver's page (its SDK's two tries can take half a minute), and the page says the refund is on its way.
 * Should this instance stop first, the retry job (server/maintenance.ts) refunds what is still owed.
 */
export function refundAfterAnswer(db: Database, paymentIds: string[], origin: string): Promise<void> {
  return afterAnswer("payments", `refunds ${paymentIds.join(", ")} after the answer`, async () => {
    for (const id of paymentIds) await refundPayment(db, id, origin);
  });
}

/** What a booking's captured payments (not already owed back) add up to, in display minor units. */
export async function capturedTotal(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(coalesce(${payments.capturedAmount}, ${payments.amount})), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "captured"), isNull(payments.refundReason)));
  return row?.total ?? 0;
}

/**
 * A booking cancelled within its free window (decision 021) owes back every payment it captured: each is marked in the
 * cancelling transaction, so the refund is on record before the gateway is asked. The caller refunds the returned
 * ids once the transaction commits; the retry job picks up any that fail.
 */
export async function oweCancelledBookingPayments(db: Executor, bookingId: string, now: Date) {
  const owed = await db
    .update(payments)
    .set({ refundReason: "cancelled", nextRefundAt: now, updatedAt: now })
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "captured"), isNull(payments.refundReason)))
    .returning({
      id: payments.id,
      amount: payments.amount,
      capturedAmount: payments.capturedAmount,
      currency: payments.currency,
      capturedCurrency: payments.capturedCurrency,
    });
  for (const payment of owed) await recordEvent(db, payment.id, "captured", { refundReason: "cancelled" });
  return owed.map((payment) => ({
    id: payment.id,
    amount: payment.capturedAmount ?? payment.amount,
    currency: payment.capturedCurrency ?? payment.currency,
  }));
}

/** The retry job: refunds owed whose next attempt is due (maintenance runs it every few minutes on every instance). */
export async function refundOwedPayments(db: Database, origin: string, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNotNull(payments.refundReason),
        inArray(payments.status, ["captured", "refundFailed"]),
        lte(payments.nextRefundAt, now),
      ),
    )
    .limit(50);
  let refunded = 0;
  for (const { id } of due) if (await refundPayment(db, id, origin, now)) refunded++;
  return refunded;
}

/** A hold whose payment a gateway is asked about: the booking, its gateway and the session naming its return page. */
type GatewayHold = { id: string; checkoutSessionId: string; paymentGateway: GatewayName };

/** The attempt as its gateway knows it: the session and the gateway's own references from the newest payments row. */
async function attemptOf(db: Executor, hold: GatewayHold): Promise<PaymentAttempt> {
  // The attempt of this session (ours, or the gateway's that replaced it), the newest first should there be several.
  const [row] = await db
    .select({ references: payments.references })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, hold.id),
        or(
          eq(payments.attemptId, hold.checkoutSessionId),
          sql`${payments.references}->>'sessionId' = ${hold.checkoutSessionId}`,
        ),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return { sessionId: hold.checkoutSessionId, bookingId: hold.id, references: row?.references ?? {} };
}

/** Asks the booking's gateway about its payment and applies the answer (the return page's check). */
export async function settleWithGateway(db: Database, hold: GatewayHold, origin: string): Promise<Settlement> {
  const check = await getPaymentGateway(hold.paymentGateway).checkPayment({
    ...(await attemptOf(db, hold)),
    mayCapture: () => secureHoldForCapture(db, hold.checkoutSessionId),
  });
  return settlePayment(db, hold.checkoutSessionId, check, origin);
}

/** The driver gave up the payment (a post from the return page): ended at the gateway, the car released here (unless it was paid meanwhile). */
export async function abandonPayment(db: Database, hold: GatewayHold, origin: string): Promise<Settlement> {
  const gateway = getPaymentGateway(hold.paymentGateway);
  const attempt = await attemptOf(db, hold);
  await gateway.cancelPayment(attempt);
  // Paid after all (a moment too late to go back): the payment stands and confirms the booking. Never captured here.
  const check = await gateway.checkPayment({ ...attempt, mayCapture: async () => false });
  return settlePayment(db, hold.checkoutSessionId, check.status === "paid" ? check : { status: "failed" }, origin);
}
