import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * Conform set up the same way for every account form: native constraints from the zod schema (the browser
 * checks without JavaScript), validation on blur, re-validation while typing so a corrected field can be sent.
 */
export function useAccountForm<Schema extends z.ZodTypeAny>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  /** May add form-level errors (key "") to a failed client-side validation. */
  onInvalid?: (errors: Record<string, string[] | null>, formData: FormData) => void,
) {
  return useForm<z.input<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success" && submission.error) onInvalid?.(submission.error, formData);
      return submission;
    },
  });
}
