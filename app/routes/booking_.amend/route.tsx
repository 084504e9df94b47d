import { ExtrasOptions } from "~/components/extras-options";
import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, SelectField } from "~/components/form-field";
import { FieldError, firstError } from "~/components/field-error";
import { useServerForm } from "~/hooks/use-server-form";
import { type amendmentSchema } from "~/models/booking/amend-form";
import { CheckoutSummary } from "~/components/checkout-summary";
import { formatMoney } from "~/domain/money";
import { pageMeta } from "~/utils/meta";
import { useRouteTranslation } from "~/components/i18n-provider";
import type { action, loader } from "./page.server";
import { SubmitInput } from "~/components/submit-input";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function AmendBooking() {
  const loaderData = useLoaderData<typeof loader>();
  const page = useActionData<typeof action>() ?? loaderData;
  const { t, i18n } = useRouteTranslation(page.translations.bookings);
  useRouteTranslation(page.translations.checkout);
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, page.currency, language);
  const difference = page.newTotal === null ? null : page.newTotal - page.currentTotal;
  // The kit's form: the schema's constraints on the fields, its (or the booking rules') errors on them.
  const [form, fields] = useServerForm<z.input<typeof amendmentSchema>>("amend", {
    lastResult: page.reply,
    constraint: page.constraint,
    defaultValue: { pickup: page.link.pickup, dropoff: page.link.dropoff, from: page.link.from, to: page.link.to },
  });
  return (
    <div className="page checkout">
      <h1>{t("amend.title", { reference: page.reference })}</h1>
      <div className="checkout-layout">
        <Form
          method="post"
          action={`/booking/amend?b=${page.bookingId}`}
          className="checkout-form"
          {...getFormProps(form)}
        >
          <FormErrorSummary
            form={form}
            labels={{ pickup: t("amend.pickup"), from: t("amend.from"), to: t("amend.to"), extras: t("amend.extras") }}
          />
          <input type="hidden" name="b" value={page.bookingId} />
          <fieldset className="checkout-section">
            <legend>{t("list.dates")}</legend>
            {(["pickup", "dropoff"] as const).map((key) => (
              <SelectField
                key={key}
                meta={fields[key]}
                label={t(`amend.${key}`)}
                options={page.places.map((place) => ({ value: place.slug, label: place.name }))}
              />
            ))}
            {(["from", "to"] as const).map((key) => (
              <Field key={key} meta={fields[key]} type="datetime-local" label={t(`amend.${key}`)} />
            ))}
          </fieldset>
          <fieldset className="checkout-section" id="amend-extras" tabIndex={-1}>
            <legend>{t("amend.extras")}</legend>
            {page.options ? (
              <ExtrasOptions
                idPrefix="amend-extra"
                included={page.options.included.filter((extra) => extra !== "additionalDriver")}
                options={page.options.offered}
                chosen={page.extras}
                money={money}
              />
            ) : null}
            {page.hasAdditionalDriver ? <p className="hint">{t("amend.additionalDriverKept")}</p> : null}
            <FieldError id="amend-extras-error" error={firstError(form.allErrors.extras)} />
          </fieldset>
          {/* What the change costs: the booking's total now and, once "Update total" priced the change, the new one. */}
          <dl className="amend-totals" aria-live="polite">
            <div>
              <dt>{t("amend.currentTotal")}</dt>
              <dd>{money(page.currentTotal)}</dd>
            </div>
            {page.newTotal !== null && difference !== null ? (
              <>
                <div>
                  <dt>{t("amend.newTotal")}</dt>
                  <dd>
                    <strong>{money(page.newTotal)}</strong>
                  </dd>
                </div>
                <div>
                  <dt>{t("amend.difference")}</dt>
                  <dd>
                    {difference === 0
                      ? t("amend.noDifference")
                      : `${difference > 0 ? "+" : "−"}${money(Math.abs(difference))}`}
                  </dd>
                </div>
                {page.refund > 0 ? (
                  <div>
                    <dt>{t("amend.settlement")}</dt>
                    <dd>{t("amend.refundPreview", { amount: money(page.refund) })}</dd>
                  </div>
                ) : null}
              </>
            ) : null}
          </dl>
          <div className="checkout-actions">
            {/* First: the button Enter in a field stands for, so a stray Enter previews and never saves. */}
            <SubmitInput
              intent="preview"
              label={t("amend.preview")}
              formNoValidate
              className="button button-secondary"
            />
            {page.canSave ? (
              <SubmitInput intent="save" label={t("amend.save")} className="button button-accent" />
            ) : null}
          </div>
        </Form>
        {page.view ? (
          <CheckoutSummary view={page.view} updating={false} supplierName={page.view.supplier.name} />
        ) : null}
      </div>
    </div>
  );
}
