import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { useRouteTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { formatMoney } from "~/domain/money";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** A payment link's page (decision 029): what it pays, and the gateways to pay it with. */
export default function PayLink() {
  const { view, gateways, cardFormGateways, translations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  const language = i18n.language;
  const amount = formatMoney(view.amount, view.currency, language);
  const problems: Record<string, string | undefined> = answer?.problems ?? {};
  const error = (field: string) => {
    const key = problems[field];
    return key ? { key } : undefined;
  };
  const withCard = cardFormGateways.length > 0;
  return (
    <div className="page page-narrow">
      <h1>{t(`payLink.heading.${view.purpose}`, { reference: view.reference })}</h1>
      <section className="form-card" aria-labelledby="pay-what">
        <h2 id="pay-what">{t("payLink.what")}</h2>
        <dl className="staff-facts">
          <div>
            <dt>{t("payLink.car")}</dt>
            <dd>
              {view.car} · {view.supplier}
            </dd>
          </div>
          <div>
            <dt>{t("payLink.pickup")}</dt>
            <dd>
              {view.pickup.name}, {formatLocalDateTimeShort(view.pickup.local, language)}
            </dd>
          </div>
          <div>
            <dt>{t("payLink.dropoff")}</dt>
            <dd>
              {view.dropoff.name}, {formatLocalDateTimeShort(view.dropoff.local, language)}
            </dd>
          </div>
          <div>
            <dt>{t("payLink.amount")}</dt>
            <dd>
              <strong>{amount}</strong>
              {view.purpose === "booking" && view.securityDeposit > 0 ? (
                <>
                  <br />
                  {t(`payLink.parts.${view.paymentMode === "deposit" ? "deposit" : "full"}`, {
                    rental: formatMoney(view.rental, view.currency, language),
                    deposit: formatMoney(view.securityDeposit, view.currency, language),
                  })}
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      </section>
      {view.state === "paid" ? (
        <p className="form-card" role="status">
          {t(view.purpose === "balance" ? "payLink.paidBalance" : "payLink.paid")}{" "}
          <SiteLink to={`/booking?b=${view.bookingId}`}>{t("payLink.viewBooking")}</SiteLink>
        </p>
      ) : view.state !== "open" ? (
        <p className="form-card" role="status">
          {t(`payLink.${view.state}`)}
        </p>
      ) : (
        <Form method="post" className="form-card" aria-labelledby="pay-heading">
          <h2 id="pay-heading">{t("payLink.pay", { amount })}</h2>
          <p>{t("payLink.until", { until: formatLocalDateTimeShort(view.expiresAt, language) })}</p>
          {problems[""] ? (
            <p className="field-error" role="alert">
              {t(problems[""])}
            </p>
          ) : null}
          <fieldset>
            <legend>{t("payment.gateway")}</legend>
            {gateways.map((gateway, index) => (
              <div className="field field-checkbox" key={gateway}>
                <input
                  type="radio"
                  id={`gateway-${gateway}`}
                  name="gateway"
                  value={gateway}
                  defaultChecked={index === 0}
                />
                <label htmlFor={`gateway-${gateway}`}>{t(`payment.gateways.${gateway}`)}</label>
              </div>
            ))}
            <FieldError id="gateway-error" error={error("gateway")} />
          </fieldset>
          {withCard ? (
            <fieldset>
              <legend>{t("payment.gateways.sandbox")}</legend>
              <p className="callout callout-test" role="note">
                <strong>{t("sandbox.banner")}</strong> {t("sandbox.hint")}
              </p>
              <p className="hint">{t("sandbox.cards")}</p>
              {(["cardNumber", "cardExpiry", "cardCvc"] as const).map((field) => (
                <div className="field" key={field}>
                  <label htmlFor={`pay-${field}`}>{t(`payment.${field}`)}</label>
                  <input
                    id={`pay-${field}`}
                    name={field}
                    inputMode="numeric"
                    autoComplete={field === "cardNumber" ? "cc-number" : field === "cardExpiry" ? "cc-exp" : "cc-csc"}
                    maxLength={field === "cardNumber" ? 23 : field === "cardExpiry" ? 7 : 4}
                    aria-invalid={problems[field] ? true : undefined}
                    aria-describedby={problems[field] ? `pay-${field}-error` : undefined}
                  />
                  <FieldError id={`pay-${field}-error`} error={error(field)} />
                </div>
              ))}
            </fieldset>
          ) : null}
          <SubmitInput label={t("payLink.pay", { amount })} className="button button-accent" />
        </Form>
      )}
    </div>
  );
}
