import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "./field-error";

/** A labelled input with its translated error and optional hint, wired for screen readers. */
export function FormField({
  label,
  inputProps,
  errorId,
  errors,
  hint,
  errorParams,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
  errorId: string;
  errors: string[] | undefined;
  hint?: string;
  errorParams?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  // Conform's key would remount the input when a server result arrives, dropping what the driver typed meanwhile.
  const { key: _key, ...props } = inputProps;
  const hintId = hint ? `${props.id}-hint` : undefined;
  const describedBy = [errors?.length ? errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <input {...props} aria-describedby={describedBy} />
      {hint ? (
        <p id={hintId} className="hint">
          {t(hint)}
        </p>
      ) : null}
      <FieldError id={errorId} error={errors?.length ? { key: errors[0]!, params: errorParams } : undefined} />
    </div>
  );
}
