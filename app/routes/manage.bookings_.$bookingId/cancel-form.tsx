import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";

type Who = "driver" | "supplier";

/**
 * Cancelling a booking by staff (issue 50, point 4): nothing is chosen for them (no money-losing default), and the
 * first post only asks: a confirmation states what happens to the money and who is told, and only its own button
 * cancels. Plain forms and a link, so it works without JavaScript and in a text browser.
 */
export function CancelForm({
  problem,
  confirming,
  refundIf,
  money,
  cancelRequest,
  bookingPath,
}: {
  problem: string | null;
  /** Who cancels, once the first post chose it: the confirmation is shown. */
  confirming: Who | null;
  refundIf: Record<Who, number>;
  money: (amount: number) => string;
  cancelRequest: boolean;
  bookingPath: string;
}) {
  const { t } = useTranslation("manage");
  if (confirming)
    return (
      <Form method="post" className="form-card confirm-panel" aria-labelledby="cancel-confirm-heading">
        <h2 id="cancel-confirm-heading">{t("staffBooking.cancelConfirm.heading")}</h2>
        <input type="hidden" name="by" value={confirming} />
        <p role="alert">{t(`staffBooking.cancelConfirm.${confirming}`, { amount: money(refundIf[confirming]) })}</p>
        <p>{t("staffBooking.cancelConfirm.told")}</p>
        <SubmitInput
          intent="confirmCancel"
          label={t("staffBooking.cancelConfirm.confirm")}
          className="button button-danger"
        />{" "}
        <SiteLink to={bookingPath}>{t("staffBooking.cancelConfirm.keep")}</SiteLink>
      </Form>
    );
  return (
    <Form method="post" className="form-card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{t("staffBooking.cancelHeading")}</h2>
      {problem ? (
        <p className="field-error" role="alert">
          {t(problem)}
        </p>
      ) : null}
      <fieldset>
        <legend>{t("staffBooking.cancelWho")}</legend>
        {(["driver", "supplier"] as const).map((by) => (
          <div className="field field-checkbox" key={by}>
            <input
              type="radio"
              id={`cancel-${by}`}
              name="by"
              value={by}
              required
              // Only what the driver asked for is preset; refunding everything is never the default.
              defaultChecked={cancelRequest && by === "driver"}
            />
            <label htmlFor={`cancel-${by}`}>{t(`staffBooking.cancelBy.${by}`, { amount: money(refundIf[by]) })}</label>
          </div>
        ))}
      </fieldset>
      <SubmitInput intent="cancel" label={t("staffBooking.cancel")} className="button button-danger" />
    </Form>
  );
}
