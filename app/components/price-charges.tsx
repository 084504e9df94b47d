import { useTranslation } from "~/components/i18n-provider";
import type { ChargesView } from "~/models/pricing/pricing";
import { formatTaxRate } from "~/domain/money";

/**
 * What an offer's total includes (decision 025), under its price on a results card: the supplier's tax (in its rates,
 * or added), its one-way fee on a one-way search, and the young-driver fee it adds once the driver's age is known.
 */
export function ChargesNotes({ charges, money }: { charges: ChargesView; money: (amount: number) => string }) {
  const { t, i18n } = useTranslation();
  const rate = formatTaxRate(charges.tax.rateBasisPoints, i18n.language);
  return (
    <ul className="price-charges">
      <li>
        {charges.tax.rateBasisPoints === 0
          ? t("charges.taxesIncluded")
          : t(charges.tax.added ? "charges.taxAdded" : "charges.taxIncluded", { rate })}
      </li>
      {charges.oneWayFee === null ? null : (
        <li>
          {charges.oneWayFee > 0
            ? t("charges.oneWayFee", { amount: money(charges.oneWayFee) })
            : t("charges.noOneWayFee")}
        </li>
      )}
      {charges.youngDriver ? (
        <li>
          <span className="phrase">{t("charges.youngDriverWho", { age: charges.youngDriver.underAge })}</span>{" "}
          <span className="phrase">{t("charges.youngDriverFee", { fee: money(charges.youngDriver.dailyFee) })}</span>
        </li>
      ) : null}
    </ul>
  );
}
