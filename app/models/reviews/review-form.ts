/**
 * The review form's one schema (decision 034): four marks out of 10 and an optional text. Pure: no I/O.
 */
import { z } from "zod";
import { REVIEW_MARKS, type ReviewMark } from "~/domain/enums";
import { encodeFormError } from "~/domain/form-errors";
import { withoutControlCharacters } from "~/domain/text";

export const REVIEW_TEXT_MAX = 2000;
export const AUTHOR_NAME_MAX = 60;

const mark = z
  .string({ required_error: "bookings:review.markRequired" })
  .regex(/^(10|[1-9])$/, "bookings:review.markRequired")
  .transform(Number);

export const reviewSchema = z.object({
  ...(Object.fromEntries(REVIEW_MARKS.map((name) => [name, mark])) as Record<ReviewMark, typeof mark>),
  // Optional on the outside (issue 53): the field's constraint is read from the outer type, which made it `required`.
  text: z
    .string()
    .transform(withoutControlCharacters)
    .pipe(
      z
        .string()
        .trim()
        .max(REVIEW_TEXT_MAX, encodeFormError("validation.tooLong", { max: REVIEW_TEXT_MAX })),
    )
    .optional()
    .default(""),
  authorName: z
    .string({ required_error: "validation.required" })
    .transform(withoutControlCharacters)
    .pipe(
      z
        .string()
        .trim()
        .min(1, "validation.required")
        .max(AUTHOR_NAME_MAX, encodeFormError("validation.tooLong", { max: AUTHOR_NAME_MAX })),
    ),
});
export type ReviewValues = z.output<typeof reviewSchema>;

/** A review's overall mark: its four marks' mean, out of 10. */
export const overallMark = (review: Record<ReviewMark, number>) =>
  REVIEW_MARKS.reduce((sum, name) => sum + review[name], 0) / REVIEW_MARKS.length;

/** The name a review is signed with by default: the driver's first name. */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0]?.slice(0, AUTHOR_NAME_MAX) ?? "";
