import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { ConfirmBox } from "~/components/confirm-box";

type Uses = { places: number; cars: number; bookings: number; reviews: number };
const USES = ["places", "cars", "bookings", "reviews"] as const satisfies ReadonlyArray<keyof Uses>;

/**
 * Deleting a place (issue 51): offered only when nothing uses it, behind a ticked box (it cannot be undone);
 * otherwise the page says what keeps it, so the admin knows what to move first.
 */
export function PlaceDeletion({
  uses,
  deletable,
  problem,
}: {
  uses: Uses;
  deletable: boolean;
  problem: "manage:place.delete.confirmRequired" | "manage:place.delete.nowUsed" | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <section className="form-card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t("place.delete.heading")}</h2>
      {deletable ? (
        <Form method="post">
          <p>{t("place.delete.unused")}</p>
          <ConfirmBox
            id="confirm-delete"
            name="confirmDelete"
            label={t("place.delete.confirm")}
            problem={problem ? t(problem) : null}
          />
          <SubmitInput intent="delete" label={t("place.delete.button")} className="button button-danger" />
        </Form>
      ) : (
        <>
          {problem ? (
            <p className="field-error" role="alert">
              {t(problem)}
            </p>
          ) : null}
          <p>{t("place.delete.used")}</p>
          <ul>
            {USES.filter((use) => uses[use] > 0).map((use) => (
              <li key={use}>{t(`place.delete.uses.${use}`, { count: uses[use] })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
