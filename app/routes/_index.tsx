import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { RatesAsOf } from "~/components/rates-as-of";
import { SearchFields } from "~/components/search-fields";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { convertMinorUnits } from "~/domain/money";
import { loadSearchForm } from "~/models/search/search-page.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { useMoney } from "~/hooks/use-money";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor, getVisitorPricing } from "~/models/account/visitor.server";
import { SiteLink } from "~/components/site-link";
import { SUPPLIER_LOGO } from "~/components/image-sizes";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title, description: data.description }, matches);

/** The home page presents three sizes (spec §1): MINI, MIDI, MAXI, shown as car, SUV, van. */
const HOME_SIZES = ["mini", "midi", "maxi"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  const { language } = await getVisitor(request, context);
  const pricing = await getVisitorPricing(request, context);
  const db = await getDb();
  const [home, search, searchForm, destinations, lowest, suppliers] = await Promise.all([
    routeTranslations(language, "home"),
    routeTranslations(language, "search"),
    loadSearchForm(db, { language, now: new Date(), query: new URL(request.url).searchParams }),
    catalogOf(db).destinations(language),
    catalogOf(db).lowestDailyPrices(),
    env.HIDE_SUPPLIERS ? Promise.resolve([]) : catalogOf(db).suppliers(),
  ]);
  // A destination links to a search at its busiest top-level place.
  const destinationLinks = destinations.map((destination) => {
    const place = searchForm.allPlaces
      .filter((candidate) => candidate.countryCode === destination.code && !candidate.parentSlug)
      .sort((a, b) => b.carCount - a.carCount)[0];
    return { ...destination, pickup: place?.slug ?? null };
  });
  return {
    title: home.t("title"),
    description: home.t("hero.lead"),
    translations: home.translations,
    searchTranslations: search.translations,
    form: searchForm.form,
    places: searchForm.places,
    destinations: destinationLinks,
    sizes: HOME_SIZES.map((range) => ({
      range,
      from: lowest[range] === undefined ? null : convertMinorUnits(lowest[range], pricing.rate),
    })),
    suppliers: suppliers
      .filter((supplier) => supplier.carCount > 0)
      .map(({ slug, name, logo }) => ({ slug, name, logo })),
    mapTileUrl: env.MAP_TILE_URL,
  };
}

const WHY_US = ["prices", "choice", "flexible", "cancellation"] as const;
const SERVICES = ["airport", "extras", "languages"] as const;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t: ts } = useRouteTranslation(data.searchTranslations);
  const { t } = useRouteTranslation(data.translations);
  const money = useMoney();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="page hero-grid">
          <div className="hero-text">
            <h1 id="hero-heading">{t("hero.heading")}</h1>
            <p className="lead">{t("hero.lead")}</p>
          </div>
          <Form
            method="get"
            action="/search"
            id="search-form"
            className="search-box hero-search"
            aria-labelledby="home-search-heading"
          >
            <h2 id="home-search-heading" className="h3">
              {ts("form.heading")}
            </h2>
            {/* Drawn anew for another search (a link to the home page with other places or dates). */}
            <SearchFields
              key={`${data.form.pickup}|${data.form.dropoff}|${data.form.sameLocation}|${data.form.from}|${data.form.to}`}
              form={data.form}
              places={data.places.options}
              placeInput={data.places.input}
              availableCount={data.places.availableCount}
              errors={{}}
              mapPlaces={data.places.markers}
              mapTileUrl={data.mapTileUrl}
              submit={
                <button type="submit" className="button button-accent">
                  {ts("form.submit")}
                </button>
              }
            />
          </Form>
          {/* After the form (a phone reaches the search first); under the lead beside it on a wide screen. */}
          <section className="hero-points" aria-labelledby="why-heading">
            <h2 id="why-heading" className="h3">
              {t("whyUs.heading")}
            </h2>
            <ul>
              {WHY_US.map((key) => (
                <li key={key}>
                  <strong>{t(`whyUs.items.${key}.title`)}</strong> {t(`whyUs.items.${key}.text`)}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </section>

      <div className="page">
        <section aria-labelledby="sizes-heading">
          <h2 id="sizes-heading">{ts("home.sizes")}</h2>
          <ul className="card-grid size-grid">
            {data.sizes.map((size) => (
              <li key={size.range} className="card size-card">
                <img src={`/images/cars/${size.range}-silver.svg`} alt="" width="180" height="100" />
                <h3>
                  <SiteLink to={`/search?range=${size.range}`}>{t(`common:ranges.${size.range}`)}</SiteLink>
                </h3>
                {size.from !== null ? <p>{ts("home.sizeFrom", { price: money(size.from) })}</p> : null}
              </li>
            ))}
          </ul>
          <RatesAsOf />
        </section>

        <section aria-labelledby="destinations-heading">
          <h2 id="destinations-heading">{t("destinations.heading")}</h2>
          {data.destinations.length === 0 ? (
            <p>{t("destinations.empty")}</p>
          ) : (
            <ul className="card-grid">
              {data.destinations.map((destination) => (
                <li key={destination.code} className="card">
                  <h3>
                    {destination.pickup ? (
                      <SiteLink to={`/search?pickup=${destination.pickup}`}>{destination.name}</SiteLink>
                    ) : (
                      destination.name
                    )}
                  </h3>
                  <p>{t("destinations.locations", { count: destination.locationCount })}</p>
                </li>
              ))}
            </ul>
          )}
        </section>

        {data.suppliers.length > 0 ? (
          <section aria-labelledby="brands-heading">
            <h2 id="brands-heading">{ts("home.brands")}</h2>
            <ul className="brand-list">
              {data.suppliers.map((supplier) => (
                <li key={supplier.slug}>
                  <SiteLink to={`/search?supplier=${supplier.slug}`}>
                    {supplier.logo ? <img src={supplier.logo} alt="" {...SUPPLIER_LOGO} /> : null}
                    <span>{supplier.name}</span>
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="services-heading">
          <h2 id="services-heading">{t("services.heading")}</h2>
          <ul className="feature-grid">
            {SERVICES.map((key) => (
              <li key={key}>
                <h3>{t(`services.items.${key}.title`)}</h3>
                <p>{t(`services.items.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="care-heading" className="customer-care">
          <h2 id="care-heading">{t("customerCare.heading")}</h2>
          <p>{t("customerCare.text")}</p>
          <SiteLink to="/contact" className="button">
            {t("customerCare.contact")}
          </SiteLink>
        </section>
      </div>
    </div>
  );
}
