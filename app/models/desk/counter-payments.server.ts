/**
 * Money the counter takes (decision 040): the rental paid at pick-up, or what a change left there. Each payment is a
 * row (amount in the booking's currency, cash, card or other, who took it and when), written under the booking's
 * row lock with its audit entry, so "to pay at the counter" reaches 0 and the staff page shows a receipt line for it.
 */
import { asc, eq, sql } from "drizzle-orm";
import { bookings, counterPayments } from "#db/schema";
import type { CounterPaymentMethod, PaymentMode } from "~/domain/enums";
import { HOLDING_STATUSES } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { writeBookingAudit, type Actor } from "~/models/audit/audit.server";
import { canOperate } from "~/models/access/operator-access";
import { convertMinorUnits } from "~/domain/money";

/**
 * What is left to pay at the counter, in the booking's currency (minor units) as its driver was told: the rental when
 * paid later, or with a deposit paid online (the refundable deposit); when paid in full, only what a change by staff
 * left to the counter (decision 029); less what the counter has taken already (decision 040).
 */
export function counterAmount(booking: {
  paymentMode: PaymentMode;
  totalPrice: number;
  displayRate: number;
  counterBalance: number;
  taken?: number;
}): number {
  const due =
    booking.paymentMode === "full"
      ? booking.counterBalance
      : convertMinorUnits(booking.totalPrice, booking.displayRate);
  return Math.max(0, due - (booking.taken ?? 0));
}

/**
 * What the counter has taken for each booking of a query reading `bookings`, in its currency (minor units). The outer
 * id is qualified by hand: without joins drizzle writes `${bookings.id}` as a bare "id" (the payment's own, inside).
 */
export const takenAtCounterSql = sql<number>`(select coalesce(sum(cp.amount), 0)::int from ${counterPayments} cp
  where cp.booking_id = "bookings"."id")`.mapWith(Number);

export async function counterPaymentsOf(db: Executor, bookingId: string) {
  return db
    .select()
    .from(counterPayments)
    .where(eq(counterPayments.bookingId, bookingId))
    .orderBy(asc(counterPayments.at));
}

export type CounterPaymentResult =
  | { ok: true }
  | { ok: false; reason: "notAtDesk" | "nothingOwed" }
  | { ok: false; reason: "moreThanOwed"; owed: number };

export async function recordCounterPayment(
  db: Database,
  actor: Actor,
  bookingId: string,
  payment: { amount: number; method: CounterPaymentMethod; note: string },
  now: Date,
): Promise<CounterPaymentResult | null> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        supplierId: bookings.supplierId,
        status: bookings.status,
        paymentMode: bookings.paymentMode,
        totalPrice: bookings.totalPrice,
        displayRate: bookings.displayRate,
        displayCurrency: bookings.displayCurrency,
        counterBalance: bookings.counterBalance,
        taken: takenAtCounterSql,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for("update", { of: bookings });
    if (!booking || !canOperate(actor, "handleBookings", booking.supplierId)) return null;
    if (booking.status === "void" || !(HOLDING_STATUSES as readonly string[]).includes(booking.status))
      return { ok: false, reason: "notAtDesk" };
    const owed = counterAmount(booking);
    if (owed <= 0) return { ok: false, reason: "nothingOwed" };
    // The counter takes what is owed, never more: a second click, or a typo, cannot record money not due.
    if (payment.amount > owed) return { ok: false, reason: "moreThanOwed", owed };
    await tx.insert(counterPayments).values({
      bookingId,
      amount: payment.amount,
      currency: booking.displayCurrency,
      method: payment.method,
      at: now,
      staffId: actor.id,
      staffName: actor.fullName,
      note: payment.note,
    });
    await writeBookingAudit(tx, actor, booking, "update", {
      counterPayment: {
        from: null,
        to: { amount: payment.amount, currency: booking.displayCurrency, method: payment.method },
      },
    });
    return { ok: true };
  });
}

/** Whether a booking is one the counter still collects from (for the page to offer the form). */
export const collectsAtCounter = (booking: { status: string }, owed: number) =>
  owed > 0 && booking.status !== "void" && booking.status !== "cancelled";
