import type { ReactNode } from "react";
import type { PricedOption } from "~/models/pricing/pricing";
import { formatTaxRate } from "~/domain/money";
import { useTranslation } from "~/components/i18n-provider";
import { LocalTime } from "./local-time";
import type { ExcessAmounts } from "./excess";
import { useOptionName } from "./equipment";

type Stop = { name: string; local: string };

/** Pick-up and drop-off, each with its place and the place's own wall-clock time, and any further facts. */
export function RentalStops({
  pickup,
  dropoff,
  className,
  leading,
  children,
}: {
  pickup: Stop;
  dropoff: Stop;
  className: string;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation("checkout");
  return (
    <dl className={className}>
      {leading}
      {(
        [
          ["booking.pickup", pickup],
          ["booking.dropoff", dropoff],
        ] as const
      ).map(([label, stop]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>
            {stop.name}, <LocalTime local={stop.local} />
          </dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

export interface PriceTableProps {
  days: number;
  /** The hours billed when the rental is priced by the hour (decision 037), with the total per hour. */
  hours?: number | null;
  pricePerHour?: number | null;
  /** The rental line (the markup folded in, and the lines' conversion rounding). */
  base: number;
  /** Each extra's line (0 = included), and each piece of equipment's with its count. */
  extras: Array<{ extra: PricedOption; amount: number | "included"; count?: number }>;
  total: ReactNode;
  pricePerDay: number;
  deposit: number;
  /** What the driver still owes if the car is damaged or stolen, with the booking's cover (decision 030). */
  excess?: ExcessAmounts | null;
  /** Rows after the deposit (paid online, left for the counter). */
  more?: Array<{ label: string; amount: number }>;
  /** The supplier's fees and tax (decision 025); a booking made before they were recorded has none. */
  charges?: PriceCharges;
  money: (amount: number) => string;
}

/** Fee and tax lines as `convertedPriceLines` gives them. */
export interface PriceCharges {
  fees: { oneWay: number; youngDriver: number };
  tax: { rateBasisPoints: number; added: boolean; amount: number };
}

/**
 * Spec §2's price breakdown: the rental, each extra, the supplier's fees and the tax it adds, the total, the price per
 * day and the deposit. The lines say whether they include the tax, and the total that it does (decision 025).
 */
export function PriceTable({
  days,
  hours = null,
  pricePerHour = null,
  base,
  extras,
  total,
  pricePerDay,
  deposit,
  excess,
  more = [],
  charges,
  money,
}: PriceTableProps) {
  const { t, i18n } = useTranslation("checkout");
  const optionName = useOptionName();
  const taxed = charges !== undefined && charges.tax.rateBasisPoints > 0;
  const rate = taxed ? formatTaxRate(charges.tax.rateBasisPoints, i18n.language) : "";
  return (
    <>
      <table className="summary-lines">
        <caption className="visually-hidden">{t("summary.breakdown")}</caption>
        <tbody>
          <tr>
            <th scope="row">
              {hours !== null ? t("summary.rentalHours", { count: hours }) : t("summary.rental", { count: days })}
            </th>
            <td>{money(base)}</td>
          </tr>
          {extras.map((line) => (
            <tr key={line.extra}>
              <th scope="row">{optionName(line.extra, line.count)}</th>
              <td>{line.amount === "included" || line.amount === 0 ? t("options.included") : money(line.amount)}</td>
            </tr>
          ))}
          {charges && charges.fees.oneWay > 0 ? (
            <tr>
              <th scope="row">{t("summary.oneWayFee")}</th>
              <td>{money(charges.fees.oneWay)}</td>
            </tr>
          ) : null}
          {charges && charges.fees.youngDriver > 0 ? (
            <tr>
              <th scope="row">{t("summary.youngDriverFee")}</th>
              <td>{money(charges.fees.youngDriver)}</td>
            </tr>
          ) : null}
          {taxed && charges.tax.added ? (
            <tr>
              <th scope="row">{t("summary.taxAdded", { rate })}</th>
              <td>{money(charges.tax.amount)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr className="summary-total">
            <th scope="row">{taxed ? t("summary.totalTaxIncluded") : t("summary.total")}</th>
            <td>{total}</td>
          </tr>
          {taxed && !charges.tax.added ? (
            <tr>
              <th scope="row">{t("summary.taxIncludedShare", { rate })}</th>
              <td>{money(charges.tax.amount)}</td>
            </tr>
          ) : null}
          {hours !== null && pricePerHour !== null ? (
            <tr>
              <th scope="row">{t("summary.perHour")}</th>
              <td>{money(pricePerHour)}</td>
            </tr>
          ) : (
            <tr>
              <th scope="row">{t("summary.perDay")}</th>
              <td>{money(pricePerDay)}</td>
            </tr>
          )}
          {deposit > 0 ? (
            <tr>
              <th scope="row">{t("summary.deposit")}</th>
              <td>{money(deposit)}</td>
            </tr>
          ) : null}
          {excess ? (
            <>
              <tr>
                <th scope="row">{t("common:excess.damage")}</th>
                <td>{money(excess.damage)}</td>
              </tr>
              <tr>
                <th scope="row">{t("common:excess.theft")}</th>
                <td>{money(excess.theft)}</td>
              </tr>
            </>
          ) : null}
          {more.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{money(row.amount)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {taxed ? (
        <p className="hint">{t(charges.tax.added ? "summary.linesBeforeTax" : "summary.linesIncludeTax")}</p>
      ) : null}
    </>
  );
}
