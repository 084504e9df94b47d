import type { LoaderFunctionArgs } from "@remix-run/node";
import { availablePlaces } from "~/models/catalogue/places.server";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { matchPlaces } from "~/models/search/place-finder";
import { getDb } from "~/utils/db.server";
import { getVisitor } from "~/models/account/visitor.server";

/**
 * Suggestions for a place field of a large network, in the reader's language (`/places?q=tun`): the places with
 * cars whose name matches, the busiest first. The form works without it; JavaScript asks as the driver types.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const text = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const { language } = await getVisitor(request, context);
  const places = availablePlaces(await catalogOf(await getDb()).places(language));
  const found = matchPlaces(places, text).map(({ slug, name, countryName }) => ({ slug, name, countryName }));
  // The language comes from the cookie or the account: one reader's answer, kept a minute.
  return Response.json(
    { places: found },
    { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie, Accept-Language" } },
  );
}
