import { Form } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { type FieldErrorMessage } from "~/components/field-error";
import { FileField, StatusButton } from "~/components/form-field";
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
  return (
    <>
      <Form key={props.resetKey} method="post" action={`/settings?upload=${props.form}`} encType="multipart/form-data">
        <ErrorSummary
          errors={props.error ? { [props.fieldName]: props.error } : {}}
          labels={{ [props.fieldName]: props.label }}
          idPrefix={`${props.form}-`}
        />
        <FileField
          id={`${props.form}-${props.fieldName}`}
          name={props.fieldName}
          label={props.label}
          accept={props.accept}
          hint={props.hint}
          error={props.error}
        />
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
