import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FileField } from "./form-field";
import { SubmitInput } from "./submit-input";

/**
 * One picture of a record (a car, a place, a supplier's logo) as the operators' pages upload it: the picture as it is
 * now (or a line saying there is none), a plain multipart form to send a new one, and, when `remove` is given, a
 * button to take it off. The server checks the file by its content and re-encodes it; `problem` is its refusal (a
 * translation key), shown on the field with the size limit.
 */
export function PictureUpload(props: {
  id: string;
  heading: string;
  picture: ReactNode;
  fieldName: string;
  label: string;
  hint: string;
  maxMegabytes: number;
  problem: string | null;
  submit: { intent: string; label: string; className?: string };
  remove?: { intent: string; label: string } | null;
}) {
  return (
    <section className="form-card" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      {props.picture}
      <Form method="post" encType="multipart/form-data">
        <FileField
          id={props.id}
          name={props.fieldName}
          label={props.label}
          accept="image/jpeg,image/png,image/webp"
          hint={props.hint}
          error={props.problem ? { key: props.problem, params: { size: props.maxMegabytes } } : undefined}
        />
        <SubmitInput intent={props.submit.intent} label={props.submit.label} className={props.submit.className} />
        {props.remove ? (
          <>
            {" "}
            <SubmitInput intent={props.remove.intent} label={props.remove.label} className="button button-quiet" />
          </>
        ) : null}
      </Form>
    </section>
  );
}
