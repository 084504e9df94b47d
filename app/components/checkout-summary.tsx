import { useTranslation } from "react-i18next";
import type { CheckoutView } from "~/models/checkout-page.server";
import { useMoney } from "~/utils/use-money";
import { LocalTime } from "./local-time";

/**
 * Spec §2's booking summary: days, car, supplier, places and local times, the price lines (the supplier's markup
 * already folded into them), the total and the price per day — all priced by the server in the display currency.
 */
export function CheckoutSummary({ view, updating, supplierName }: { view: CheckoutView; updating: boolean; supplierName: string }) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  const extrasSum = view.lines.extras.reduce((sum, line) => sum + line.amount, 0);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading" aria-busy={updating || undefined}>
      <h2 id="checkout-summary-heading">{t("summary.heading")}</h2>
      {view.car.image ? <img src={view.car.image} alt="" width="180" height="100" className="summary-image" /> : null}
      <p className="summary-car">
        <strong>{view.car.name}</strong>
        <br />
        {t("summary.supplier", { name: supplierName })}
      </p>
      <dl className="summary-facts">
        <div>
          <dt>{t("booking.pickup")}</dt>
          <dd>
            {view.pickup.name}, <LocalTime local={view.pickup.local} />
          </dd>
        </div>
        <div>
          <dt>{t("booking.dropoff")}</dt>
          <dd>
            {view.dropoff.name}, <LocalTime local={view.dropoff.local} />
          </dd>
        </div>
        <div>
          <dt>{t("summary.days")}</dt>
          <dd>{t("summary.daysCount", { count: view.days })}</dd>
        </div>
      </dl>
      <table className="summary-lines">
        <caption className="visually-hidden">{t("summary.breakdown")}</caption>
        <tbody>
          <tr>
            <th scope="row">{t("summary.rental", { count: view.days })}</th>
            {/* Each line is converted on its own; the base line takes the rounding so the lines add up to the total. */}
            <td>{money(view.total - extrasSum)}</td>
          </tr>
          {view.extras.included.map((extra) => (
            <tr key={extra}>
              <th scope="row">{t(`common:extras.${extra}`)}</th>
              <td>{t("options.included")}</td>
            </tr>
          ))}
          {view.lines.extras
            .filter((line) => !view.extras.included.includes(line.extra))
            .map((line) => (
              <tr key={line.extra}>
                <th scope="row">{t(`common:extras.${line.extra}`)}</th>
                <td>{money(line.amount)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr className="summary-total">
            <th scope="row">{t("summary.total")}</th>
            <td>
              <output aria-live="polite">{money(view.total)}</output>
            </td>
          </tr>
          <tr>
            <th scope="row">{t("summary.perDay")}</th>
            <td>{money(view.pricePerDay)}</td>
          </tr>
          {view.deposit > 0 ? (
            <tr>
              <th scope="row">{t("summary.deposit")}</th>
              <td>{money(view.deposit)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      {view.ratesAsOf ? <p className="hint">{t("summary.ratesAsOf", { date: view.ratesAsOf })}</p> : null}
    </aside>
  );
}
