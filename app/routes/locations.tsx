import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { Pagination } from "~/components/pagination";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { SiteLink } from "~/components/site-link";

const LocationMap = lazy(() => import("~/components/location-map"));

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title, description: data.lead }, matches);

/** Places per page: a network of thousands stays a light page (decision 015: under 100 KB of HTML at 1,500 places). */
const LOCATIONS_PAGE_SIZE = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const places = await catalogOf(await getDb()).places(language);
  const { t, translations } = await routeTranslations(language, "catalogue");
  const pages = Math.max(1, Math.ceil(places.length / LOCATIONS_PAGE_SIZE));
  const asked = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  // Every country with its size and the page it starts on, so a long list can be entered by country.
  const countryIndex = new Map<string, { code: string; name: string; count: number; page: number }>();
  places.forEach((place, index) => {
    const entry = countryIndex.get(place.countryCode);
    if (entry) entry.count += 1;
    else
      countryIndex.set(place.countryCode, {
        code: place.countryCode,
        name: place.countryName,
        count: 1,
        page: Math.floor(index / LOCATIONS_PAGE_SIZE) + 1,
      });
  });
  const shown = places.slice((page - 1) * LOCATIONS_PAGE_SIZE, page * LOCATIONS_PAGE_SIZE);
  const shownCountries = new Set(shown.map((place) => place.countryCode));
  const countries = [...countryIndex.values()]
    .filter((country) => shownCountries.has(country.code))
    .map((country) => ({
      ...country,
      places: shown
        .filter((place) => place.countryCode === country.code)
        .map(({ slug, name: placeName, carCount, latitude, longitude }) => ({
          slug,
          name: placeName,
          carCount,
          latitude,
          longitude,
        })),
    }));
  return {
    title: page > 1 ? t("titleWithPage", { title: t("locations.title"), page }) : t("locations.title"),
    lead: t("locations.lead"),
    countries,
    countryIndex: pages > 1 ? [...countryIndex.values()] : [],
    page,
    pages,
    translations,
    mapTileUrl: getEnv().MAP_TILE_URL,
  };
}

export default function Locations() {
  const data = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(data.translations);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className="page">
      <h1>{data.title}</h1>
      <p className="lead">{data.lead}</p>
      {/* Laid out from the first paint (hidden without JavaScript): the map fills its place. A marker opens its search. */}
      <div className="js-only">
        {hydrated ? (
          <Suspense fallback={<div className="map-placeholder map-placeholder-tall" />}>
            <LocationMap
              places={data.countries.flatMap((country) => country.places)}
              tileUrl={data.mapTileUrl}
              height={380}
              onSelect={(slug) => navigate(`/search?pickup=${encodeURIComponent(slug)}`)}
            />
          </Suspense>
        ) : (
          <div className="map-placeholder map-placeholder-tall" />
        )}
      </div>
      {data.countryIndex.length ? (
        <nav aria-labelledby="countries-heading" className="country-index">
          <h2 id="countries-heading" className="h3">
            {t("locations.countries")}
          </h2>
          <ul>
            {data.countryIndex.map((country) => (
              <li key={country.code}>
                <SiteLink to={`/locations?page=${country.page}#country-${country.code}`}>{country.name}</SiteLink>{" "}
                <span className="muted">({t("locations.count", { count: country.count })})</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.countries.map((country) => (
        <section key={country.code} aria-labelledby={`country-${country.code}`}>
          <h2 id={`country-${country.code}`}>
            {country.name} <span className="muted">({t("locations.count", { count: country.count })})</span>
          </h2>
          <ul className="place-list">
            {country.places.map((place) => (
              <li key={place.slug}>
                {place.carCount > 0 ? (
                  <SiteLink
                    to={`/search?pickup=${place.slug}`}
                    aria-label={t("locations.searchHere", { place: place.name })}
                  >
                    {place.name}
                  </SiteLink>
                ) : (
                  <span>{place.name}</span>
                )}{" "}
                <span className="muted">— {t("locations.cars", { count: place.carCount })}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Pagination page={data.page} pages={data.pages} hrefFor={(n) => `/locations?page=${n}`} />
    </div>
  );
}
