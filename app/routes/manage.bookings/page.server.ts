import { supplierScope } from "~/models/access/operator-access";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { localizedName } from "~/domain/localized-name";
import { requireOperatorFor } from "~/models/access/operator.server";
import { parseStaffBookingQuery, searchStaffBookings } from "~/models/booking/staff/booking-search.server";
import { placeChoices } from "~/models/fleet/fleet.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";

/** GET /manage/bookings: every booking in the operator's scope, searched, filtered and paged (issue 50, point 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const query = parseStaffBookingQuery(search);
  const now = new Date();
  const supplierId = supplierScope(actor, null);
  const [list, places, { t, translations }] = await Promise.all([
    searchStaffBookings(db, actor, query, language, now),
    placeChoices(db, supplierId, [], true),
    routeTranslations(language, "manage"),
  ]);
  return data(
    {
      title: t("bookingsList.title"),
      query,
      admin: actor.role === "admin",
      places: places.map((place) => ({ value: place.id, label: localizedName(place, language) })),
      list,
      // The same filters as a query string, for the export link and the pages.
      search: search.toString(),
      translations,
    },
    { headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}
