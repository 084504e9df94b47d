/**
 * The forms staff book and change bookings with (decision 029): a booking taken for a customer (by phone or at the
 * desk) and a change the customer asks for. Each is read by one schema; the rental's rules (the desks' hours, the
 * minimum days, the car being free, the age) are the booking's, checked by the model after it, and their problem is
 * shown on the field it concerns (`rentalProblemField`).
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { CURRENCIES, EQUIPMENT, LANGUAGES, type Equipment, type Language } from "~/domain/enums";
import { encodeFormError, type Message } from "~/domain/form-errors";
import {
  checkBirthDate,
  emailProblem,
  EMAIL_MAX,
  FULL_NAME_MAX,
  fullNameProblem,
  PHONE_MAX,
  phoneProblem,
} from "~/domain/person-fields";
import { withoutControlCharacters } from "~/domain/text";
import { chosenExtrasField } from "~/models/booking/amend-form";
import {
  ADDITIONAL_DRIVER_POSITIONS,
  additionalDriverFields,
  type ALL_ADDITIONAL_DRIVER_FIELDS,
  type AdditionalDriverPosition,
} from "~/models/checkout/checkout-fields";
import { additionalDriverTexts } from "~/models/checkout/checkout-form";
import { SHORTFALL_CHOICES, STAFF_PAYMENT_CHOICES } from "./staff-booking-choices";

const BIRTH_DATE_MAX = 12;
/** A flight number as typed, 'AF 1234' or 'IBE-3201A'. */
const FLIGHT_NUMBER_MAX = 12;

const text = (max: number) => z.string().transform(withoutControlCharacters).pipe(z.string().trim().max(max)).catch("");
const required = (max: number) =>
  z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(max, encodeFormError("validation.tooLong", { max }));

/** The rental's fields, shared by both forms: the car, the places, the period and the extras. */
const rentalFields = {
  car: z.string({ required_error: "validation.required" }).uuid("validation.required"),
  pickup: required(100),
  dropoff: text(100),
  from: required(32),
  to: required(32),
  // Extras the catalogue does not know are left out; one the car does not offer is the rules' problem.
  extra: chosenExtrasField(),
  // Each piece of the supplier's equipment by its count (decision 033): '' or '0' none; checked by the rental's rules.
  ...(Object.fromEntries(EQUIPMENT.map((kind) => [kind, text(3)])) as Record<Equipment, ReturnType<typeof text>>),
  // Up to three added drivers (decision 038), named as at checkout: the first's fields unnumbered, then '…2', '…3'.
  ...additionalDriverTexts(1),
  ...additionalDriverTexts(2),
  ...additionalDriverTexts(3),
  /** The customer's arriving flight at an airport (decision 031), checked by the rental's rules. */
  flightNumber: text(FLIGHT_NUMBER_MAX),
  /** Only "save" saves; anything else (Enter in a field, a text browser) previews the price. */
  intent: z.enum(["preview", "save"]).catch("preview"),
  /**
   * The total the page showed at its last preview (minor units): a save whose total is another (never previewed, or
   * the prices moved since) shows the new total instead, so staff never confirm a price they did not see.
   */
  quoted: z.string().max(20).optional().default(""),
};

/** A booking taken for a customer: the rental, the customer, and how they pay. */
export const phoneBookingSchema = z.object({
  ...rentalFields,
  email: required(EMAIL_MAX),
  fullName: text(FULL_NAME_MAX),
  phone: required(PHONE_MAX),
  birthDate: text(BIRTH_DATE_MAX),
  payment: z.enum(STAFF_PAYMENT_CHOICES).catch("counter"),
  currency: z.enum(CURRENCIES).catch("USD"),
  /** The customer's language: their mails are written in it. */
  language: z.enum(LANGUAGES).catch("en"),
});
export type PhoneBookingValues = z.output<typeof phoneBookingSchema>;

