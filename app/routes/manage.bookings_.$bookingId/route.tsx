import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/audit-trail";
import { FormErrorSummary, SelectField } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { PreviewThenSave, StaffRentalFields, useAdditionalDriverLabels } from "~/components/staff-rental-fields";
import { SubmitInput } from "~/components/submit-input";
import { formatMoneyIn } from "~/domain/money";
import { useServerForm } from "~/hooks/use-server-form";
import type { StaffChangeFields } from "~/models/booking/staff/staff-booking-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";
import { CancelForm } from "./cancel-form";
import { BookingFacts } from "./booking-facts";
import { DocumentLink } from "~/components/document-link";
import { CarFinder } from "./car-finder";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function StaffBooking() {
  const { view, choices, defaults, constraint, documents, translations, checkoutTranslations } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  useRouteTranslation(checkoutTranslations);
  const language = i18n.language;
  // A payment is in the currency its gateway took, which may be another than the booking's.
  const money = (amount: number, currency: string = view.currency) => formatMoneyIn(amount, currency, language);
  const changeReply = answer && answer.form === "change" ? answer : null;
  const problem = answer && (answer.form === "status" || answer.form === "cancel") ? answer : null;
  const counterProblem = answer && answer.form === "counter" ? answer.problem : null;
  const [form, fields] = useServerForm<StaffChangeFields>("change", {
    lastResult: changeReply?.result,
    constraint,
    defaultValue: { ...defaults, version: view.version, shortfall: "link" },
  });
  const preview = changeReply?.preview ?? null;
  const additionalDriverLabels = useAdditionalDriverLabels();
  const labels = {
    car: t("staffBooking.fields.car"),
    pickup: t("staffBooking.fields.pickup"),
    from: t("staffBooking.fields.from"),
    to: t("staffBooking.fields.to"),
    extra: t("staffBooking.sections.extras"),
    equipment: t("checkout:equipment.heading"),
    ...additionalDriverLabels,
    flightNumber: t("checkout:driver.flightNumber"),
  };
  return (
    <>
      <h1>{t("staffBooking.heading", { reference: view.reference })}</h1>
      <p className="manage-summary">
        <strong>{t(`common:bookingStatuses.${view.status}`)}</strong> ·{" "}
        <strong>{t(view.overdue ? "staffBooking.rental.overdue" : `staffBooking.rental.${view.rental}`)}</strong>
        {view.cancelRequest ? ` · ${t("staffBooking.cancelRequested")}` : ""} ·{" "}
        <SiteLink to={`/manage/desk?place=${encodeURIComponent(view.pickup.slug)}`}>
          {t("staffBooking.toDesk")}
        </SiteLink>
      </p>
      <BookingFacts view={view} money={money} counterProblem={counterProblem} />
      <DocumentLink {...documents} href={`/manage/bookings/${view.id}/invoice`} />

      {view.changeable && choices ? <CarFinder text={choices.carText} more={choices.moreCars} /> : null}
      {view.changeable && choices ? (
        <Form method="post" {...getFormProps(form)} className="car-editor" aria-labelledby="change-heading">
          <h2 id="change-heading">{t("staffBooking.changeHeading")}</h2>
          <FormErrorSummary form={form} labels={labels} />
          <input type="hidden" name="version" value={view.version} />
          {preview ? <input type="hidden" name="quoted" value={preview.after} /> : null}
          <fieldset className="form-card">
            <legend>{t("staffBooking.fields.car")}</legend>
            <SelectField meta={fields.car} label={t("staffBooking.fields.car")} options={choices.cars} />
          </fieldset>
          <StaffRentalFields
            fields={fields}
            places={choices.places}

            idPrefix="change"
          />
          {view.paymentMode === "full" ? (
            <fieldset className="form-card">
              <legend>{t("staffBooking.shortfall")}</legend>
              {(["link", "counter"] as const).map((choice) => (
                <div className="field field-checkbox" key={choice}>
                  <input
                    type="radio"
                    id={`shortfall-${choice}`}
                    name="shortfall"
                    value={choice}
                    defaultChecked={(fields.shortfall.initialValue ?? "link") === choice}
                  />
                  <label htmlFor={`shortfall-${choice}`}>{t(`staffBooking.shortfalls.${choice}`)}</label>
                </div>
              ))}
            </fieldset>
          ) : null}
          <dl className="amend-totals" aria-live="polite">
            <div>
              <dt>{t("staffBooking.currentTotal")}</dt>
              <dd>{money(view.total)}</dd>
            </div>
            {preview ? (
              <>
                <div>
                  <dt>{t("staffBooking.newTotal")}</dt>
                  <dd>
                    <strong>{money(preview.after)}</strong>
                  </dd>
                </div>
                <div>
                  <dt>{t("staffBooking.difference")}</dt>
                  <dd>
                    {preview.after === preview.before
                      ? t("staffBooking.noDifference")
                      : `${preview.after > preview.before ? "+" : "−"}${money(Math.abs(preview.after - preview.before))}`}
                  </dd>
                </div>
                {preview.deposit.after !== preview.deposit.before ? (
                  <div>
                    <dt>{t("staffBooking.newDeposit")}</dt>
                    <dd>
                      {money(preview.deposit.before)} → <strong>{money(preview.deposit.after)}</strong>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t("staffBooking.settlement")}</dt>
                  <dd>{t(`staffBooking.settles.${preview.settles}`, { amount: money(preview.amount) })}</dd>
                </div>
              </>
            ) : null}
          </dl>
          <PreviewThenSave saveLabel={t("staffBooking.save")} />
        </Form>
      ) : (
        <p className="form-card">{t("staffBooking.notChangeableNow")}</p>
      )}

      {view.statuses.length ? (
        <Form method="post" className="form-card" aria-labelledby="status-heading">
          <h2 id="status-heading">{t("staffBooking.statusHeading")}</h2>
          {problem?.form === "status" ? (
            <p className="field-error" role="alert">
              {t(problem.problem)}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="status">{t("staffBooking.newStatus")}</label>
            <select id="status" name="status" defaultValue={view.statuses[0]}>
              {view.statuses.map((status) => (
                <option key={status} value={status}>
                  {t(`common:bookingStatuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <SubmitInput intent="setStatus" label={t("staffBooking.setStatus")} />
        </Form>
      ) : null}

      {problem && !(problem.form === "cancel" ? view.cancellable : view.statuses.length) ? (
        // The form that was posted is gone (the car went out meanwhile): its refusal still shows.
        <p className="field-error form-card" role="alert">
          {t(problem.problem)}
        </p>
      ) : null}
      {view.cancellable ? (
        <CancelForm
          problem={problem?.form === "cancel" ? problem.problem : null}
          confirming={answer?.form === "cancelConfirm" ? answer.by : null}
          refundIf={view.refundIf}
          money={money}
          cancelRequest={view.cancelRequest}
          bookingPath={`/manage/bookings/${view.id}`}
        />
      ) : null}
      <AuditTrail trail={view.trail} record="booking" timeZone={view.pickup.timeZone} />
    </>
  );
}
