import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FIELD_PRESETS, FormErrorSummary } from "~/components/form-field";
import { FieldError, firstError } from "~/components/field-error";
import { FreeCarList } from "./free-car-list";
import { useRouteTranslation } from "~/components/i18n-provider";
import { PreviewThenSave, StaffRentalFields, useAdditionalDriverLabels } from "~/components/staff-rental-fields";
import { SubmitInput } from "~/components/submit-input";
import { CURRENCIES, LANGUAGES } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import { useServerForm } from "~/hooks/use-server-form";
import { STAFF_PAYMENT_CHOICES } from "~/models/booking/staff/staff-booking-choices";
import type { PhoneBookingFields } from "~/models/booking/staff/staff-booking-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function PhoneBooking() {
  const {
    places,
    query,
    offers,
    carPage,
    searchProblem,
    linksPossible,
    constraint,
    translations,
    checkoutTranslations,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  useRouteTranslation(checkoutTranslations);
  const language = i18n.language;
  const [form, fields] = useServerForm<PhoneBookingFields>("phone-booking", {
    lastResult: answer?.result,
    constraint,
    defaultValue: { ...query, payment: "counter", currency: "USD", language: i18n.language },
  });
  const preview = answer?.preview ?? null;
  const chosenCar = fields.car.initialValue ?? "";
  const payment = fields.payment.initialValue ?? "counter";
  const additionalDriverLabels = useAdditionalDriverLabels();
  const labels = {
    car: t("staffBooking.fields.car"),
    email: t("staffBooking.fields.email"),
    fullName: t("staffBooking.fields.fullName"),
    phone: t("staffBooking.fields.phone"),
    birthDate: t("staffBooking.fields.birthDate"),
    extra: t("staffBooking.sections.extras"),
    equipment: t("checkout:equipment.heading"),
    payment: t("staffBooking.payment"),
    from: t("staffBooking.fields.from"),
    to: t("staffBooking.fields.to"),
    pickup: t("staffBooking.fields.pickup"),
    ...additionalDriverLabels,
    flightNumber: t("checkout:driver.flightNumber"),
  };
  return (
    <>
      <h1>{t("staffBooking.newHeading")}</h1>
      <h2 id="find-heading">{t("staffBooking.findHeading")}</h2>
      <Form method="get" className="form-card" aria-labelledby="find-heading">
        <div className="field-pairs">
          {(["pickup", "dropoff"] as const).map((name) => (
            <div className="field" key={name}>
              <label htmlFor={`find-${name}`}>{t(`staffBooking.fields.${name}`)}</label>
              <select id={`find-${name}`} name={name} defaultValue={query[name]}>
                {name === "dropoff" ? <option value="">{t("staffBooking.sameDropoff")}</option> : null}
                {places.map((place) => (
                  <option key={place.value} value={place.value}>
                    {place.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="field">
            <label htmlFor="find-from">{t("staffBooking.fields.from")}</label>
            <input id="find-from" name="from" type="datetime-local" required defaultValue={query.from} />
          </div>
          <div className="field">
            <label htmlFor="find-to">{t("staffBooking.fields.to")}</label>
            <input id="find-to" name="to" type="datetime-local" required defaultValue={query.to} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="find-cars">{t("staffBooking.findCarText")}</label>
          <input id="find-cars" name="cars" type="search" maxLength={60} defaultValue={query.cars} autoComplete="off" />
        </div>
        <p className="hint">{t("staffBooking.localTimes")}</p>
        {searchProblem ? (
          <p className="field-error" role="alert">
            {t(searchProblem.key, searchProblem.params ?? {})}
          </p>
        ) : null}
        <SubmitInput label={t("staffBooking.find")} />
      </Form>

      {offers && offers.length === 0 ? <p className="form-card">{t("staffBooking.noFreeCars")}</p> : null}
      {offers && offers.length > 0 ? (
        <>
          <h2 id="book-heading">{t("staffBooking.bookHeading")}</h2>
          <Form method="post" {...getFormProps(form)} className="car-editor" aria-labelledby="book-heading">
            <FormErrorSummary form={form} labels={labels} />
            {(["pickup", "dropoff", "from", "to"] as const).map((name) => (
              <input key={name} type="hidden" name={name} value={query[name]} />
            ))}
            <FreeCarList
              offers={offers}
              page={carPage?.page ?? 1}
              more={carPage?.more ?? false}
              chosen={chosenCar}
              field={fields.car}
              pageLink={(page) => `?${new URLSearchParams({ ...query, page: String(page) })}`}
            />
            <fieldset className="form-card">
              <legend>{t("staffBooking.sections.customer")}</legend>
              <p className="hint">{t("staffBooking.customerHint")}</p>
              <div className="field-pairs">
                <Field meta={fields.email} label={labels.email} {...FIELD_PRESETS.email} autoComplete="off" />
                <Field meta={fields.fullName} label={labels.fullName} {...FIELD_PRESETS.fullName} autoComplete="off" />
                <Field meta={fields.phone} label={labels.phone} {...FIELD_PRESETS.phone} autoComplete="off" />
                <Field
                  meta={fields.birthDate}
                  label={labels.birthDate}
                  {...FIELD_PRESETS.birthDate}
                  autoComplete="off"
                />
                <div className="field">
                  <label htmlFor="customer-language">{t("staffBooking.fields.language")}</label>
                  <select
                    id="customer-language"
                    name="language"
                    defaultValue={fields.language.initialValue ?? i18n.language}
                  >
                    {LANGUAGES.map((code) => (
                      <option key={code} value={code}>
                        {t(`common:language.${code}`)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </fieldset>
            <StaffRentalFields fields={fields} places={null} idPrefix="phone" />
            <fieldset className="form-card" id={fields.payment.id} tabIndex={-1}>
              <legend>{t("staffBooking.payment")}</legend>
              {STAFF_PAYMENT_CHOICES.filter((choice) => choice === "counter" || linksPossible).map((choice) => (
                <div className="field field-checkbox" key={choice}>
                  <input
                    type="radio"
                    id={`payment-${choice}`}
                    name="payment"
                    value={choice}
                    defaultChecked={payment === choice}
                  />
                  <label htmlFor={`payment-${choice}`}>{t(`staffBooking.paymentChoices.${choice}`)}</label>
                </div>
              ))}
              <FieldError id={fields.payment.errorId} error={firstError(fields.payment.errors)} />
              <div className="field">
                <label htmlFor="currency">{t("staffBooking.fields.currency")}</label>
                <select id="currency" name="currency" defaultValue={fields.currency.initialValue ?? "USD"}>
                  {CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>
            {preview ? <input type="hidden" name="quoted" value={`${preview.total} ${preview.currency}`} /> : null}
            {preview ? (
              <p className="form-card" role="status">
                {t(preview.hours !== null ? "staffBooking.previewTotalHours" : "staffBooking.previewTotal", {
                  car: preview.car,
                  total: formatMoney(preview.total, preview.currency, language),
                  count: preview.hours ?? preview.days,
                })}
              </p>
            ) : null}
            <PreviewThenSave saveLabel={t("staffBooking.book")} />
          </Form>
        </>
      ) : null}
    </>
  );
}
