import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/i18n-provider";

export interface FiguresFilterChoices {
  place: string;
  /** The chosen supplier's id ("" for all), or null when the operator cannot choose one (a supplier's team). */
  supplier: string | null;
  places: Array<{ slug: string; name: string }>;
  suppliers: Array<{ id: string; name: string }> | null;
}

/**
 * The overview's and the reports' plain GET form (decisions 045 and 046): the supplier (an admin's choice), the
 * pick-up place, and what the page adds (a report's period). Read in the `manage` namespace the page loaded.
 */
export function FiguresFilters({ filters, children }: { filters: FiguresFilterChoices; children?: ReactNode }) {
  const { t } = useTranslation("manage");
  return (
    <Form method="get" className="filters" aria-label={t("overview.filters")}>
      {filters.suppliers ? (
        <div className="field">
          <label htmlFor="figures-supplier">{t("overview.supplier")}</label>
          <select id="figures-supplier" name="supplier" defaultValue={filters.supplier ?? ""}>
            <option value="">{t("overview.allSuppliers")}</option>
            {filters.suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="figures-place">{t("overview.place")}</label>
        <select id="figures-place" name="place" defaultValue={filters.place}>
          <option value="">{t("overview.allPlaces")}</option>
          {filters.places.map((place) => (
            <option key={place.slug} value={place.slug}>
              {place.name}
            </option>
          ))}
        </select>
      </div>
      {children}
      <button type="submit" className="button button-small">
        {t("overview.filters")}
      </button>
    </Form>
  );
}

/** The period's two days (the reports' and the overview's `from` and `to`), inside `FiguresFilters`. */
export function PeriodFields({
  idPrefix,
  from,
  to,
  required = false,
}: {
  idPrefix: string;
  from: string;
  to: string;
  /** A report always has a period; the overview's may be left empty. */
  required?: boolean;
}) {
  const { t } = useTranslation("manage");
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>{t("reports.from")}</label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} required={required} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>{t("reports.to")}</label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} required={required} />
      </div>
    </>
  );
}
