import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import type { FormConstraint } from "./form-constraints";

const constraints = new WeakMap<z.ZodTypeAny, FormConstraint>();

/** A schema's native constraints, computed once, for a loader to hand to `useServerForm`. */
export function constraintOf(schema: z.ZodTypeAny): FormConstraint {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema) as FormConstraint));
  return constraint;
}
