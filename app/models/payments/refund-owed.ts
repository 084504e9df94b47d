/**
 * What a payment still owes back, as refunds owed one after another meet (decision 029): a change's surplus owed, and
 * then the booking cancelled while that refund is still at the gateway or failed awaiting its retry. A payment owes
 * all that is left of it (`refundReason` set, no `refundOwed`), a named part (`refundOwed`), or nothing.
 */
import type { PaymentStatus, RefundReason } from "~/domain/enums";

/** Payments that hold money: captured, or captured with a refund that failed and will be tried again. */
export const HOLDING = ["captured", "refundFailed"] as const satisfies readonly PaymentStatus[];

export interface OwingPayment {
  status: PaymentStatus;
  amount: number;
  capturedAmount: number | null;
  refundedAmount: number | null;
  refundReason: RefundReason | null;
  refundOwed: number | null;
  nextRefundAt: Date | null;
}

/** What more of the payment may still be owed back: what it kept, less what is owed of it already. */
export function owable(payment: OwingPayment): number {
  if (!(HOLDING as readonly PaymentStatus[]).includes(payment.status)) return 0;
  const kept = (payment.capturedAmount ?? payment.amount) - (payment.refundedAmount ?? 0);
  if (payment.refundReason === null) return Math.max(kept, 0);
  if (payment.refundOwed === null) return 0;
  return Math.max(kept - payment.refundOwed, 0);
}

/**
 * When a payment newly owed is next tried: now, unless its refund is under way on some instance (a captured payment
 * whose claim's lease runs), whose end hands the rest on (`owedAfterRefund`): two gateway calls at once would share
 * a key for different amounts.
 */
export function nextRefundAttempt(payment: OwingPayment, now: Date): Date {
  const lease = payment.status === "captured" ? payment.nextRefundAt : null;
  return lease && lease > now ? lease : now;
}

/**
 * Once `refunded` of a payment is given back (and the payment not wholly refunded): what is still owed of it, as the
 * row reads now, or null when nothing is. More owed meanwhile stays owed; all that is left stays all that is left.
 */
export function owedAfterRefund(
  current: Pick<OwingPayment, "refundReason" | "refundOwed">,
  refunded: number,
): { reason: RefundReason; owed: number | null } | null {
  if (current.refundReason === null) return null;
  if (current.refundOwed === null) return { reason: current.refundReason, owed: null };
  const owed = current.refundOwed - refunded;
  return owed > 0 ? { reason: current.refundReason, owed } : null;
}
