import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { MINIMUM_PASSWORD_LENGTH } from "~/models/account-forms";
import { FormField } from "./form-field";

/** A new password and its confirmation (sign-up, reset, change). Nothing typed here is ever sent back. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
  hint,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  labels: { password: string; confirmPassword: string };
  hint?: string;
}) {
  return (
    <>
      <FormField
        label={labels.password}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
        errorId={password.errorId}
        errors={password.errors}
        errorParams={{ min: MINIMUM_PASSWORD_LENGTH }}
        hint={hint}
      />
      <FormField
        label={labels.confirmPassword}
        inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errorId={confirmPassword.errorId}
        errors={confirmPassword.errors}
      />
    </>
  );
}
