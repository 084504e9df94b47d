/**
 * Booking rules (pure, no I/O): payment options, what each takes online, the status each leads to, and the
 * allowed transitions between statuses (decision 010). Every status write in bookings.server.ts asks
 * `canTransition` first, so no code path can move a booking in a way this table does not allow.
 *
 * Amounts are integer cents of the base currency, like pricing.ts.
 */
import { EQUIPMENT, isOneOf, type BookingStatus, type PaymentMode } from "~/domain/enums";
import { convertMinorUnits } from "~/domain/money";
import { divideRounded, PRICED_OPTIONS, type PricedOption, type PriceBreakdown } from "~/models/pricing/pricing";
import type { EquipmentCounts } from "~/models/pricing/equipment";

/**
 * Allowed transitions. `void` is an unpaid hold while an online payment is under way: it becomes the paid status
 * of its payment option, or disappears (purged) when the payment fails or the hold expires. Staff (suppliers,
 * admins) may move confirmed bookings between pending, deposit, paid and reserved, and cancel them; a cancelled
 * booking may be re-activated only if the car is still free (the exclusion constraint decides).
 */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  void: ["pending", "deposit", "paid", "cancelled"],
  pending: ["deposit", "paid", "reserved", "cancelled"],
  deposit: ["paid", "reserved", "cancelled"],
  paid: ["reserved", "cancelled"],
  reserved: ["paid", "cancelled"],
  cancelled: ["pending", "reserved"],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

export class TransitionError extends Error {
  constructor(
    readonly from: BookingStatus,
    readonly to: BookingStatus,
  ) {
    super(`a booking cannot go from ${from} to ${to}`);
    this.name = "TransitionError";
  }
}

/** Throws unless the transition is allowed. */
export function assertTransition(from: BookingStatus, to: BookingStatus): void {
  if (!canTransition(from, to)) throw new TransitionError(from, to);
}

/** Spec §4: the three payment options, in the order the checkout offers them. */
export const PAYMENT_OPTIONS = ["payLater", "deposit", "full"] as const satisfies readonly PaymentMode[];

/** The status a booking takes once its payment option is settled: pay later at once, online ones when paid. */
export const CONFIRMED_STATUS: Record<PaymentMode, BookingStatus> = {
  payLater: "pending",
  deposit: "deposit",
  full: "paid",
};

export const paysOnline = (mode: PaymentMode) => mode !== "payLater";

/**
 * Where a booked driver lands: an online payment's page checks the payment (spec §2 /checkout-session); a booking
 * paid at pick-up has no payment to check, so its confirmation is named for what it is.
 */
export const confirmationPath = (mode: PaymentMode, attemptId: string) =>
  `/${paysOnline(mode) ? "checkout-session" : "confirmation"}/${encodeURIComponent(attemptId)}`;

export interface PaymentTerms {
  /** Taken online now (0 when paying later). */
  online: number;
  /** Left to pay at the counter for the rental itself. */
  atCounter: number;
  /** The car's refundable security deposit, whichever way it is paid. */
  securityDeposit: number;
}

/**
 * What each option takes, for a rental `total` and the car's security `deposit` (decision 010):
 * - pay later: nothing online; the rental at the counter, the deposit held there;
 * - deposit: the security deposit online, which confirms the booking; the rental at the counter;
 * - full: the rental and the security deposit online; nothing left at the counter.
 */
export function paymentTerms(mode: PaymentMode, total: number, deposit: number): PaymentTerms {
  switch (mode) {
    case "payLater":
      return { online: 0, atCounter: total, securityDeposit: deposit };
    case "deposit":
      return { online: deposit, atCounter: total, securityDeposit: deposit };
    case "full":
      return { online: total + deposit, atCounter: 0, securityDeposit: deposit };
  }
}

/**
 * What an option takes online in the display currency: each part converted as the page shows it (rental and deposit
 * separately), so the amount charged is the sum of the amounts the driver read, to the cent.
 */
export function onlineChargeOf(mode: PaymentMode, total: number, deposit: number, rate: number): number {
  const convert = (cents: number) => convertMinorUnits(cents, rate);
  switch (mode) {
    case "payLater":
      return 0;
    case "deposit":
      return convert(deposit);
    case "full":
      return convert(total) + convert(deposit);
  }
}

/** The options a car's supplier allows: pay later only where allowed, the deposit option only when there is one. */
export function offeredPaymentOptions(rules: {
  payLater: boolean;
  deposit: number;
  onlinePayments: boolean;
}): PaymentMode[] {
  return PAYMENT_OPTIONS.filter((mode) => {
    if (mode === "payLater") return rules.payLater;
    if (!rules.onlinePayments) return false;
    return mode === "deposit" ? rules.deposit > 0 : true;
  });
}

