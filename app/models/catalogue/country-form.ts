import { z } from "zod";
import { encodeFormError } from "~/domain/form-errors";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "~/domain/text";

const name = z
  .string({ required_error: "validation.required" })
  .trim()
  .min(1, "validation.required")
  .max(80, encodeFormError("validation.tooLong", { max: 80 }))
  .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);
/** One country: its ISO code (two letters) and its names. */
export const countrySchema = z.object({
  countryId: z.string().uuid().optional(),
  code: z
    .string({ required_error: "validation.required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "manage:validation.countryCode"),
  nameEn: name,
  nameFr: name,
  nameEs: name,
});
export type CountryFormInput = z.input<typeof countrySchema>;
