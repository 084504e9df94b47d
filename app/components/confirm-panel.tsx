import { Form, useActionData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { SiteLink } from "./site-link";

/**
 * The confirmation step of a destructive action: what will change, named one by one, and a form that posts the
 * same action again with a `confirmed` field. Without JavaScript it is a section at the top of the page (the server
 * answered the first post with it); with JavaScript the same content opens as a native modal <dialog>.
 */
export function ConfirmAction({
  title,
  items,
  action,
  fields,
  confirmLabel,
  backHref,
  backLabel,
  note,
  losesMoney,
}: {
  /** A short question ("Cancel this booking?"); what it means goes in `note`. */
  title: string;
  note?: string;
  /** Danger styling only where the action can cost the person money (a cancellation that is not free). */
  losesMoney: boolean;
  items: Array<{ key: string; text: ReactNode }>;
  action: string;
  /** The action's own fields, posted again (name, value). */
  fields: Array<[string, string]>;
  confirmLabel: string;
  backHref: string;
  backLabel: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  // Each answer of the action is a confirmation to show. A second one can come while this one is still mounted: the
  // action's button pressed again before the navigation that followed Escape had finished, which the new post
  // cancels, so the page never unmounted the closed dialog. Opened per answer, not per mount.
  const answer = useActionData();
  useEffect(() => {
    if (hydrated && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [hydrated, answer]);
  // Closed by Escape or a click beside it (issue 53): the page goes back to where "Back" leads, so the confirmation
  // is gone, and the action's button asks again (a closed dialog left behind made it do nothing).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const leave = () => navigate(backHref, { replace: true, preventScrollReset: true });
    element.addEventListener("close", leave);
    return () => element.removeEventListener("close", leave);
  }, [hydrated, navigate, backHref]);
  const content = (
    <>
      <h2 id="confirm-title">{title}</h2>
      {note ? <p id="confirm-note">{note}</p> : null}
      <ul>
        {items.map((item) => (
          <li key={item.key}>{item.text}</li>
        ))}
      </ul>
      <Form method="post" action={action}>
        {fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        {/* Named "confirmed": its value is its label, what a text browser shows. */}
        <input
          type="submit"
          name="confirmed"
          value={confirmLabel}
          className={losesMoney ? "button button-danger" : "button"}
        />{" "}
        <SiteLink to={backHref} className="button button-secondary">
          {backLabel}
        </SiteLink>
      </Form>
    </>
  );
  return hydrated ? (
    <dialog
      ref={dialog}
      // A click on the backdrop lands on the dialog itself (its content is inside): it closes, like Escape.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={losesMoney ? "confirm-panel is-danger" : "confirm-panel"}
      aria-labelledby="confirm-title"
      aria-describedby={note ? "confirm-note" : undefined}
    >
      {content}
    </dialog>
  ) : (
    <section
      className={losesMoney ? "confirm-panel is-danger" : "confirm-panel"}
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby={note ? "confirm-note" : undefined}
    >
      {content}
    </section>
  );
}

/** Why a list action was refused (nothing chosen, nothing to change), said where the list begins. */
export function ActionProblem({ message }: { message: string | null }) {
  return message ? (
    <p className="callout callout-error" role="alert">
      {message}
    </p>
  ) : null;
}
