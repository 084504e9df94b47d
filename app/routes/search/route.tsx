import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useFetcher, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { CarCard } from "~/components/car-card";
import { ErrorSummary } from "~/components/error-summary";
import { Pagination } from "~/components/pagination";
import { RatesAsOf } from "~/components/rates-as-of";
import { NoScriptButton } from "~/components/no-script-button";
import { SearchFields } from "~/components/search-fields";
import { SearchSummary } from "~/components/search-summary";
import { DeskDetails } from "~/components/desk-details";
import { SearchFilters } from "~/components/search-filters";
import { hasActiveFilters, clearedFilters, searchQuery, SORT_ORDERS, type SearchParams } from "~/models/search/search";
import { loadSearch } from "~/models/search/search-page.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRouteTranslation, useTranslation } from "~/components/i18n-provider";
import { getVisitor, getVisitorPricing } from "~/models/account/visitor.server";
import { isMobile } from "~/utils/device.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data ? { title: data.title, description: data.description } : undefined, matches);

/** The page's title names its page number after the first, so a screen reader hears where "Next" led. */
const withPage = (title: string, page: number, t: (key: string, options?: Record<string, unknown>) => string) =>
  page > 1 ? t("titleWithPage", { title, page }) : title;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  const { language } = await getVisitor(request, context);
  const pricing = await getVisitorPricing(request, context);
  const page = await loadSearch(await getDb(), {
    query: new URL(request.url).searchParams,
    language,
    pricing,
    now: new Date(),
  });
  const { t, translations } = await routeTranslations(language, "search");
  const invalid = Object.keys(page.errors).length > 0;
  return data(
    {
      ...page,
      title: withPage(page.pickupName ? t("titleAt", { place: page.pickupName }) : t("title"), page.params.page, t),
      description: page.pickupName ? t("descriptionAt", { place: page.pickupName }) : t("description"),
      translations,
      showSuppliers: !env.HIDE_SUPPLIERS,
      mapTileUrl: env.MAP_TILE_URL,
      infiniteScroll: env.SEARCH_PAGINATION === "infinite",
      // On a phone the filter panel starts closed: the first results come before 40 filter controls.
      filtersOpen: !isMobile(request),
    },
    { status: invalid ? 400 : 200 },
  );
}

function checkoutHref(params: SearchParams, carId: string) {
  const query = new URLSearchParams({ car: carId });
  for (const key of ["pickup", "dropoff", "from", "to"] as const) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  if (!params.dropoff && params.pickup) query.set("dropoff", params.pickup);
  return `/checkout?${query.toString()}`;
}

/** Calls `onVisible` once when it scrolls into view. */
function Sentinel({ onVisible, children }: { onVisible: () => void; children: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onVisible();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, onVisible]);
  return (
    <div ref={setElement} className="load-more">
      {children}
    </div>
  );
}

/** One more page of results, fetched from the same loader; it offers the next one once it has arrived. */
function MorePage({
  params,
  page,
  pages,
  onNeedMore,
}: {
  params: SearchParams;
  page: number;
  pages: number;
  onNeedMore: (page: number) => void;
}) {
  const { t } = useTranslation("search");
  const fetcher = useFetcher<typeof loader>();
  const query = searchQuery(params, { page });
  const { load } = fetcher;
  useEffect(() => {
    load(`/search?${query}`);
  }, [load, query]);
  const offers = fetcher.data?.results?.offers ?? [];
  return (
    <>
      {offers.map((offer) => (
        <li key={offer.id}>
          <CarCard offer={offer} checkoutHref={checkoutHref(params, offer.id)} />
        </li>
      ))}
      {fetcher.data && page < pages ? (
        <li>
          <Sentinel onVisible={() => onNeedMore(page + 1)}>
            <SiteLink to={`/search?${searchQuery(params, { page: page + 1 })}`}>{t("pagination.loadMore")}</SiteLink>
          </Sentinel>
        </li>
      ) : null}
    </>
  );
}

/** Infinite scroll (configuration): the next pages' cars are appended as the end of the list comes into view. */
function InfiniteMore({ params, pages }: { params: SearchParams; pages: number }) {
  const { t } = useTranslation("search");
  const [lastPage, setLastPage] = useState(params.page);
  const needMore = useCallback(
    (page: number) => setLastPage((current) => Math.max(current, Math.min(page, pages))),
    [pages],
  );
  const extra = Array.from({ length: lastPage - params.page }, (_, index) => params.page + 1 + index);
  return (
    <>
      {extra.map((page) => (
        <MorePage key={page} params={params} page={page} pages={pages} onNeedMore={needMore} />
      ))}
      {extra.length === 0 && params.page < pages ? (
        <li>
          <Sentinel onVisible={() => needMore(params.page + 1)}>
            <SiteLink to={`/search?${searchQuery(params, { page: params.page + 1 })}`}>
              {t("pagination.loadMore")}
            </SiteLink>
          </Sentinel>
        </li>
      ) : null}
    </>
  );
}

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

  // After "Next" or another page link, focus goes to the results' heading (the page scrolled to the top).
  const shownPage = useRef(params.page);
  useEffect(() => {
    if (shownPage.current === params.page) return;
    shownPage.current = params.page;
    if (!page.infiniteScroll) document.getElementById("results-heading")?.focus();
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
                <DeskDetails desks={page.desks} headingLevel={3} />
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
                <CarCard offer={offer} checkoutHref={checkoutHref(params, offer.id)} first={index < 2} />
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
