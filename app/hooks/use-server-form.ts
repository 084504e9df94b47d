import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { FormConstraint } from "~/utils/form-constraints";

/**
 * Conform for a form the server validates: no schema and no validation library reach the browser (decision 014: zod and
 * its Conform adapter were a fifth of a form page's JavaScript). The loader sends the schema's constraints, so the
 * inputs still say `required`, `maxLength` and their type to assistive technology; every submit goes to the action,
 * whose reply brings the errors back — the same page with JavaScript on and off.
 */
export function useServerForm<Shape extends Record<string, unknown>>(
  id: string,
  options: {
    lastResult: SubmissionResult<string[]> | null | undefined;
    constraint: FormConstraint;
    /** What the fields show before anything was sent; a reply's own values replace it. */
    defaultValue?: DefaultValue<Shape>;
  },
) {
  return useForm<Shape>({
    id,
    lastResult: options.lastResult,
    constraint: options.constraint,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
  });
}
