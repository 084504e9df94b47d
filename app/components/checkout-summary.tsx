import { useTranslation } from "~/components/i18n-provider";
import type { CheckoutView } from "~/models/checkout/checkout-booking.server";
import { formatMoney } from "~/domain/money";
import { isOneOf } from "~/domain/enums";
import { DeskDetails } from "./desk-details";
import { WorstCase } from "./excess";
import { PriceTable, RentalStops } from "./rental-details";
import { SELECTED_CAR_IMAGE } from "./image-sizes";

/**
 * Spec §2's booking summary: days, car, supplier, places and local times, the price lines (the supplier's markup
 * already folded into them), the total and the price per day — all priced by the server in the display currency.
 */
export function CheckoutSummary({
  view,
  updating,
  supplierName,
}: {
  view: CheckoutView;
  updating: boolean;
  supplierName: string;
}) {
  const { t, i18n } = useTranslation("checkout");
  // In the view's own currency: an amendment shows the booking's, a checkout the visitor's.
  const money = (amount: number) => formatMoney(amount, view.currency, i18n.language);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading" aria-busy={updating || undefined}>
      <h2 id="checkout-summary-heading">{t("summary.heading")}</h2>
      <p className="summary-car">
        {view.car.image ? <img src={view.car.image} alt="" {...SELECTED_CAR_IMAGE} className="summary-image" /> : null}
        <strong>{view.car.name}</strong>
        <br />
        {t("summary.supplier", { name: supplierName })}
      </p>
      <RentalStops pickup={view.pickup} dropoff={view.dropoff} className="summary-facts">
        <div>
          <dt>{t("summary.days")}</dt>
          <dd>
            {view.hours !== null
              ? t("summary.hoursCount", { count: view.hours })
              : t("summary.daysCount", { count: view.days })}
          </dd>
        </div>
      </RentalStops>
      <DeskDetails desks={view.desks} headingLevel={3} />
      <PriceTable
        days={view.days}
        hours={view.hours}
        pricePerHour={view.pricePerHour}
        base={view.lines.base}
        extras={[
          ...view.extras.included.map((extra) => ({ extra, amount: "included" as const })),
          ...view.lines.extras.filter((line) => !isOneOf(view.extras.included, line.extra)),
        ]}
        total={<output aria-live="polite">{money(view.total)}</output>}
        pricePerDay={view.pricePerDay}
        deposit={view.deposit}
        excess={view.excess.remaining}
        charges={view.charges}
        money={money}
      />
      <WorstCase remaining={view.excess.remaining} money={money} />
      {view.youngDriverUnknown ? (
        <p className="hint">
          {t("summary.youngDriverUnknown", {
            age: view.youngDriverUnknown.underAge,
            fee: money(view.youngDriverUnknown.dailyFee),
            total: money(view.youngDriverUnknown.total),
          })}
        </p>
      ) : null}
      {view.ratesAsOf ? <p className="hint">{t("summary.ratesAsOf", { date: view.ratesAsOf })}</p> : null}
    </aside>
  );
}
