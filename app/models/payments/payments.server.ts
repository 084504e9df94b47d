/**
 * The payments record (decision 019): every online payment is a `payments` row, written before its gateway is
 * called and moved by what the gateway says, each change a `payment_events` row. Settling a payment is one
 * transaction (lock the payment, capture it, confirm the booking, announce it); a payment that cannot confirm its
 * booking (the car was taken after the hold ended, or another amount than shown) is refunded through the gateway
 * automatically, under one idempotency key, retried with back-off until it succeeds, and the driver is told.
 */
import { insertedRow } from "~/utils/sql.server";
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { bookings, paymentEvents, paymentLinks, payments } from "#db/schema";
import type { PaymentStatus } from "~/domain/enums";
import type { Currency, PaymentGateway as GatewayName } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { logError } from "~/utils/errors.server";
import { afterAnswer } from "~/utils/after-answer.server";
import { getPaymentGateway, type PaymentAttempt, type PaymentCheck } from "~/models/payments/gateways/gateway.server";
import { announceBooking } from "~/models/booking/booking-announcements.server";
import { queueRefundMail } from "~/models/booking/booking-mails.server";
import { confirmPaidBooking, releaseHold, secureHoldForCapture } from "~/models/booking/bookings.server";
import { issueCreditNote, issueSupplement } from "~/models/documents/business-documents.server";
import { HOLDING, nextRefundAttempt, owable, owedAfterRefund } from "./refund-owed";

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
  input: {
    bookingId: string;
    gateway: GatewayName;
    attemptId: string;
    amount: number;
    currency: Currency;
    /** The payment link it pays, for a balance (decision 029). */
    linkId?: string;
  },
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

/** A balance payment (one that pays a link) of this session, our attempt's or the gateway's, locked. */
async function balancePaymentOfSession(db: Executor, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.linkId),
        or(eq(payments.attemptId, sessionId), sql`${payments.references}->>'sessionId' = ${sessionId}`),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1)
    .for("update");
  return row;
}

/**
 * A balance's payment settled once however often it is told: paid → captured and its link paid (the booking was
 * confirmed before; its coverage is what its payments hold); another amount than asked → given back; failed → failed.
 */
