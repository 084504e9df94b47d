/**
 * The rules for a person's details, written once: every form that asks for a name, an e-mail address, a phone
 * number or a birth date (sign-up, settings, a checkout's driver and additional driver) checks them here. Each rule
 * is a function that returns a message (a translation key) or null, and a zod field built from it for the forms
 * that have a schema. Pure: no I/O.
 */
import { z } from "zod";
import { encodeFormError, type Message } from "~/domain/form-errors";
import type { Language } from "./enums";
import { isCalendarDay } from "./rental-period";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "./text";

/** Spec §9: minimum driver age. */
export const MINIMUM_DRIVER_AGE = 21;
/** Nobody alive is older: a birth date before that is a typing mistake. */
const OLDEST_AGE = 120;

export const FULL_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;

/** A phone number as people write it: digits with spaces, dots, dashes, brackets, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,22}[0-9]$/;

const REQUIRED: Message = { key: "validation.required" };
const EMAIL = z.string().email();

export function fullNameProblem(value: string): Message | null {
  if (!value.trim()) return REQUIRED;
  if (value.length > FULL_NAME_MAX) return { key: "validation.tooLong", params: { max: FULL_NAME_MAX } };
  return hasNoControlCharacters(value) ? null : { key: CONTROL_CHARACTERS_MESSAGE };
}

export function emailProblem(value: string): Message | null {
  const email = value.trim();
  if (!email) return REQUIRED;
  return email.length <= EMAIL_MAX && EMAIL.safeParse(email).success ? null : { key: "validation.invalidEmail" };
}

export function phoneProblem(value: string): Message | null {
  const phone = value.trim();
  if (!phone) return REQUIRED;
  return PHONE_PATTERN.test(phone) && phone.replace(/\D/g, "").length >= 6 ? null : { key: "validation.invalidPhone" };
}

/** Whole years between a birth date ('YYYY-MM-DD') and `today` (UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [year = 0, month = 0, day = 0] = birthDate.split("-").map(Number);
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age--;
  return age;
}

/** The order people write a date's numbers in each language: 12/31/1990 in English, 31/12/1990 in French and Spanish. */
export const TYPED_DATE_ORDER: Record<Language, "monthFirst" | "dayFirst"> = {
  en: "monthFirst",
  fr: "dayFirst",
  es: "dayFirst",
};

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * A calendar day as a person types it, as 'YYYY-MM-DD', or null. A date field sends 1990-12-31; a text browser (or a
 * person) types 12/31/1990 in English and 31/12/1990 in French or Spanish, with '/', '.' or '-' between the numbers.
 * When the language's order gives no real day but the other order does (31/12/1990 typed in English), that day is
 * meant. A two-digit year is refused: its century is a guess.
 */
export function parseTypedDate(value: string, language: Language): string | null {
  const text = value.trim();
  const isoLike = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (isoLike) {
    const [year = 0, month = 0, day = 0] = isoLike.slice(1).map(Number);
    return isCalendarDay(year, month, day) ? iso(year, month, day) : null;
  }
  const typed = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (!typed) return null;
  const [first = 0, second = 0, year = 0] = typed.slice(1).map(Number);
  const [month, day] = TYPED_DATE_ORDER[language] === "monthFirst" ? [first, second] : [second, first];
  if (isCalendarDay(year, month, day)) return iso(year, month, day);
  return isCalendarDay(year, day, month) ? iso(year, day, month) : null;
}

export type BirthDateCheck = { ok: true; date: string } | { ok: false; problem: Message };

/** A driver's birth date: a real day, typed in the page's language, at least `minimumAge` years ago. */
export function checkBirthDate(
  value: string,
  options: { minimumAge: number; now: Date; language: Language },
): BirthDateCheck {
  if (!value.trim()) return { ok: false, problem: REQUIRED };
  const date = parseTypedDate(value, options.language);
  if (!date) return { ok: false, problem: { key: "validation.invalidBirthDate" } };
  const age = ageOn(date, options.now);
  if (age > OLDEST_AGE || age < 0) return { ok: false, problem: { key: "validation.invalidBirthDate" } };
  if (age < options.minimumAge)
    return { ok: false, problem: { key: "validation.minimumAge", params: { age: options.minimumAge } } };
  return { ok: true, date };
}

const messageOf = (problem: Message) => encodeFormError(problem.key, problem.params);

/** A text field whose length limits the browser also knows (native constraints), then `rule` on what passed them. */
const checkedText = (
  max: number,
  rule: (value: string) => Message | null,
  requiredMessage = "validation.required",
  tooLongMessage = requiredMessage,
) =>
  z
    .string({ required_error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage)
    .superRefine((value, ctx) => {
      // Length problems were reported above; the rule speaks only of what passed them.
      if (!value || value.length > max) return;
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messageOf(problem) });
    });

/** The zod fields of the forms that have a schema, each built on the rule above so both read the same. */
export const personFields = {
  fullName: () =>
    checkedText(
      FULL_NAME_MAX,
      fullNameProblem,
      "validation.required",
      encodeFormError("validation.tooLong", { max: FULL_NAME_MAX }),
    ),
  /** Trimmed, checked, at most 254 characters (RFC 5321). */
  email: (requiredMessage = "validation.required") =>
    checkedText(EMAIL_MAX, emailProblem, requiredMessage, "validation.invalidEmail"),
  phone: () => checkedText(PHONE_MAX, phoneProblem, "validation.required", "validation.invalidPhone"),
  /** Read in `language`'s order and given on as 'YYYY-MM-DD'. */
  birthDate: (language: Language, minimumAge = MINIMUM_DRIVER_AGE) =>
    z
      .string({ required_error: "validation.required" })
      .min(1, "validation.required")
      .transform((value, ctx) => {
        const checked = checkBirthDate(value, { minimumAge, now: new Date(), language });
        if (checked.ok) return checked.date;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: messageOf(checked.problem) });
        return z.NEVER;
      }),
};
