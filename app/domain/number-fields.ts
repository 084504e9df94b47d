/**
 * A whole number typed in an operator's form field, written once for every schema that asks for one (car, supplier,
 * platform settings): required, digits only, between `min` and `max`, each refusal a translation key. Pure.
 */
import { z } from "zod";
import { encodeFormError } from "~/domain/form-errors";

const REQUIRED = "validation.required";

export const wholeNumberField = (min: number, max: number) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^-?\d{1,9}$/, encodeFormError("manage:validation.wholeNumber", { min, max }))
    .transform(Number)
    .refine((value) => value >= min && value <= max, encodeFormError("manage:validation.wholeNumber", { min, max }));
