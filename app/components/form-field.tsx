import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { ErrorSummary } from "./error-summary";
import { FieldError, firstError, type FieldErrorMessage } from "./field-error";
import { useTranslation } from "./i18n-provider";
import type { Message } from "~/domain/form-message";

// Conform's props carry a `key` that would remount a field when a reply arrives, dropping what was typed meanwhile.
function withoutKey<Props extends { key?: unknown }>({ key: _key, ...props }: Props): Omit<Props, "key"> {
  return props;
}

/** The ids a field's aria-describedby lists: its error when it has one, then its hint. */
const describedBy = (meta: FieldMetadata<unknown>, hintId?: string) =>
  [meta.errors?.length ? meta.errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;

/** A hint is a translation key, or a key with its parameters. */
type FieldBase = { meta: FieldMetadata<string | undefined>; label: ReactNode; hint?: string | Message };

/** Conform's props, less what HTML forbids on a date or time input: a `pattern` or a length (from a schema's rules). */
function inputProps(meta: FieldMetadata<string | undefined>, type: TextInputType) {
  const { pattern, minLength, maxLength, ...props } = withoutKey(getInputProps(meta, { type }));
  return type === "date" || type === "datetime-local" ? props : { ...props, pattern, minLength, maxLength };
}

type TextInputType =
  "text" | "email" | "password" | "tel" | "date" | "datetime-local" | "number" | "search" | "url" | "file";

/** A field's label, its control, its hint (a translation key) and its error, wired for screen readers. */
function LabelledControl({
  meta,
  label,
  hint,
  control,
}: FieldBase & { control: (describedBy: string | undefined) => ReactNode }) {
  const { t } = useTranslation();
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const hintMessage = typeof hint === "string" ? { key: hint } : hint;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {control(describedBy(meta, hintId))}
      {hintMessage ? (
        <p id={hintId} className="hint">
          {t(hintMessage.key, hintMessage.params ?? {})}
        </p>
      ) : null}
      <FieldError id={meta.errorId} error={firstError(meta.errors)} />
    </div>
  );
}

/**
 * What a person field always is, whichever form asks for it: its input type and the browser's autofill name, so a
 * password manager and a phone's keyboard meet the same field everywhere. `<Field meta={…} {...FIELD_PRESETS.email} />`.
 */
export const FIELD_PRESETS = {
  fullName: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  birthDate: { type: "date", autoComplete: "bday" },
} as const satisfies Record<string, { type?: TextInputType; autoComplete: string }>;

export function Field({
  meta,
  label,
  hint,
  type = "text",
  ...attributes
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { type?: TextInputType }) {
  if (type === "password") return <PasswordField meta={meta} label={label} hint={hint} {...attributes} />;
  return (
    <LabelledControl
      meta={meta}
      label={label}
      hint={hint}
      control={(ids) => <input {...inputProps(meta, type)} {...attributes} aria-describedby={ids} />}
    />
  );
}

/**
 * A password field with a "Show password" toggle (issue 37.8, as the reference product's 8.0): a real button, pressed
 * or not, that shows the password as text. It exists once JavaScript runs; without it the field stays a plain password
 * field. A reply or a new page starts hidden again.
 */
function PasswordField({
  meta,
  label,
  hint,
  ...attributes
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <LabelledControl
      meta={meta}
      label={label}
      hint={hint}
      // No wrapper around the input: a text browser keeps the field on its label's line (lynx reads "Password [__]").
      control={(ids) => (
        <>
          <input
            {...inputProps(meta, "password")}
            {...attributes}
            type={shown ? "text" : "password"}
            aria-describedby={ids}
          />
          {hydrated ? (
            <button
              type="button"
              className="password-toggle"
              aria-pressed={shown}
              aria-controls={meta.id}
              onClick={() => setShown((now) => !now)}
            >
              {t("account.showPassword")}
            </button>
          ) : (
            // The toggle's room, kept until it arrives so nothing below moves (CLS): the same box, its label drawn by
            // the style sheet only (lynx and screen readers find nothing), and gone where scripts are off (js-only).
            <span
              className="password-toggle password-toggle-room js-only"
              data-label={t("account.showPassword")}
              aria-hidden="true"
            />
          )}
        </>
      )}
    />
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  ...attributes
}: FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledControl
      meta={meta}
      label={label}
      hint={hint}
      control={(ids) => <textarea {...withoutKey(getTextareaProps(meta))} {...attributes} aria-describedby={ids} />}
    />
  );
}

export function SelectField({
  meta,
  label,
  options,
  ...attributes
}: FieldBase &
  SelectHTMLAttributes<HTMLSelectElement> & { options: Array<{ value: string; label: string; lang?: string }> }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {/* Never `required`: every option is a valid choice, and HTML wants a required select to open on an empty one. */}
      <select
        {...withoutKey(getSelectProps(meta))}
        required={false}
        {...attributes}
        aria-describedby={describedBy(meta)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} error={firstError(meta.errors)} />
    </div>
  );
}

/** A checkbox posting "on", its label after it (the label may hold a link), and its error. */
export function CheckboxField({
  meta,
  label,
}: {
  meta: FieldMetadata<string | boolean | undefined>;
  label: ReactNode;
}) {
  return (
    <>
      <div className="field field-checkbox">
        <input
          {...withoutKey(getInputProps(meta as FieldMetadata<string>, { type: "checkbox", value: "on" }))}
          aria-describedby={describedBy(meta)}
        />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      <FieldError id={meta.errorId} error={firstError(meta.errors)} />
    </>
  );
}

/**
 * "There is a problem" over a Conform form: the form's message and a link to each field in error (labelled by
 * `labels`), in the order of `labels`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata: only its id and errors are read
type AnyFormErrors = Pick<FormMetadata<any, string[]>, "id" | "allErrors">;

export function FormErrorSummary({ form, labels }: { form: AnyFormErrors; labels: Record<string, string> }) {
  const all = form.allErrors;
  const errors: Record<string, NonNullable<FieldErrorMessage>> = {};
  for (const name of ["", ...Object.keys(labels), ...Object.keys(all)]) {
    const message = firstError(all[name] ?? undefined);
    if (message && !(name in errors)) errors[name] = message;
  }
  return <ErrorSummary errors={errors} labels={labels} idPrefix={`${form.id}-`} />;
}

export { StatusButton, useIsPending } from "./status-button";

/**
 * A file to upload in a plain multipart post (no JavaScript needed): its label, the types it accepts, a hint (the
 * size allowed) and the server's refusal, each tied to the input for a screen reader.
 */
export function FileField({
  id,
  name,
  label,
  accept,
  hint,
  error,
  required,
}: {
  id: string;
  name: string;
  label: ReactNode;
  accept: string;
  hint?: ReactNode;
  error?: FieldErrorMessage;
  required?: boolean;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
