/** The contact form (spec §2: subject and message), shared by the action and by Conform in the browser. */
import { z } from "zod";
import { encodeFormError } from "~/domain/form-errors";
import { emailField } from "~/models/account/account-forms";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "~/domain/text";

export const CONTACT_LIMITS = { subject: 150, message: 5000 } as const;

/** A visitor gives an address to answer; a signed-in user is answered at their account's address. */
export const contactSchema = z.object({
  email: emailField().optional(),
  subject: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(CONTACT_LIMITS.subject, encodeFormError("validation.tooLong", { max: CONTACT_LIMITS.subject }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
  message: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(CONTACT_LIMITS.message, encodeFormError("validation.tooLong", { max: CONTACT_LIMITS.message }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE),
});
