/**
 * The amendment form (decision 011): new places, times and options, read by one schema on the server (the browser
 * gets its constraints only). Whether the change can be made (the places exist, the desks are open, the car is
 * free, the price may rise) is the booking's rules, checked by `amendBooking` after it; their problem is shown on
 * the field it concerns (`amendmentProblemField`).
 */
import { z } from "zod";
import type { Extra } from "~/domain/enums";
import { joinDateTime } from "~/domain/desk-times";
import { ALL_EXTRAS } from "~/models/pricing/pricing";

const required = (max: number) =>
  z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, "validation.required");

/**
 * The extras a form ticks (`extra`, repeated). Options the catalogue does not know are left out, as a hand-edited
 * link's are: never priced, never refused. One the car does not offer is the booking rules' problem.
 */
export const chosenExtrasField = () =>
  z
    .array(z.string().max(40))
    .max(12)
    .optional()
    .default([])
    .transform((chosen): Extra[] => ALL_EXTRAS.filter((extra) => chosen.includes(extra)));

export const amendmentSchema = z.object({
  b: z.string().max(36).optional().default(""),
  pickup: required(100),
  dropoff: z.string().trim().max(100).optional().default(""),
  from: required(32),
  to: required(32),
  extra: chosenExtrasField(),
  /** How a dearer change to a booking paid in full is paid (a payment link or the counter); asked by the preview. */
  shortfall: z.enum(["link", "counter"]).optional().catch(undefined),
  /** Only "save" saves; anything else (Enter in a field, a text browser) previews. */
  intent: z.enum(["preview", "save"]).catch("preview"),
});

export type AmendmentValues = z.output<typeof amendmentSchema>;

/**
 * The page's stops are a date field and a time list each (`fromDate`, `fromTime`…), as the search form's: joined
 * into `from` and `to` before the schema reads them. A date left empty leaves its stop empty, so the refusal is
 * "required" on that stop's field, not a time-format error on another.
 */
export function withJoinedStops(formData: FormData): FormData {
  for (const stop of ["from", "to"] as const) {
    if (formData.has(stop)) continue;
    const date = String(formData.get(`${stop}Date`) ?? "").trim();
    const joined = date ? joinDateTime(date, String(formData.get(`${stop}Time`) ?? "").trim()) : undefined;
    if (joined) formData.set(stop, joined);
  }
  return formData;
}

/** The field a problem of the booking's rules points to: the form itself, a place, the options, or a time. */
export function amendmentProblemField(key: string): "" | "pickup" | "from" | "to" | "extras" | "shortfall" {
  if (/chooseShortfall/.test(key)) return "shortfall";
  // Not one field's fault: the whole change costs more than a booking paid in full may.
  if (/tooManyAttempts|priceRaise/.test(key)) return "";
  if (/place/i.test(key)) return "pickup";
  if (/dropoffBeforePickup|rentalToo|dropoffOutsideHours|dropoffDeskClosed/.test(key)) return "to";
  if (/extra/i.test(key)) return "extras";
  return "from";
}
