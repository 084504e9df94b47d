import { useTranslation } from "react-i18next";

export type FieldErrorMessage = { key: string; params?: Record<string, string | number> } | undefined;

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
