import { useTranslation } from "react-i18next";
import type { Language } from "~/models/enums";
import type { BookingReceiptView } from "~/models/booking-view.server";
import { formatMoney } from "~/models/money";
import { LocalTime } from "./local-time";

/**
 * A printable receipt of a booking: amounts in the currency, and at the rate, the driver booked in (what was
 * charged is what they saw); places and times as the counter keeps them. The print stylesheet drops the site's chrome.
 */
export function BookingReceipt({ receipt }: { receipt: BookingReceiptView }) {
  const { t, i18n } = useTranslation("checkout");
  const language = i18n.language as Language;
  const money = (amount: number) => formatMoney(amount, receipt.currency, language);
  return (
    <section className="receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{t("receipt.heading", { reference: receipt.reference })}</h2>
      <dl className="receipt-facts">
        <div>
          <dt>{t("receipt.status")}</dt>
          <dd>{t(`common:bookingStatuses.${receipt.status}`)}</dd>
        </div>
        <div>
          <dt>{t("receipt.car")}</dt>
          <dd>{t("receipt.carFrom", { car: receipt.car, supplier: receipt.supplier })}</dd>
        </div>
        <div>
          <dt>{t("booking.pickup")}</dt>
          <dd>
            {receipt.pickup.names[language] ?? receipt.pickup.names.en}, <LocalTime local={receipt.pickup.local} />
          </dd>
        </div>
        <div>
          <dt>{t("booking.dropoff")}</dt>
          <dd>
            {receipt.dropoff.names[language] ?? receipt.dropoff.names.en}, <LocalTime local={receipt.dropoff.local} />
          </dd>
        </div>
        <div>
          <dt>{t("receipt.driver")}</dt>
          <dd>
            {receipt.driver.fullName} ({receipt.driver.email})
          </dd>
        </div>
        {receipt.additionalDriver ? (
          <div>
            <dt>{t("additionalDriver.heading")}</dt>
            <dd>{receipt.additionalDriver}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("paymentOptions.heading")}</dt>
          <dd>
            {t(`paymentOptions.${receipt.paymentMode}`)}
            {receipt.gateway ? ` (${t(`payment.gateways.${receipt.gateway}`)})` : ""}
          </dd>
        </div>
      </dl>
      <table className="summary-lines">
        <caption className="visually-hidden">{t("summary.breakdown")}</caption>
        <tbody>
          <tr>
            <th scope="row">{t("summary.rental", { count: receipt.days })}</th>
            <td>{money(receipt.base)}</td>
          </tr>
          {receipt.extras.map((line) => (
            <tr key={line.extra}>
              <th scope="row">{t(`common:extras.${line.extra}`)}</th>
              <td>{line.amount === 0 ? t("options.included") : money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="summary-total">
            <th scope="row">{t("summary.total")}</th>
            <td>{money(receipt.total)}</td>
          </tr>
          <tr>
            <th scope="row">{t("summary.perDay")}</th>
            <td>{money(receipt.pricePerDay)}</td>
          </tr>
          {receipt.deposit > 0 ? (
            <tr>
              <th scope="row">{t("summary.deposit")}</th>
              <td>{money(receipt.deposit)}</td>
            </tr>
          ) : null}
          {receipt.charged !== null ? (
            <tr>
              <th scope="row">{t("receipt.paidOnline")}</th>
              <td>{money(receipt.charged)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t("receipt.atCounter")}</th>
            <td>{money(receipt.atCounter)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="receipt-actions no-print">
        <a href={`/booking.ics?b=${receipt.bookingId}`} download={`booking-${receipt.reference}.ics`}>
          {t("receipt.calendar")}
        </a>{" "}
        · <a href={`/booking?b=${receipt.bookingId}`}>{t("receipt.view")}</a> · {t("receipt.printHint")}
      </p>
    </section>
  );
}
