/**
 * Account forms' zod schemas, used by the actions (the browser gets only their constraints). Messages are translation
 * keys; those that need a figure carry it (`encodeFormError`), so no view passes parameters.
 */
import { z } from "zod";
import { encodeFormError } from "~/utils/form-errors";
import { LANGUAGES } from "./enums";
import { isCalendarDay } from "./rental-period";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "./text";

/** An e-mail address as every form takes it: trimmed, checked, at most 254 characters (RFC 5321). */
export const emailField = (requiredMessage = "validation.required") =>
  z.string({ required_error: requiredMessage }).trim().email("validation.invalidEmail").max(254, "validation.invalidEmail");

export const signInSchema = z.object({
  email: emailField(),
  password: z.string({ required_error: "validation.required" }).min(1, "validation.required").max(200, "validation.required"),
  stayConnected: z.literal("on").optional(),
  redirectTo: z.string().max(2000).optional(),
});

/** Spec §9: minimum driver age. */
export const MINIMUM_DRIVER_AGE = 21;
export const MINIMUM_PASSWORD_LENGTH = 6;

/** Whole years between a birth date ('YYYY-MM-DD') and today (UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age--;
  return age;
}

/** A phone number as people write it: digits with spaces, dots, dashes, brackets, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,22}[0-9]$/;

/** Whether 'YYYY-MM-DD' names a day of the calendar (Date.parse turns 30 February into 1 March; the database refuses it). */
const isCalendarDate = (text: string) => isCalendarDay(...(text.split("-").map(Number) as [number, number, number]));

/** A driver's birth date: a real day (the message says "date", not "date and time"), at least the minimum driver age ago. */
const birthDateField = z
  .string({ required_error: "validation.required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalidBirthDate")
  .refine(isCalendarDate, "validation.invalidBirthDate")
  .refine((date) => ageOn(date, new Date()) >= MINIMUM_DRIVER_AGE, encodeFormError("validation.minimumAge", { age: MINIMUM_DRIVER_AGE }))
  .refine((date) => ageOn(date, new Date()) <= 120, "validation.invalidBirthDate");

const phoneField = z
  .string({ required_error: "validation.required" })
  .trim()
  .regex(PHONE_PATTERN, "validation.invalidPhone")
  .refine((phone) => phone.replace(/\D/g, "").length >= 6, "validation.invalidPhone");

const fullNameField = z
  .string({ required_error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(120, "validation.required")
  .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);

export const SIGN_UP_FIELDS = ["fullName", "email", "phone", "birthDate", "password", "confirmPassword"] as const;

/** A new password and its confirmation, checked against each other even while other fields are wrong. */
const newPasswordFields = {
  password: z
    .string({ required_error: "validation.newPasswordRequired" })
    .min(MINIMUM_PASSWORD_LENGTH, encodeFormError("validation.passwordTooShort", { min: MINIMUM_PASSWORD_LENGTH }))
    .max(200, encodeFormError("validation.passwordTooShort", { min: MINIMUM_PASSWORD_LENGTH })),
  confirmPassword: z.string({ required_error: "validation.required" }),
};
const passwordsMatch = (value: { password?: unknown; confirmPassword?: unknown }) => value.password === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "validation.passwordsDontMatch" };
/**
 * 'Passwords don't match' as soon as both were typed: an object's own refinement runs only once every field is
 * valid, so the comparison sits in an intersection, which zod checks beside the fields.
 */
const matchingPasswords = z.object({ password: z.string().optional(), confirmPassword: z.string().optional() }).refine(passwordsMatch, mismatch);

export const signUpSchema = z.intersection(
  z.object({
    fullName: fullNameField,
    email: emailField(),
    phone: phoneField,
    birthDate: birthDateField,
    password: z
      .string({ required_error: "validation.required" })
      .min(MINIMUM_PASSWORD_LENGTH, encodeFormError("validation.passwordTooShort", { min: MINIMUM_PASSWORD_LENGTH }))
      .max(200, "validation.required"),
    confirmPassword: z.string({ required_error: "validation.required" }),
    acceptTerms: z.literal("on", { errorMap: () => ({ message: "validation.acceptTerms" }) }),
  }),
  matchingPasswords,
);

/** The sign-up fields left empty, for spec §5's 'Please fill in the field(s): …' summary. */
export function missingSignUpFields(formData: FormData): Array<(typeof SIGN_UP_FIELDS)[number]> {
  return SIGN_UP_FIELDS.filter((field) => !String(formData.get(field) ?? "").trim());
}

export const forgotPasswordSchema = z.object({
  email: emailField(),
});

export const resetPasswordSchema = z.intersection(z.object({ token: z.string().min(1).max(200), ...newPasswordFields }), matchingPasswords);

/** /activate: an account created at checkout sets its first password with the token of its activation link. */
export const activationSchema = resetPasswordSchema;

/** An account made by social sign-in has no current password: it sets its first one here. */
export const changePasswordSchema = z.intersection(z.object({ currentPassword: z.string().max(200).optional(), ...newPasswordFields }), matchingPasswords);

export const PROFILE_TEXT_LIMITS = { location: 120, bio: 1000 } as const;

/** /settings profile form. Optional fields may be cleared; Conform turns empty inputs into undefined. */
export const profileSchema = z.object({
  fullName: fullNameField,
  phone: phoneField.optional(),
  location: z.string().trim().max(PROFILE_TEXT_LIMITS.location, encodeFormError("validation.tooLong", { max: PROFILE_TEXT_LIMITS.location })).refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE).optional(),
  bio: z.string().trim().max(PROFILE_TEXT_LIMITS.bio, encodeFormError("validation.tooLong", { max: PROFILE_TEXT_LIMITS.bio })).refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE).optional(),
  birthDate: birthDateField.optional(),
  language: z.enum(LANGUAGES, { errorMap: () => ({ message: "validation.invalidLanguage" }) }),
  enableEmailNotifications: z.literal("on").optional(),
});
export type ProfileInput = z.output<typeof profileSchema>;