/**
 * The rental as the checkout shows it: the supplier's markup folded into each line (spec §9 adds it to the total; a
 * driver sees prices, not a surcharge), rounded per line, with the rounding left over in the base line so the lines
 * always add up to the rental's price (base, extras and markup) exactly. Fees and tax are lines of their own.
 */
export function foldMarkup(price: Pick<PriceBreakdown, "base" | "extras" | "markup">): {
  base: number;
  extras: Partial<Record<PricedOption, number>>;
} {
  const extrasBefore = Object.values(price.extras).reduce((sum, amount) => sum + amount, 0);
  const subtotal = price.base + extrasBefore;
  const rental = subtotal + price.markup;
  const scale = (amount: number) => (subtotal === 0 ? amount : divideRounded(amount * rental, subtotal));
  const extras: Partial<Record<PricedOption, number>> = {};
  let extrasTotal = 0;
  for (const [extra, amount] of Object.entries(price.extras) as Array<[PricedOption, number]>) {
    extras[extra] = scale(amount);
    extrasTotal += extras[extra]!;
  }
  return { base: rental - extrasTotal, extras };
}

/**
 * Every line of a price in another currency (decision 025): the rental and each extra (markup folded in), each fee,
 * the tax when it is added, and the tax the total includes. Each line is converted on its own and the total once:
 * the base line takes the rounding, so the lines add up to the total.
 */
export function convertedPriceLines(
  price: Pick<PriceBreakdown, "base" | "extras" | "markup" | "fees" | "tax" | "total"> & {
    equipment?: EquipmentCounts;
    /** How many additional drivers the extra's line pays for (decision 038). */
    additionalDrivers?: number;
  },
  convert: (cents: number) => number,
) {
  const folded = foldMarkup(price);
  const extras = PRICED_OPTIONS.filter((extra) => folded.extras[extra] !== undefined).map((extra) => ({
    extra,
    amount: convert(folded.extras[extra]!),
    // A piece of equipment's line names how many (decision 033); an extra is one.
    count: isOneOf(EQUIPMENT, extra)
      ? (price.equipment?.[extra] ?? 1)
      : extra === "additionalDriver"
        ? Math.max(1, price.additionalDrivers ?? 1)
        : 1,
  }));
  const fees = { oneWay: convert(price.fees.oneWay), youngDriver: convert(price.fees.youngDriver) };
  const tax = { rateBasisPoints: price.tax.rateBasisPoints, added: price.tax.added, amount: convert(price.tax.amount) };
  const total = convert(price.total);
  const others =
    extras.reduce((sum, line) => sum + line.amount, 0) + fees.oneWay + fees.youngDriver + (tax.added ? tax.amount : 0);
  return { base: total - others, extras, fees, tax, total };
}

/** The price a booking was booked at, as its row keeps it (base currency cents, and the driver's display rate). */
export interface BookedPrice {
  basePrice: number;
  extrasBreakdown: PriceBreakdown["extras"];
  equipment: EquipmentCounts;
  markup: number;
  oneWayFee: number;
  youngDriverFee: number;
  taxRateBasisPoints: number;
  taxAdded: boolean;
  taxAmount: number;
  totalPrice: number;
  displayRate: number;
}

/** A booking's lines in the currency and at the rate it was booked in: its receipt and its mails show the same ones. */
export function bookedPriceLines(booking: BookedPrice, additionalDrivers: number) {
  return convertedPriceLines(
    {
      base: booking.basePrice,
      extras: booking.extrasBreakdown,
      equipment: booking.equipment,
      markup: booking.markup,
      fees: { oneWay: booking.oneWayFee, youngDriver: booking.youngDriverFee },
      tax: { rateBasisPoints: booking.taxRateBasisPoints, added: booking.taxAdded, amount: booking.taxAmount },
      total: booking.totalPrice,
      additionalDrivers,
    },
    (cents) => convertMinorUnits(cents, booking.displayRate),
  );
}

/**
 * What the counter collects from a booking paid in full online that staff bring back from a cancellation (decision
 * 040), in display minor units: the rental's total less what its payments still hold. A cancellation gives the
 * security deposit back first (decision 029), so what is still held pays the rental; the deposit, if it went back,
 * is held at the counter as for any booking paid there. Refunded in full: the whole total is owed at the counter.
 */
export function reactivationCounterBalance(booking: { totalPrice: number; displayRate: number; held: number }): number {
  return Math.max(0, convertMinorUnits(booking.totalPrice, booking.displayRate) - booking.held);
}

/** The short reference drivers quote: the booking id's first eight characters, upper-case. */
export const bookingReference = (bookingId: string) => bookingId.slice(0, 8).toUpperCase();
