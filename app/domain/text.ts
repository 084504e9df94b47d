import { z } from "zod";
import { encodeFormError } from "./form-message";

/**
 * Free text as people type it. Control characters other than tab and line breaks are never typed; a NUL byte cannot
 * even be stored by PostgreSQL (it used to fail the insert with a 500). Forms refuse them with a translated message
 * on the field; the lenient checkout reader drops them.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export const hasNoControlCharacters = (text: string) => !new RegExp(CONTROL_CHARACTERS.source).test(text);

export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, "");

/** The message of a field that holds control characters (common namespace). */
export const CONTROL_CHARACTERS_MESSAGE = "validation.controlCharacters";

/**
 * A form's line of free text that may be left empty (then null): trimmed, at most `max` characters, without control
 * characters, each refusal a translated message on the field.
 */
export const optionalTextField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, encodeFormError("validation.tooLong", { max }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE)
    .optional()
    .transform((value) => value || null);
