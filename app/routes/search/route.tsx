import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { CarCard } from "~/components/car-card";
import { ErrorSummary } from "~/components/error-summary";
import { Pagination } from "~/components/pagination";
import { RatesAsOf } from "~/components/rates-as-of";
import { NoScriptButton } from "~/components/no-script-button";
import { SearchFields } from "~/components/search-fields";
import { SearchSummary } from "~/components/search-summary";
import { DeskDisclosure } from "~/components/desk-details";
import { SearchFilters } from "~/components/search-filters";
import { hasActiveFilters, clearedFilters, PAGE_OFFSET_PX, searchQuery, SORT_ORDERS } from "~/models/search/search";
import { pageMeta } from "~/utils/meta";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import type { loader } from "./page.server";

export { loader } from "./page.server";
import { InfiniteMore } from "./infinite-more";
import { carPageHrefFromSearch, checkoutHrefFromSearch } from "~/models/navigation/links";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data ? { title: data.title, description: data.description } : undefined, matches);

export default function Search() {
  const page = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(page.translations);
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const { params, results } = page;
  const focusAfterFilter = useRef<string | null>(null);

  // Filters apply at once with JavaScript; the panel re-renders from the URL, so focus returns to the control used.
  function applyFilters(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (!target.closest(".filters, .sort-control")) return;
    focusAfterFilter.current = target.id || null;
    submit(event.currentTarget, { preventScrollReset: true });
  }
  useEffect(() => {
    if (focusAfterFilter.current) document.getElementById(focusAfterFilter.current)?.focus();
    focusAfterFilter.current = null;
  }, [location.search]);

  // After "Next" or another page link, focus goes to the results' heading. The window shows the page's top, unless
  // the list starts further down than the spec's page offset (a phone, below the search summary): then the list.
  const shownPage = useRef(params.page);
  useEffect(() => {
    if (shownPage.current === params.page) return;
    shownPage.current = params.page;
    const heading = document.getElementById("results-heading");
    if (page.infiniteScroll || !heading) return;
    heading.focus({ preventScroll: true });
    const listTop = heading.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: listTop > PAGE_OFFSET_PX ? listTop : 0 });
  }, [params.page, page.infiniteScroll]);

  const hrefFor = (n: number) => `/search?${searchQuery(params, { page: n })}`;
  const offers = results?.offers ?? [];
  const infinite = page.infiniteScroll && hydrated && results !== null;
  const filterKey = searchQuery(params, { page: 1 });

  return (
    <div className="page search-page">
      {results ? (
        <a className="skip-link" href="#results-heading">
          {t("skipToResults")}
        </a>
      ) : null}
      <h1>{page.title}</h1>
      <Form method="get" action="/search" className="search-layout" onChange={hydrated ? applyFilters : undefined}>
        <aside className="search-sidebar">
          <section className="search-box" aria-labelledby="search-form-heading">
            <h2 id="search-form-heading" className="h3">
              {t("form.heading")}
            </h2>
            {page.places ? (
              <>
                <ErrorSummary
                  idPrefix="search-"
                  errors={page.errors}
                  labels={{
                    pickup: t("form.pickup"),
                    dropoff: t("form.dropoff"),
                    from: t("form.from"),
                    to: t("form.to"),
                  }}
                />
                {page.openNearby ? (
                  <p className="callout" role="note">
                    {t(page.openNearby.roundTheClock ? "openNearby.roundTheClock" : "openNearby.open", {
                      place: page.openNearby.name,
                      hours: page.openNearby.hours,
                    })}{" "}
                    <SiteLink to={page.openNearby.href}>
                      {t("openNearby.search", { place: page.openNearby.name })}
                    </SiteLink>
                  </p>
                ) : null}
                <SearchFields
                  key={`${params.pickup}|${params.dropoff}|${params.same}|${params.from}|${params.to}`}
                  form={page.form}
                  places={page.places.options}
                  placeInput={page.places.input}
                  availableCount={page.places.availableCount}
                  errors={page.errors}
                  choices={page.choices}
                  choiceHref={(field, slug) => `/search?${searchQuery({ ...params, [field]: slug }, { page: 1 })}`}
                  mapTileUrl={page.mapTileUrl}
                />
                <button type="submit" className="button">
                  {t("form.submit")}
                </button>
              </>
            ) : (
              <>
                <SearchSummary form={page.form} pickupName={page.pickupName ?? ""} dropoffName={page.dropoffName} />
                {/* One line per desk, the rest a click away: on a phone the first offer is on the first screen. */}
                <DeskDisclosure stops={page.deskStops} />
              </>
            )}
          </section>
          <SearchFilters
            key={filterKey}
            open={page.filtersOpen}
            params={params}
            suppliers={page.showSuppliers ? page.suppliers : []}
            depositThresholds={page.depositThresholds}
            clearHref={`/search?${clearedFilters(params)}`}
          />
        </aside>

        <section
          className="search-results"
          aria-labelledby="results-heading"
          aria-busy={navigation.state === "loading" || undefined}
          data-search={searchQuery(params)}
        >
          <div className="results-bar">
            <h2 id="results-heading" className="h3" aria-live="polite" tabIndex={-1}>
              {results
                ? t(results.more ? "summary.resultsAtLeast" : "summary.results", { count: results.total })
                : t("form.heading")}
            </h2>
            {results ? (
              <div className="sort-control">
                <label htmlFor="search-sort">{t("sort.label")}</label>
                <select id="search-sort" name="sort" defaultValue={params.sort} key={params.sort}>
                  {SORT_ORDERS.map((order) => (
                    <option key={order} value={order}>
                      {t(`sort.${order}`)}
                    </option>
                  ))}
                </select>
                <NoScriptButton label={t("sort.apply")} />
              </div>
            ) : null}
          </div>
          <RatesAsOf />
          {page.afterClosing ? (
            <p className="callout" role="note">
              {t("afterClosing", { place: page.afterClosing.place, hours: page.afterClosing.hours })}
            </p>
          ) : null}
          {results && results.total === 0 ? (
            <div className="empty-results">
              <p>{t("empty.text")}</p>
              {hasActiveFilters(params) ? (
                <SiteLink to={`/search?${clearedFilters(params)}`} className="button">
                  {t("empty.clear")}
                </SiteLink>
              ) : null}
            </div>
          ) : null}
          {results && results.total > 0 && results.offers.length === 0 ? (
            <p>
              <SiteLink to={hrefFor(1)}>{t("common:pagination.page", { page: 1 })}</SiteLink>
            </p>
          ) : null}
          <ol className="car-list">
            {offers.map((offer, index) => (
              <li key={offer.id}>
                <CarCard
                  offer={offer}
                  checkoutHref={checkoutHrefFromSearch(params, offer.id)}
                  carHref={carPageHrefFromSearch(params, offer.id)}
                  first={index < 2}
                />
              </li>
            ))}
            {infinite ? <InfiniteMore key={filterKey} params={params} pages={results.pages} /> : null}
          </ol>
          {results && !infinite ? <Pagination page={params.page} pages={results.pages} hrefFor={hrefFor} /> : null}
        </section>
      </Form>
    </div>
  );
}
