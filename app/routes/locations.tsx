import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { resources } from "~/locales";
import { catalogOf } from "~/models/catalog.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/utils/visitor.server";

const LocationMap = lazy(() => import("~/components/location-map"));

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title, description: data.lead }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const places = await catalogOf(await getDb()).places(language);
  const t = await getTranslator(language, "search");
  const countries = [...new Map(places.map((place) => [place.countryCode, place.countryName])).entries()].map(([code, name]) => ({
    code,
    name,
    places: places
      .filter((place) => place.countryCode === code)
      .map(({ slug, name: placeName, carCount, latitude, longitude }) => ({ slug, name: placeName, carCount, latitude, longitude })),
  }));
  return {
    title: t("locations.title"),
    lead: t("locations.lead"),
    countries,
    translations: resources[language].search,
    mapTileUrl: getEnv().MAP_TILE_URL,
  };
}

export default function Locations() {
  const data = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("search", data.translations);
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
      {data.countries.map((country) => (
        <section key={country.code} aria-labelledby={`country-${country.code}`}>
          <h2 id={`country-${country.code}`}>
            {country.name} <span className="muted">({t("locations.count", { count: country.places.length })})</span>
          </h2>
          <ul className="place-list">
            {country.places.map((place) => (
              <li key={place.slug}>
                {place.carCount > 0 ? (
                  <Link to={`/search?pickup=${place.slug}`} aria-label={t("locations.searchHere", { place: place.name })}>
                    {place.name}
                  </Link>
                ) : (
                  <span>{place.name}</span>
                )}{" "}
                <span className="muted">— {t("locations.cars", { count: place.carCount })}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
