import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { COUNTER_PAYMENT_METHODS } from "~/domain/enums";

/**
 * Money taken at the counter (decision 040): the amount (the whole of what is owed, offered), cash, card or other,
 * and a note. A plain post: once recorded, "to pay at the counter" falls by it and the page lists it.
 */
export function CounterPaymentForm({
  owed,
  currency,
  problem,
}: {
  owed: number;
  currency: string;
  problem: { key: string; params?: Record<string, string | number> } | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <Form method="post" className="desk-event" aria-labelledby="counter-heading">
      <h3 id="counter-heading">{t("staffBooking.counter.heading")}</h3>
      {problem ? (
        <p className="field-error" role="alert">
          {t(problem.key, problem.params ?? {})}
        </p>
      ) : null}
      <div className="field-pairs">
        <div className="field">
          <label htmlFor="counter-amount">{t("staffBooking.counter.amount", { currency })}</label>
          <input
            id="counter-amount"
            name="amount"
            inputMode="decimal"
            required
            maxLength={12}
            defaultValue={(owed / 100).toFixed(2)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="counter-method">{t("staffBooking.counter.method")}</label>
          <select id="counter-method" name="method" defaultValue="card">
            {COUNTER_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`staffBooking.counter.methods.${method}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="counter-note">{t("staffBooking.counter.note")}</label>
          <input id="counter-note" name="note" maxLength={500} autoComplete="off" />
        </div>
      </div>
      <SubmitInput intent="counterPayment" label={t("staffBooking.counter.record")} />
    </Form>
  );
}
