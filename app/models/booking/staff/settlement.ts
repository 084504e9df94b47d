/**
 * What a change or a cancellation by staff settles (decision 029), as pure rules. Amounts are display-currency minor
 * units of the booking (what its driver was shown and paid in).
 */
import type { PaymentMode } from "~/domain/enums";
import type { CancellationTerms } from "~/models/booking/cancellation-terms";

export interface ChangeMoney {
  paymentMode: PaymentMode;
  /** What the booking's payment option takes online for its new total (its security deposit included). */
  newOnline: number;
  /** What its captured payments still hold (taken, less given back and owed back). */
  held: number;
  /** What earlier changes left to pay at the counter. */
  counterBalance: number;
  /** A shortfall is mailed as a payment link, or left to the counter. */
  shortfall: "link" | "counter";
}

export interface ChangeSettlement {
  /** Given back through the gateway. */
  refund: number;
  /** Asked for by a mailed payment link. */
  link: number;
  /** Left to pay at the counter, after this change. */
  counterBalance: number;
}

/**
 * Paid later, the rental and its security deposit (a card hold) are the counter's: a change only changes that total.
 * Otherwise what the option takes online for the change (paid in full: the new total and the new car's deposit; with
 * a deposit: the new car's deposit alone, the rental staying the counter's) is compared with what the payments hold
 * and what is already left to the counter: a surplus first lowers what the counter would collect, then is refunded;
 * a shortfall is a payment link or the counter's.
 */
export function settleChange(money: ChangeMoney): ChangeSettlement {
  if (money.paymentMode === "payLater") return { refund: 0, link: 0, counterBalance: 0 };
  // A deposit not paid online (yet) has nothing to settle against: the counter holds it on the driver's card.
  if (money.paymentMode === "deposit" && money.held === 0)
    return { refund: 0, link: 0, counterBalance: money.counterBalance };
  const difference = money.newOnline - money.held - money.counterBalance;
  if (difference < 0) {
    const fromCounter = Math.min(money.counterBalance, -difference);
    return { refund: -difference - fromCounter, link: 0, counterBalance: money.counterBalance - fromCounter };
  }
  if (difference > 0 && money.shortfall === "link")
    return { refund: 0, link: difference, counterBalance: money.counterBalance };
  return { refund: 0, link: 0, counterBalance: money.counterBalance + difference };
}

/** How a change settled, as its page and its mail name it. */
export type SettlementKind = "refund" | "link" | "counter" | "atCounter" | "none";

/**
 * Names a change's settlement (staff's and the driver's alike): paid later the counter takes the new total; otherwise
 * a refund, a payment link, a larger counter balance, or, with nothing online to settle, the counter's new total
 * (a deposit booking) or nothing (paid in full).
 */
export function settlementKind(
  paymentMode: PaymentMode,
  settlement: ChangeSettlement,
  counterBalanceBefore: number,
): SettlementKind {
  if (paymentMode === "payLater") return "atCounter";
  if (settlement.refund > 0) return "refund";
  if (settlement.link > 0) return "link";
  if (settlement.counterBalance > counterBalanceBefore) return "counter";
  return paymentMode === "deposit" ? "atCounter" : "none";
}

/**
 * What a cancellation by staff refunds: everything the payments hold when the supplier cancels; when the driver asked,
 * what the booking's terms give back: all of it within the free window (or paid later), otherwise the refundable
 * security deposit only (decision 021: the terms are about the rental).
 */
export function staffCancellationRefund(cancellation: {
  byDriver: boolean;
  terms: CancellationTerms["kind"];
  held: number;
  securityDeposit: number;
}): number {
  const { held } = cancellation;
  if (!cancellation.byDriver || cancellation.terms === "free" || cancellation.terms === "freeUntil") return held;
  return Math.min(held, cancellation.securityDeposit);
}
