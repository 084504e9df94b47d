import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { pageMeta } from "~/utils/meta";
import { DeskSection, FiguresSection, UtilisationSection, WeeksSection } from "./overview-sections";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Overview() {
  const { filters, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("overview.title")}</h1>
      <Form method="get" className="filters" aria-label={t("overview.filters")}>
        {filters.suppliers ? (
          <div className="field">
            <label htmlFor="overview-supplier">{t("overview.supplier")}</label>
            <select id="overview-supplier" name="supplier" defaultValue={filters.supplier ?? ""}>
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
          <label htmlFor="overview-place">{t("overview.place")}</label>
          <select id="overview-place" name="place" defaultValue={filters.place}>
            <option value="">{t("overview.allPlaces")}</option>
            {filters.places.map((place) => (
              <option key={place.slug} value={place.slug}>
                {place.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-small">
          {t("overview.filters")}
        </button>
      </Form>
      <DeskSection />
      <UtilisationSection />
      <WeeksSection />
      <FiguresSection />
    </>
  );
}
