import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Pagination } from "~/components/pagination";
import { SiteLink } from "~/components/site-link";
import { SupplierFilter } from "~/components/supplier-filter";
import { SubmitInput } from "~/components/submit-input";
import { formatMoney } from "~/domain/money";
import { CAR_RANGES } from "~/domain/enums";
import { FLEET_PAGE_SIZE, FLEET_SORTS, FLEET_STATES, type FleetQuery } from "~/models/fleet/fleet-query";
import type { FleetRow } from "~/models/fleet/fleet.server";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** The list's query string for `query`, on another page. */
function fleetHref(query: FleetQuery, page: number, requestedSupplier: string | null) {
  const search = new URLSearchParams();
  if (requestedSupplier) search.set("supplier", requestedSupplier);
  if (query.text) search.set("q", query.text);
  if (query.range) search.set("range", query.range);
  if (query.place) search.set("place", query.place);
  if (query.state) search.set("state", query.state);
  if (query.sort !== "name") search.set("sort", query.sort);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `/manage/cars?${text}` : "/manage/cars";
}

const stateOf = (car: Pick<FleetRow, "available" | "fullyBooked" | "comingSoon" | "retiredAt">) =>
  car.retiredAt ? "retired" : car.available && !car.fullyBooked && !car.comingSoon ? "offered" : "notOffered";

export default function Fleet() {
  const { query, fleet, suppliers, placeUnknown, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const { t: common } = useRouteTranslation(translations);
  const pages = fleet.more ? query.page + 1 : Math.max(1, Math.ceil(fleet.total / FLEET_PAGE_SIZE));
  const requestedSupplier = suppliers ? query.supplierId : null;
  return (
    <>
      <h1>{t("fleet.heading")}</h1>
      <p>
        <SiteLink to="/manage/cars/new" className="button">
          {t("nav.newCar")}
        </SiteLink>
      </p>
      <Form method="get" className="form-card manage-filters" aria-label={t("fleet.filters")}>
        {suppliers ? <SupplierFilter id="fleet-supplier" suppliers={suppliers} chosen={query.supplierId} /> : null}
        <div className="field">
          <label htmlFor="fleet-q">{t("fleet.search")}</label>
          <input id="fleet-q" type="search" name="q" defaultValue={query.text} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="fleet-range">{t("fleet.range")}</label>
          <select id="fleet-range" name="range" defaultValue={query.range ?? ""}>
            <option value="">{t("fleet.allRanges")}</option>
            {CAR_RANGES.map((range) => (
              <option key={range} value={range}>
                {common(`common:ranges.${range}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fleet-place">{t("fleet.place")}</label>
          <input
            id="fleet-place"
            name="place"
            defaultValue={query.place ?? ""}
            maxLength={120}
            aria-describedby="fleet-place-hint"
          />
          <p id="fleet-place-hint" className="hint">
            {t("fleet.placeHint")}
          </p>
          {placeUnknown ? (
            <p className="field-error" role="alert">
              {t("validation.placeUnknown", { text: query.place ?? "" })}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="fleet-state">{t("fleet.state")}</label>
          <select id="fleet-state" name="state" defaultValue={query.state ?? ""}>
            <option value="">{t("fleet.allStates")}</option>
            {FLEET_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`fleet.states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fleet-sort">{t("fleet.sort")}</label>
          <select id="fleet-sort" name="sort" defaultValue={query.sort}>
            {FLEET_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`fleet.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitInput label={t("fleet.show")} />
      </Form>
      <h2 id="fleet-count" aria-live="polite">
        {fleet.more ? t("fleet.countAtLeast", { count: fleet.total }) : t("fleet.count", { count: fleet.total })}
      </h2>
      {fleet.cars.length === 0 ? (
        <p>{t("fleet.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="manage-table">
            <caption className="visually-hidden">{t("fleet.caption", { page: query.page })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("fleet.columns.car")}</th>
                {suppliers ? <th scope="col">{t("fleet.columns.supplier")}</th> : null}
                <th scope="col">{t("fleet.columns.range")}</th>
                <th scope="col">{t("fleet.columns.dailyPrice")}</th>
                <th scope="col">{t("fleet.columns.status")}</th>
              </tr>
            </thead>
            <tbody>
              {fleet.cars.map((car) => (
                <tr key={car.id}>
                  <th scope="row">
                    <SiteLink to={`/manage/cars/${car.id}`}>{car.name}</SiteLink>
                    <br />
                    <span className="plate">{car.licensePlate}</span>
                  </th>
                  {suppliers ? <td>{car.supplierName}</td> : null}
                  <td>{common(`common:ranges.${car.range}`)}</td>
                  <td>{formatMoney(car.dailyPrice, "USD", i18n.language)}</td>
                  <td>{t(`fleet.states.${stateOf(car)}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={(page) => fleetHref(query, page, requestedSupplier)} />
    </>
  );
}
