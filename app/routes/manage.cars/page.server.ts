import { type LoaderFunctionArgs } from "@remix-run/node";
import { findPlacesNamed, listFleet, listSuppliers } from "~/models/fleet/fleet.server";
import { readFleetQuery } from "~/models/fleet/fleet-query";
import { requireOperatorFor } from "~/models/access/operator.server";
import { supplierScope } from "~/models/access/operator-access";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";

/** GET /manage/cars: the fleet, filtered, sorted and paged by its query string (a supplier's own cars only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "viewFleet");
  const search = new URL(request.url).searchParams;
  const db = await getDb();
  const requested = /^[0-9a-f-]{36}$/i.test(search.get("supplier") ?? "") ? search.get("supplier") : null;
  const query = readFleetQuery(search, supplierScope(actor, requested));
  const [fleet, suppliers, place] = await Promise.all([
    listFleet(db, query),
    actor.role === "admin" ? listSuppliers(db) : Promise.resolve(null),
    query.place ? findPlacesNamed(db, query.place) : Promise.resolve([]),
  ]);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: query.page > 1 ? t("fleet.titlePage", { page: query.page }) : t("fleet.title"),
    query,
    fleet,
    suppliers,
    placeUnknown: query.place !== null && place.length === 0,
    translations,
  };
}
