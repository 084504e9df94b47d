import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Pagination } from "~/components/pagination";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";
import { localizedName } from "~/domain/localized-name";
import type { Language } from "~/domain/enums";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

const PAGE_SIZE = 50;

export default function Places() {
  const { query, countries, list, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const hrefFor = (page: number) => {
    const search = new URLSearchParams();
    if (query.text) search.set("q", query.text);
    if (query.countryId) search.set("country", query.countryId);
    if (page > 1) search.set("page", String(page));
    return `/manage/places${search.size ? `?${search}` : ""}`;
  };
  return (
    <>
      <h1>{t("places.heading")}</h1>
      <p className="form-actions">
        <SiteLink to="/manage/places/new" className="button">
          {t("places.add")}
        </SiteLink>
        <SiteLink to="/manage/countries">{t("nav.countries")}</SiteLink>
      </p>
      <Form method="get" className="form-card manage-filters" aria-label={t("places.filters")}>
        <div className="field">
          <label htmlFor="places-q">{t("places.search")}</label>
          <input id="places-q" type="search" name="q" defaultValue={query.text} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="places-country">{t("places.country")}</label>
          <select id="places-country" name="country" defaultValue={query.countryId ?? ""}>
            <option value="">{t("places.allCountries")}</option>
            {countries.map((country) => (
              <option key={country.id} value={country.id}>
                {country.name} ({country.code})
              </option>
            ))}
          </select>
        </div>
        <SubmitInput label={t("fleet.show")} />
      </Form>
      <h2 aria-live="polite">{t("places.count", { count: list.total })}</h2>
      {list.places.length ? (
        <div className="table-scroll">
          <table className="manage-table">
            <caption className="visually-hidden">{t("places.caption", { page: query.page })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("places.columns.place")}</th>
                <th scope="col">{t("places.columns.country")}</th>
                <th scope="col">{t("places.columns.desk")}</th>
                <th scope="col">{t("places.columns.hours")}</th>
              </tr>
            </thead>
            <tbody>
              {list.places.map((place) => (
                <tr key={place.id}>
                  <th scope="row">
                    <SiteLink to={`/manage/places/${place.id}`}>
                      {localizedName(place, i18n.language as Language)}
                    </SiteLink>
                    <br />
                    <span className="plate">{place.slug}</span>
                  </th>
                  <td>{place.countryCode}</td>
                  <td>{place.deskKind ? t(`common:desk.kinds.${place.deskKind}`) : t("place.noDesk")}</td>
                  <td>{place.hasHours ? t("places.hoursOnRecord") : t("places.anyTime")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("places.none")}</p>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}
