/**
 * The staff forms' fixed choices, kept apart from their reader (staff-booking-form.ts): a page importing a value from
 * the reader ships its zod schemas, and zod and the checkout's reader with them.
 */

/** How the customer pays a booking staff take: at the counter, or by a mailed link (a deposit, or all of it). */
export const STAFF_PAYMENT_CHOICES = ["counter", "linkDeposit", "linkFull"] as const;
export type StaffPaymentChoice = (typeof STAFF_PAYMENT_CHOICES)[number];

/** How a change that costs more on a booking paid in full online is settled: a mailed link, or at the counter. */
export const SHORTFALL_CHOICES = ["link", "counter"] as const;
export type ShortfallChoice = (typeof SHORTFALL_CHOICES)[number];
