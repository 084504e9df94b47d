/**
 * Account forms' zod schemas, used by the actions (the browser gets only their constraints). Messages are translation
 * keys; those that need a figure carry it (`encodeFormError`), so no view passes parameters.
 */
import { z } from "zod";
import { encodeFormError } from "~/domain/form-errors";
import { LANGUAGES, type Language } from "~/domain/enums";
import { personFields } from "~/domain/person-fields";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "~/domain/text";

/** An e-mail address as every form takes it: trimmed, checked, at most 254 characters (RFC 5321). */
export const emailField = personFields.email;

export const signInSchema = z.object({
  email: emailField(),
  password: z
    .string({ required_error: "validation.required" })
    .min(1, "validation.required")
    .max(200, "validation.required"),
  stayConnected: z.literal("on").optional(),
  redirectTo: z.string().max(2000).optional(),
});

/** A second factor (decision 043): an app's six digits or a recovery code, read by `readTypedCode`. */
export const secondFactorSchema = z.object({
  code: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(40, "account:twoFactor.wrongCode"),
});

export const MINIMUM_PASSWORD_LENGTH = 6;

export const SIGN_UP_FIELDS = ["fullName", "email", "phone", "birthDate", "password", "confirmPassword"] as const;

/** A new password and its confirmation, checked against each other even while other fields are wrong. */
const newPasswordFields = {
  password: z
    .string({ required_error: "validation.newPasswordRequired" })
    .min(MINIMUM_PASSWORD_LENGTH, encodeFormError("validation.passwordTooShort", { min: MINIMUM_PASSWORD_LENGTH }))
    .max(200, encodeFormError("validation.passwordTooShort", { min: MINIMUM_PASSWORD_LENGTH })),
  confirmPassword: z.string({ required_error: "validation.required" }),
};
const passwordsMatch = (value: { password?: unknown; confirmPassword?: unknown }) =>
  value.password === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "validation.passwordsDontMatch" };
/**
 * 'Passwords don't match' as soon as both were typed: an object's own refinement runs only once every field is
 * valid, so the comparison sits in an intersection, which zod checks beside the fields.
 */
const matchingPasswords = z
  .object({ password: z.string().optional(), confirmPassword: z.string().optional() })
  .refine(passwordsMatch, mismatch);

/** One schema per language: a typed birth date is read in the page's order (31/12/1990 in French). */
const perLanguage = <Schema>(build: (language: Language) => Schema) => {
  const built = new Map<Language, Schema>();
  return (language: Language): Schema => {
    let schema = built.get(language);
    if (!schema) built.set(language, (schema = build(language)));
    return schema;
  };
};

export const signUpSchema = perLanguage((language) =>
  z.intersection(
    z.object({
      fullName: personFields.fullName(),
      email: emailField(),
      phone: personFields.phone(),
      birthDate: personFields.birthDate(language),
      password: z
        .string({ required_error: "validation.required" })
        .min(MINIMUM_PASSWORD_LENGTH, encodeFormError("validation.passwordTooShort", { min: MINIMUM_PASSWORD_LENGTH }))
        .max(200, "validation.required"),
      confirmPassword: z.string({ required_error: "validation.required" }),
      acceptTerms: z.literal("on", { errorMap: () => ({ message: "validation.acceptTerms" }) }),
    }),
    matchingPasswords,
  ),
);

/** The sign-up fields left empty, for spec §5's 'Please fill in the field(s): …' summary. */
export function missingSignUpFields(formData: FormData): Array<(typeof SIGN_UP_FIELDS)[number]> {
  return SIGN_UP_FIELDS.filter((field) => !String(formData.get(field) ?? "").trim());
}

export const forgotPasswordSchema = z.object({
  email: emailField(),
});

export const resetPasswordSchema = z.intersection(
  z.object({ token: z.string().min(1).max(200), ...newPasswordFields }),
  matchingPasswords,
);

/** /activate: an account created at checkout sets its first password with the token of its activation link. */
export const activationSchema = resetPasswordSchema;

/** An account made by social sign-in has no current password: it sets its first one here. */
export const changePasswordSchema = z.intersection(
  z.object({ currentPassword: z.string().max(200).optional(), ...newPasswordFields }),
  matchingPasswords,
);

export const PROFILE_TEXT_LIMITS = { location: 120, bio: 1000 } as const;

/** /settings profile form. Optional fields may be cleared; Conform turns empty inputs into undefined. */
export const profileSchema = perLanguage((language) =>
  z.object({
    fullName: personFields.fullName(),
    phone: personFields.phone().optional(),
    location: z
      .string()
      .trim()
      .max(PROFILE_TEXT_LIMITS.location, encodeFormError("validation.tooLong", { max: PROFILE_TEXT_LIMITS.location }))
      .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE)
      .optional(),
    bio: z
      .string()
      .trim()
      .max(PROFILE_TEXT_LIMITS.bio, encodeFormError("validation.tooLong", { max: PROFILE_TEXT_LIMITS.bio }))
      .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE)
      .optional(),
    birthDate: personFields.birthDate(language).optional(),
    language: z.enum(LANGUAGES, { errorMap: () => ({ message: "validation.invalidLanguage" }) }),
    enableEmailNotifications: z.literal("on").optional(),
  }),
);
export type ProfileInput = z.output<ReturnType<typeof profileSchema>>;

/** An admin's correction of a person's details (issue 51): the e-mail stays the owner's to change. */
export const personDetailsSchema = perLanguage((language) =>
  z.object({
    fullName: personFields.fullName(),
    phone: personFields.phone().optional(),
    birthDate: personFields.birthDate(language).optional(),
  }),
);
export type PersonDetailsInput = z.input<ReturnType<typeof personDetailsSchema>>;