/** A change to a booking: the rental as it should be, the booking's version as the page showed it, and the settlement. */
export const staffChangeSchema = z.object({
  ...rentalFields,
  /** The booking's `updatedAt` the page was drawn from: a save over a change made meanwhile is refused. */
  version: z.string().max(40),
  shortfall: z.enum(SHORTFALL_CHOICES).catch("link"),
});
export type StaffChangeValues = z.output<typeof staffChangeSchema>;

/** A driver the staff's form adds, with the group they were typed in (a group left empty before it adds no one). */
export interface AdditionalDriver {
  position: AdditionalDriverPosition;
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
}

/**
 * The drivers the form adds (decision 038), each group checked like the driver (the car's minimum age included), in
 * the form's order; a group left empty adds no one. Problems by field.
 */
export function readAdditionalDrivers(
  values: Pick<StaffChangeValues, (typeof ALL_ADDITIONAL_DRIVER_FIELDS)[number]>,
  rules: { minimumAge: number; now: Date; language: Language },
): { drivers: AdditionalDriver[]; problems: Record<string, Message> } {
  const drivers: AdditionalDriver[] = [];
  const problems: Record<string, Message> = {};
  for (const position of ADDITIONAL_DRIVER_POSITIONS) {
    const [fullName, email, phone, birthDate] = additionalDriverFields(position);
    if ([fullName, email, phone, birthDate].every((field) => values[field] === "")) continue;
    const found: Record<string, Message> = {};
    const set = (field: string, problem: Message | null) => {
      if (problem) found[field] ??= problem;
    };
    set(fullName, fullNameProblem(values[fullName]));
    set(email, emailProblem(values[email]));
    set(phone, phoneProblem(values[phone]));
    const birth = checkBirthDate(values[birthDate], rules);
    set(birthDate, birth.ok ? null : birth.problem);
    Object.assign(problems, found);
    if (birth.ok && Object.keys(found).length === 0)
      drivers.push({
        position,
        fullName: values[fullName],
        email: values[email],
        phone: values[phone],
        birthDate: birth.date,
      });
  }
  return { drivers, problems };
}

/** A namespaced translation key: the rules' own keys without one are the common namespace's. */
export const namespacedKey = (key: string) => (key.includes(":") ? key : `common:${key}`);

/** A form's reply with a problem of the rental's rules on the field it concerns (or the form), what was typed kept. */
export function rentalProblemReply(
  submission: {
    reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;
  },
  problem: Message,
  field?: string,
): SubmissionResult<string[]> {
  const where = field ?? rentalProblemField(problem.key);
  const message = encodeFormError(namespacedKey(problem.key), problem.params);
  return where
    ? submission.reply({ fieldErrors: { [where]: [message] } })
    : submission.reply({ formErrors: [message] });
}

/** The field a problem of the rental's rules points to: the car, a place, the extras, a time, or the form itself. */
export function rentalProblemField(
  key: string,
): "" | "car" | "pickup" | "from" | "to" | "extra" | "equipment" | "email" | "flightNumber" {
  if (/carNotFound|carUnavailable/.test(key)) return "car";
  if (/emailAlreadyRegistered|accountSuspended|notADriver/.test(key)) return "email";
  if (/place/i.test(key)) return "pickup";
  if (/dropoffBeforePickup|rentalToo|dropoffOutsideHours|dropoffDeskClosed/.test(key)) return "to";
  if (/extra/i.test(key)) return "extra";
  if (/equipment|tooManySeats/i.test(key)) return "equipment";
  if (/flightNumber|flightRequired/.test(key)) return "flightNumber";
  if (/changedMeanwhile|tooManyAttempts/.test(key)) return "";
  return "from";
}

/**
 * The forms' fields by name, as the pages' form kit reads them (every value a string on the page), and "equipment",
 * where a problem with the pieces as a whole is shown (`rentalProblemField`).
 */
export type PhoneBookingFields = FieldsOf<keyof typeof phoneBookingSchema.shape>;
export type StaffChangeFields = FieldsOf<keyof typeof staffChangeSchema.shape>;
/** The extras are checkboxes of one name: a list. */
type FieldsOf<Name extends string> = Record<Exclude<Name, "extra"> | "equipment", string> & { extra: string[] };
