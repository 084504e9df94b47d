import { Form } from "@remix-run/react";
import { ConfirmBox } from "~/components/confirm-box";
import { SubmitInput } from "~/components/submit-input";

/**
 * Deleting a record an admin runs (a place, a supplier; issue 51): offered only when nothing uses it, behind a ticked
 * box (it cannot be undone); otherwise the section says what keeps it, so the admin knows what to move first.
 */
export function RecordDeletion({
  texts,
  uses,
  deletable,
  problem,
}: {
  texts: { heading: string; unused: string; used: string; confirm: string; button: string };
  /** What uses the record, each said with its count ("3 cars"); only those above zero are listed. */
  uses: string[];
  deletable: boolean;
  problem: string | null;
}) {
  return (
    <section className="form-card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{texts.heading}</h2>
      {deletable ? (
        <Form method="post">
          <p>{texts.unused}</p>
          <ConfirmBox id="confirm-delete" name="confirmDelete" label={texts.confirm} problem={problem} />
          <SubmitInput intent="delete" label={texts.button} className="button button-danger" />
        </Form>
      ) : (
        <>
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <p>{texts.used}</p>
          <ul>
            {uses.map((use) => (
              <li key={use}>{use}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
