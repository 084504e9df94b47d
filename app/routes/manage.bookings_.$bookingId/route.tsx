import { ExcessText } from "~/components/excess";
import { EquipmentList } from "~/components/equipment";
import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/audit-trail";
import { FormErrorSummary, SelectField } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { PreviewThenSave, StaffRentalFields, useAdditionalDriverLabels } from "~/components/staff-rental-fields";
import { SubmitInput } from "~/components/submit-input";
import { formatMoney } from "~/domain/money";
import { useServerForm } from "~/hooks/use-server-form";
import type { StaffChangeFields } from "~/models/booking/staff/staff-booking-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";
import { CancelForm } from "./cancel-form";
import { CounterPaymentForm } from "./counter-payment-form";
import { CarFinder } from "./car-finder";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function StaffBooking() {
  const { view, choices, defaults, constraint, translations, checkoutTranslations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  useRouteTranslation(checkoutTranslations);
  const language = i18n.language;
  const money = (amount: number, currency: string = view.currency) =>
    formatMoney(amount, currency as never, language as never);
  const changeReply = answer && answer.form === "change" ? answer : null;
  const problem = answer && (answer.form === "status" || answer.form === "cancel") ? answer : null;
  const counterProblem = answer && answer.form === "counter" ? answer.problem : null;
  const [form, fields] = useServerForm<StaffChangeFields>("change", {
    lastResult: changeReply?.result,
    constraint,
    defaultValue: { ...defaults, version: view.version, shortfall: "link" } as never,
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
      <section className="form-card" aria-labelledby="facts-heading">
        <h2 id="facts-heading">{t("staffBooking.sections.facts")}</h2>
        <dl className="staff-facts">
          <div>
            <dt>{t("staffBooking.driver")}</dt>
            <dd>
              {view.driver.fullName} · {view.driver.email}
              {view.driver.phone ? (
                <>
                  {" "}
                  · <a href={`tel:${view.driver.phone.replace(/[^+\d]/g, "")}`}>{view.driver.phone}</a>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t("staffBooking.fields.car")}</dt>
            <dd>
              {view.car.name} (<span className="plate">{view.car.plate}</span>)
            </dd>
          </div>
          <div>
            <dt>{t("staffBooking.fields.pickup")}</dt>
            <dd>
              {view.pickup.name}, {formatLocalDateTimeShort(view.pickup.local, language)}
            </dd>
          </div>
          <div>
            <dt>{t("staffBooking.fields.dropoff")}</dt>
            <dd>
              {view.dropoff.name}, {formatLocalDateTimeShort(view.dropoff.local, language)}
            </dd>
          </div>
          <div>
            <dt>{t("staffBooking.sections.extras")}</dt>
            <dd>
              {view.extras.length
                ? view.extras.map((extra) => t(`common:extras.${extra}`)).join(", ")
                : t("desk.noExtras")}
            </dd>
          </div>
          <div>
            <dt>{t("checkout:equipment.heading")}</dt>
            <dd>
              <EquipmentList counts={view.equipment} none={t("desk.noEquipment")} />
              {view.additionalDrivers.length
                ? ` · ${t("staffBooking.addedDrivers", { count: view.additionalDrivers.length, names: view.additionalDrivers.map((added) => added.fullName).join(", ") })}`
                : ""}
            </dd>
          </div>
          {view.flightNumber ? (
            <div>
              <dt>{t("desk.flight")}</dt>
              <dd className="plate">{view.flightNumber}</dd>
            </div>
          ) : null}
          {view.excess ? (
            <div>
              <dt>{t("staffBooking.excess")}</dt>
              <dd>
                <ExcessText excess={view.excess} money={money} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t("staffBooking.payment")}</dt>
            <dd>{t(`staffBooking.paymentModes.${view.paymentMode}`)}</dd>
          </div>
          <div>
            <dt>{t("staffBooking.total")}</dt>
            <dd>
              <strong>{money(view.total)}</strong>
            </dd>
          </div>
          <div>
            <dt>{t("staffBooking.paidOnline")}</dt>
            <dd>{money(view.held)}</dd>
          </div>
          {view.counterPayments.map((taking) => (
            <div key={taking.id}>
              <dt>{t(`staffBooking.counter.methods.${taking.method}`)}</dt>
              <dd>
                {t("staffBooking.counter.taken", {
                  amount: money(taking.amount, taking.currency),
                  at: formatLocalDateTimeShort(taking.at, language),
                  staff: taking.staffName,
                })}
              </dd>
            </div>
          ))}
          <div>
            <dt>{t("staffBooking.atCounter")}</dt>
            <dd>{money(view.toPayAtCounter)}</dd>
          </div>
        </dl>
        {view.collectsAtCounter ? (
          <CounterPaymentForm owed={view.toPayAtCounter} currency={view.currency} problem={counterProblem} />
        ) : null}
        {view.links.length ? (
          <>
            <h3>{t("staffBooking.links")}</h3>
            <ul>
              {view.links.map((link) => (
                <li key={link.id}>
                  {t(`staffBooking.linkPurposes.${link.purpose}`)}: {money(link.amount, link.currency)} ·{" "}
                  {t(`staffBooking.linkStates.${link.state}`)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {view.payments.length ? (
          <>
            <h3>{t("staffBooking.payments")}</h3>
            <ul>
              {view.payments.map((payment) => (
                <li key={payment.id}>
                  {money(payment.amount, payment.currency)} · {t(`staffBooking.paymentStatuses.${payment.status}`)}
                  {payment.refundedAmount && payment.status !== "refunded"
                    ? ` · ${t("staffBooking.refunded", { amount: money(payment.refundedAmount, payment.currency) })}`
                    : ""}
                  {payment.refundReason && (payment.status === "captured" || payment.status === "refundFailed")
                    ? ` · ${t("staffBooking.refundOwed")}`
                    : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {view.events.length ? (
          <>
            <h3>{t("staffBooking.deskEvents")}</h3>
            <ul>
              {view.events.map((event) => (
                <li key={event.kind}>
                  {t(`staffBooking.eventKinds.${event.kind}`, {
                    at: formatLocalDateTimeShort(event.at, language),
                    staff: event.staffName,
                    mileage: event.mileage.toLocaleString(language),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

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
            fields={fields as never}
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
              {t(problem.problem as never)}
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
          {t(problem.problem as never)}
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
      <AuditTrail trail={view.trail} record="booking" />
    </>
  );
}
