import { decodeFormError, type Message } from "~/domain/form-message";
import { useTranslation } from "./i18n-provider";

export type FieldErrorMessage = Message | undefined;

/** The first of a field's errors as a message: a translation key, with the parameters the schema packed in. */
export const firstError = (errors: string[] | undefined): FieldErrorMessage => decodeFormError(errors?.[0]);

/** A translated error under a field, referenced by the field's aria-describedby. */
export function FieldError({ id, error }: { id: string; error: FieldErrorMessage }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {t(error.key, error.params ?? {})}
    </p>
  );
}
