/** The "take this car off the road" form (decision 027): a period on the car's clocks, a reason, a note. Pure. */
import { z } from "zod";
import { BLOCK_REASONS } from "~/domain/enums";
import { encodeFormError } from "~/domain/form-errors";
import { localDateTimeToInstant } from "~/domain/rental-period";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "~/domain/text";

export const BLOCK_NOTE_MAX = 500;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The schema for a car whose places keep `timeZone`'s clocks. */
export function blockFormSchema(timeZone: string) {
  const instant = z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .transform((value, context) => {
      const at = LOCAL.test(value) ? localDateTimeToInstant(value, timeZone) : null;
      if (!at) {
        context.addIssue({ code: "custom", message: "validation.invalidDate" });
        return z.NEVER;
      }
      return at;
    });
  return z
    .object({
      from: instant,
      to: instant,
      reason: z.enum(BLOCK_REASONS, { errorMap: () => ({ message: "validation.required" }) }),
      note: z
        .string()
        .trim()
        .max(BLOCK_NOTE_MAX, encodeFormError("validation.tooLong", { max: BLOCK_NOTE_MAX }))
        .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE)
        .optional()
        .transform((note) => note ?? ""),
    })
    .superRefine((block, context) => {
      if (block.to.getTime() <= block.from.getTime())
        context.addIssue({ code: "custom", path: ["to"], message: "validation.dropoffBeforePickup" });
    });
}
export type BlockFormValue = z.output<ReturnType<typeof blockFormSchema>>;
export type BlockFormInput = z.input<ReturnType<typeof blockFormSchema>>;