async function settleBalancePayment(
  tx: Executor,
  payment: PaymentRow,
  check: Exclude<PaymentCheck, { status: "open" }>,
  now: Date,
): Promise<Settlement | { refund: string }> {
  const settled = settledAs(payment);
  if (settled) return settled;
  if (check.status === "failed") {
    await setStatus(tx, payment, "failed", { failureReason: "gateway" }, { reason: "gateway" });
    return "failed";
  }
  const captured = {
    capturedAmount: check.amount,
    capturedCurrency: check.currency.toUpperCase(),
    references: { ...payment.references, ...check.references },
  };
  // The booking's row lock orders this with a staff cancellation: a balance paid on a cancelled booking goes back.
  const [booking] = await tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId))
    .for("update");
  // Read under the booking's lock, which a change holds while it cancels the links it replaces: a balance paid on a
  // link a later change cancelled is not owed any more (that change settled against what the payments held then).
  const [link] = await tx
    .select({ cancelledAt: paymentLinks.cancelledAt })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, payment.linkId!));
  const refundReason =
    check.amount !== payment.amount || check.currency.toUpperCase() !== payment.currency
      ? "amountMismatch"
      : booking?.status === "cancelled"
        ? "holdCancelled"
        : link?.cancelledAt
          ? "changed"
          : null;
  if (refundReason) {
    await setStatus(
      tx,
      payment,
      "captured",
      { ...captured, refundReason, nextRefundAt: now },
      { amount: check.amount, currency: check.currency, refundReason },
    );
    return { refund: payment.id };
  }
  await setStatus(tx, payment, "captured", captured, { amount: check.amount, currency: check.currency });
  await tx.update(paymentLinks).set({ paidAt: now }).where(eq(paymentLinks.id, payment.linkId!));
  // The change that asked for it made a documented sale dearer: the difference is documented too (decision 049).
  await issueSupplement(
    tx,
    {
      bookingId: payment.bookingId,
      paymentId: payment.id,
      amount: check.amount,
      currency: check.currency.toUpperCase(),
    },
    now,
  );
  return "paid";
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
    // A balance paid through a link (decision 029) pays a booking already confirmed: it has its own settlement.
    const balance = await balancePaymentOfSession(tx, sessionId);
    if (balance) return settleBalancePayment(tx, balance, check, now);
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
      if (confirmation.outcome === "confirmed") {
        // A hold staff took with a payment link (decision 029): its link is paid.
        await tx
          .update(paymentLinks)
          .set({ paidAt: now })
          .where(
            and(
              eq(paymentLinks.bookingId, confirmation.bookingId),
              eq(paymentLinks.purpose, "booking"),
              isNull(paymentLinks.paidAt),
            ),
          );
        await announceBooking(tx, confirmation.bookingId, origin);
      }
      return "paid";
    }
    // Taken, but it cannot pay this booking: it is given back (the refund is on record before the gateway is asked).
    const refundReason =
      confirmation.outcome === "amountMismatch"
        ? "amountMismatch"
        : confirmation.outcome === "cancelled"
          ? "holdCancelled"
          : "carTaken";
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
  void refundAfterAnswer(db, [outcome.refund], origin, now);
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
        inArray(payments.status, HOLDING),
        or(isNull(payments.nextRefundAt), lte(payments.nextRefundAt, now)),
      ),
    )
    .returning();
  if (!payment) {
    const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    return row?.status === "refunded";
  }
  const captured = payment.capturedAmount ?? payment.amount;
  const refundedBefore = payment.refundedAmount ?? 0;
  // What is owed: the part a change by staff named, or all that is left of the payment (decision 029).
  const owed = Math.min(payment.refundOwed ?? captured - refundedBefore, captured - refundedBefore);
  // A retry asks for what the attempt before it asked under the same key (its answer lost, the gateway may have
  // refunded it); anything owed since is handed on once it is done, under the next key.
  const amount = Math.min((await amountAskedBefore(db, payment.id, refundedBefore)) ?? owed, owed);
  await recordEvent(db, payment.id, payment.status, { refundAsked: amount, after: refundedBefore });
  // What the gateway took, in the currency it took it (another than asked is refunded, in its own).
  const currency = payment.capturedCurrency ?? payment.currency;
  const refundedAfter = refundedBefore + amount;
  const whole = refundedAfter >= captured;
  // The first refund of a payment keeps the key it always had; a later one (a second change) is keyed by what was
  // given back before it, so each refund is made once however often it is retried.
  const refundKey = refundedBefore ? `refund-${payment.id}-after-${refundedBefore}` : `refund-${payment.id}`;
  try {
    const { refundId } = await getPaymentGateway(payment.gateway).refundPayment({
      references: payment.references,
      amount,
      currency,
      idempotencyKey: refundKey,
    });
    const owedStill = await db.transaction(async (tx) => {
      // The booking's row first, as a cancellation or a change takes it before the payments: the credit note's
      // reference to the booking would otherwise wait on theirs while holding the payment they wait for (40P01).
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, payment.bookingId)).for("key share");
      // Read again under the row's lock: a cancellation may have owed more of this payment while the gateway answered.
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
      const rest = whole ? null : owedAfterRefund(current ?? payment, amount);
      // A sale documented is credited by what went back (decision 049, amended). Before the refund's event: the day's
      // document totals are locked before its money totals, in the order a capture that sells the booking takes them
      // (decision 050), so a refund and a capture of one supplier's day never wait on each other both ways.
      await issueCreditNote(
        tx,
        { bookingId: payment.bookingId, refundKey, amount, currency, reason: payment.refundReason! },
        now,
      );
      // A part given back leaves the payment captured for the rest, with what is still owed of it (if anything) due now.
      await setStatus(
        tx,
        payment,
        whole ? "refunded" : "captured",
        {
          refundedAmount: refundedAfter,
          references: { ...payment.references, refundId },
          lastError: null,
          ...(whole
            ? { nextRefundAt: null }
            : rest
              ? { refundReason: rest.reason, refundOwed: rest.owed, nextRefundAt: now, refundAttempts: 0 }
              : { refundReason: null, refundOwed: null, nextRefundAt: null }),
        },
        { refundId, amount, ...(whole ? {} : { partial: 1 }) },
      );
      // A change or a cancellation by staff said what it gives back in its own mail (one mail per change).
      if (payment.refundReason !== "changed" && payment.refundReason !== "staffCancelled")
        await queueRefundMail(tx, payment.bookingId, { amount, currency, reason: payment.refundReason! }, origin);
      return rest !== null;
    });
    // The rest owed meanwhile is refunded at once, under its own key (keyed by what was given back before it).
    return owedStill ? refundPayment(db, paymentId, origin, now) : true;
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

/** What the last attempt to refund a payment (from `refundedBefore` on) asked the gateway for, if one was made. */
async function amountAskedBefore(db: Executor, paymentId: string, refundedBefore: number): Promise<number | null> {
  const [asked] = await db
    .select({ amount: sql<number>`(${paymentEvents.detail} ->> 'refundAsked')::int` })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, paymentId),
        sql`${paymentEvents.detail} ? 'refundAsked'`,
        sql`(${paymentEvents.detail} ->> 'after')::int = ${refundedBefore}`,
      ),
    )
    .orderBy(desc(paymentEvents.at), desc(paymentEvents.id))
    .limit(1);
  return asked?.amount ?? null;
}

