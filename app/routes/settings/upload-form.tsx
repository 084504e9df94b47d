import { Form } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { FieldError, type FieldErrorMessage } from "~/components/field-error";
import { StatusButton } from "~/components/form-field";
import { type UploadFormName } from "./page.server";

/**
 * One file field in its own multipart form (it works without JavaScript), and the button deleting the stored
 * file when there is one. The form names itself in the URL so the server can answer an oversized body without
 * reading it; `resetKey` empties the field after a change.
 */
export function UploadForm(props: {
  form: UploadFormName;
  fieldName: string;
  accept: string;
  label: string;
  hint: string;
  error: FieldErrorMessage;
  submitLabel: string;
  resetKey: string;
  remove: { intent: "deleteAvatar" | "deleteLicense"; label: string } | null;
}) {
  const id = `${props.form}-${props.fieldName}`;
  return (
    <>
      <Form key={props.resetKey} method="post" action={`/settings?upload=${props.form}`} encType="multipart/form-data">
        <ErrorSummary
          errors={props.error ? { [props.fieldName]: props.error } : {}}
          labels={{ [props.fieldName]: props.label }}
          idPrefix={`${props.form}-`}
        />
        <div className="field">
          <label htmlFor={id}>{props.label}</label>
          <input
            id={id}
            type="file"
            name={props.fieldName}
            accept={props.accept}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${id}-error ${id}-hint` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="hint">
            {props.hint}
          </p>
          <FieldError id={`${id}-error`} error={props.error} />
        </div>
        <StatusButton intent={props.form}>{props.submitLabel}</StatusButton>
      </Form>
      {props.remove ? (
        <Form method="post">
          <StatusButton intent={props.remove.intent} className="button button-quiet">
            {props.remove.label}
          </StatusButton>
        </Form>
      ) : null}
    </>
  );
}
