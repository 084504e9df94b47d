import type { FieldMetadata } from "@conform-to/react";
import { Field } from "./form-field";

/** A new password and its confirmation (sign-up, reset, activation, change). Nothing typed here is ever sent back. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
  hint,
}: {
  password: FieldMetadata<string | undefined>;
  confirmPassword: FieldMetadata<string | undefined>;
  labels: { password: string; confirmPassword: string };
  hint?: string;
}) {
  return (
    <>
      <Field meta={password} type="password" label={labels.password} autoComplete="new-password" hint={hint} />
      <Field meta={confirmPassword} type="password" label={labels.confirmPassword} autoComplete="new-password" />
    </>
  );
}
