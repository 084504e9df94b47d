/**
 * The checkout's field names that the page (in the browser) and its reader (checkout-form.ts, on the server) share.
 * Kept apart from the reader: a page importing anything from it shipped its zod schema, and zod with it (about 60 KB
 * of the checkout page's script).
 */

/** The second driver's fields, in the order the form shows them. */
export const ADDITIONAL_DRIVER_FIELDS = [
  "additionalFullName",
  "additionalEmail",
  "additionalPhone",
  "additionalBirthDate",
] as const;

export const CARD_FIELDS = ["cardNumber", "cardExpiry", "cardCvc"] as const;
