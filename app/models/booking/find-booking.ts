/**
 * "Find my booking" (decision 023): a driver without a usable account (not activated, or on another device) asks for
 * a one-time link to their booking with its reference and their e-mail address. The reference is the booking id's
 * first eight hexadecimal digits, as every page and mail shows it (`bookingReference`).
 */
import { z } from "zod";
import { emailField } from "~/models/account/account-forms";

const REFERENCE = /^[0-9A-F]{8}$/;

export const findBookingSchema = z.object({
  reference: z
    .string({ required_error: "validation.required" })
    .max(40, "validation.bookingReference")
    // As people copy it: with spaces, a leading '#', in lower case.
    .transform((value) => value.replace(/[\s#]/g, "").toUpperCase())
    .pipe(z.string().regex(REFERENCE, "validation.bookingReference")),
  email: emailField(),
});

/**
 * The ids a reference stands for, as an inclusive range of the primary key (an index range scan, where comparing
 * the id's text would read every booking).
 */
export function bookingIdRange(reference: string): [string, string] {
  const prefix = reference.toLowerCase();
  return [`${prefix}-0000-0000-0000-000000000000`, `${prefix}-ffff-ffff-ffff-ffffffffffff`];
}
