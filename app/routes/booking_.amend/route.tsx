import { ExtrasOptions } from "~/components/extras-options";
import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { FormErrorSummary, SelectField } from "~/components/form-field";
import { FieldError, firstError } from "~/components/field-error";
import { useServerForm } from "~/hooks/use-server-form";
import { type amendmentSchema } from "~/models/booking/amend-form";
import { CheckoutSummary } from "~/components/checkout-summary";
import { formatMoney } from "~/domain/money";
import { pageMeta } from "~/utils/meta";
import { useRouteTranslation } from "~/components/i18n-provider";
import type { action, loader } from "./page.server";
import { SubmitInput } from "~/components/submit-input";
import { DateAndTimeFields } from "~/components/date-time-fields";

export { action, loader } from "./page.server";
import { useLiveQuote } from "./live-quote";

/**
 * The page's own posts (preview, a refused save) answer with the whole page: loading it again after them (and the live
 * quote's last address with it) would only repeat the work.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" && formAction?.startsWith("/booking/amend") ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function AmendBooking() {
  const loaderData = useLoaderData<typeof loader>();
  const page = useActionData<typeof action>() ?? loaderData;
  const { t, i18n } = useRouteTranslation(page.translations.bookings);
  useRouteTranslation(page.translations.checkout);
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, page.currency, language);
  const { live, requote, busy } = useLiveQuote(page.bookingId, page);
  // The totals, the summary and Save follow the live quote once there is one; the fields stay the page's.
  const priced = live ?? page;
  const difference = priced.newTotal === null ? null : priced.newTotal - priced.currentTotal;
  // The desks whose hours the time lists follow: the places chosen now.
  // The places chosen since this page's answer (a new answer shows its own again).
  const [edited, setEdited] = useState<{ page: unknown; pickup: string; dropoff: string } | null>(null);
  const stops = edited && edited.page === page ? edited : { pickup: page.link.pickup, dropoff: page.link.dropoff };
  const clockOf = (slug: string) => page.places.find((place) => place.slug === slug)?.clock ?? null;
  const pickupClock = clockOf(stops.pickup);
  const dropoffClock = clockOf(stops.dropoff || stops.pickup);
  const typedZone = pickupClock?.timeZone ?? "UTC";
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
          onChange={(event) => {
            const field = event.target as HTMLInputElement | HTMLSelectElement;
            if (field.name === "pickup" || field.name === "dropoff")
              setEdited({ ...stops, page, [field.name]: field.value });
            requote(event.currentTarget);
          }}
        >
          <FormErrorSummary
            form={form}
            labels={{
              pickup: t("amend.pickup"),
              from: t("amend.from"),
              to: t("amend.to"),
              extras: t("amend.extras"),
              shortfall: t("amend.shortfall"),
            }}
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
              <DateAndTimeFields
                key={`${key}|${page.link[key]}`}
                name={key}
                idPrefix="amend"
                hintId="amend-time-hint"
                labels={{ date: t(`amend.${key}Date`), time: t(`amend.${key}Time`) }}
                value={page.link[key]}
                clock={key === "from" ? pickupClock : dropoffClock}
                typedZone={typedZone}
                lateMinutes={key === "from" ? page.lateMinutes : 0}
                placesUnchanged={stops.pickup === page.link.pickup && stops.dropoff === page.link.dropoff}
                error={firstError(fields[key].errors)}
              />
            ))}
            <p id="amend-time-hint" className="hint">
              {t("amend.localTime")}
            </p>
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
          <dl className="amend-totals" aria-live="polite" aria-busy={busy || undefined}>
            <div>
              <dt>{t("amend.currentTotal")}</dt>
              <dd>{money(priced.currentTotal)}</dd>
            </div>
            {priced.newTotal !== null && difference !== null ? (
              <>
                <div>
                  <dt>{t("amend.newTotal")}</dt>
                  <dd>
                    <strong>{money(priced.newTotal)}</strong>
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
                {priced.refund > 0 ? (
                  <div>
                    <dt>{t("amend.settlement")}</dt>
                    <dd>{t("amend.refundPreview", { amount: money(priced.refund) })}</dd>
                  </div>
                ) : null}
              </>
            ) : null}
          </dl>
          {priced.shortfall ? (
            // A dearer change to a booking paid in full: how the difference is paid, asked before saving.
            <fieldset className="checkout-section" id="amend-shortfall" tabIndex={-1}>
              <legend>{t("amend.shortfallLegend", { amount: money(priced.shortfall.amount) })}</legend>
              {priced.shortfall.ways.map((way) => (
                <div className="field-checkbox" key={way}>
                  <input type="radio" name="shortfall" id={`amend-shortfall-${way}`} value={way} />
                  <label htmlFor={`amend-shortfall-${way}`}>{t(`amend.shortfallWays.${way}`)}</label>
                </div>
              ))}
              <FieldError id="amend-shortfall-error" error={firstError(form.allErrors.shortfall)} />
            </fieldset>
          ) : null}
          {/* The live quote's refusal in words (a post shows it on its field instead). */}
          {live?.problem ? (
            <p className="callout callout-error" role="status">
              {t(live.problem.key, live.problem.params ?? {})}
            </p>
          ) : null}
          <div className="checkout-actions">
            {/* First: the button Enter in a field stands for, so a stray Enter previews and never saves. */}
            <SubmitInput
              intent="preview"
              label={t("amend.preview")}
              formNoValidate
              className="button button-secondary"
            />
            {priced.canSave ? (
              <SubmitInput intent="save" label={t("amend.save")} className="button button-accent" />
            ) : null}
          </div>
        </Form>
        {priced.view ? (
          <CheckoutSummary view={priced.view} updating={busy} supplierName={priced.view.supplier.name} />
        ) : null}
      </div>
    </div>
  );
}