/**
 * Asks the gateway for refunds already on record, after the request has answered: a slow or unreachable gateway never
 * holds a driver's page (its SDK's two tries can take half a minute), and the page says the refund is on its way.
 * Should this instance stop first, the retry job (server/maintenance.ts) refunds what is still owed.
 */
export function refundAfterAnswer(
  db: Database,
  paymentIds: string[],
  origin: string,
  /** The clock the refunds were owed by (the request's). */
  now?: Date,
): Promise<void> {
  return afterAnswer("payments", `refunds ${paymentIds.join(", ")} after the answer`, async () => {
    for (const id of paymentIds) await refundPayment(db, id, origin, now);
  });
}

/**
 * What a booking's payments still hold, in display minor units: what was taken (by payments captured, or captured
 * with a refund to try again), less what was given back and what is owed back (all that is left of a payment when
 * no part is named).
 */
export async function capturedTotal(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: heldByPaymentsSql })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, HOLDING)));
  return row?.total ?? 0;
}

const taken = sql`coalesce(${payments.capturedAmount}, ${payments.amount})`;
const kept = sql`${taken} - coalesce(${payments.refundedAmount}, 0)`;
/** What the captured payments selected still hold once their refunds (done or owed) are taken out. */
const heldByPaymentsSql = sql<number>`coalesce(sum(case when ${payments.refundReason} is null then ${kept}
  when ${payments.refundOwed} is not null then greatest(${kept} - ${payments.refundOwed}, 0) else 0 end), 0)::int`;

/**
 * `capturedTotal` as a scalar subquery of each row of a query reading `bookings`. The outer id is qualified by hand:
 * without joins drizzle writes `${bookings.id}` as a bare "id", which inside the subquery names the payment's own.
 */
export const heldForBookingSql = () =>
  sql<number>`(select ${heldByPaymentsSql} from ${payments} where ${payments.bookingId} = "bookings"."id"
    and ${inArray(payments.status, HOLDING)})`.mapWith(Number);

/**
 * Owes back `amount` of what a booking's payments still hold (decision 029), the newest payment first, each marked in
 * the caller's transaction so the refund is on record before the gateway is asked. A payment with a part already owed
 * (a change's surplus still at the gateway, or failed) owes this on top. The caller refunds the returned ids once the
 * transaction commits; the retry job picks up any that fail.
 */
export async function owePartOfPayments(
  db: Executor,
  bookingId: string,
  amount: number,
  reason: "changed" | "staffCancelled",
  now: Date,
): Promise<Array<{ id: string; amount: number; currency: string }>> {
  if (amount <= 0) return [];
  const owed: Array<{ id: string; amount: number; currency: string }> = [];
  let left = amount;
  for (const payment of await owablePayments(db, bookingId)) {
    if (left <= 0) break;
    const part = Math.min(owable(payment), left);
    if (part <= 0) continue;
    const refundOwed = (payment.refundOwed ?? 0) + part;
    await db
      .update(payments)
      .set({ refundReason: reason, refundOwed, nextRefundAt: nextRefundAttempt(payment, now), updatedAt: now })
      .where(eq(payments.id, payment.id));
    await recordEvent(db, payment.id, payment.status, { refundReason: reason, refundOwed });
    owed.push({ id: payment.id, amount: part, currency: payment.capturedCurrency ?? payment.currency });
    left -= part;
  }
  return owed;
}

/**
 * A booking cancelled within its free window (decision 021) owes back all that its payments still hold: each is
 * marked in the cancelling transaction, so the refund is on record before the gateway is asked (a part already owed
 * and under way is refunded first, then the rest). The caller refunds the returned ids once the transaction commits;
 * the retry job picks up any that fail.
 */
export async function oweCancelledBookingPayments(db: Executor, bookingId: string, now: Date) {
  const owed: Array<{ id: string; amount: number; currency: string }> = [];
  for (const payment of await owablePayments(db, bookingId)) {
    const rest = owable(payment);
    if (rest <= 0) continue;
    await db
      .update(payments)
      .set({
        refundReason: "cancelled",
        refundOwed: null,
        nextRefundAt: nextRefundAttempt(payment, now),
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await recordEvent(db, payment.id, payment.status, { refundReason: "cancelled" });
    owed.push({ id: payment.id, amount: rest, currency: payment.capturedCurrency ?? payment.currency });
  }
  return owed;
}

/** A booking's payments that may owe more back, newest first, locked for the caller's transaction. */
function owablePayments(db: Executor, bookingId: string) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        inArray(payments.status, HOLDING),
        or(isNull(payments.refundReason), isNotNull(payments.refundOwed)),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .for("update");
}

/** The retry job: refunds owed whose next attempt is due (maintenance runs it every few minutes on every instance). */
export async function refundOwedPayments(db: Database, origin: string, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isNotNull(payments.refundReason), inArray(payments.status, HOLDING), lte(payments.nextRefundAt, now)))
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
