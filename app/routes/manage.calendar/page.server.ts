import { type LoaderFunctionArgs } from "@remix-run/node";
import { listPage } from "~/domain/list-page";
import { BOOKING_STATUSES, CAR_RANGES } from "~/domain/enums";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { addDays, fleetCalendar, mondayOf } from "~/models/fleet/calendar.server";
import { listSuppliers, placeChoices } from "~/models/fleet/fleet.server";
import { supplierScope } from "~/models/access/operator-access";
import { requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { localizedName } from "~/domain/localized-name";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET /manage/calendar?week=…&place=…&range=…&status=…&page=…: the fleet's week, a page of cars at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "viewFleet");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const requested = /^[0-9a-f-]{36}$/i.test(search.get("supplier") ?? "") ? search.get("supplier") : null;
  // A supplier's own fleet, whatever it asks for; an admin's choice of supplier, or everyone's.
  const supplierId = supplierScope(actor, requested);
  const [places, suppliers] = await Promise.all([
    placeChoices(db, supplierId, [], true),
    actor.role === "admin" ? listSuppliers(db) : Promise.resolve(null),
  ]);
  const place = places.find((candidate) => candidate.slug === search.get("place")) ?? null;
  const timeZone = place?.timeZone ?? "UTC";
  const today = instantToLocalDateTime(new Date(), timeZone).slice(0, 10);
  const asked = search.get("week") ?? "";
  const firstDay = mondayOf(DAY.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today);
  const range = CAR_RANGES.find((value) => value === search.get("range")) ?? null;
  const status = BOOKING_STATUSES.find((value) => value === search.get("status")) ?? null;
  const page = listPage(search);
  const calendar = await fleetCalendar(db, {
    supplierId,
    placeId: place?.id ?? null,
    range,
    status,
    firstDay,
    timeZone,
    page,
  });
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("calendar.title"),
    query: {
      place: place?.slug ?? "",
      range: range ?? "",
      status: status ?? "",
      page,
      week: firstDay,
      supplier: actor.role === "admin" ? (supplierId ?? "") : "",
    },
    suppliers,
    places: places.map((candidate) => ({ slug: candidate.slug, name: localizedName(candidate, language) })),
    timeZone,
    today,
    previousWeek: addDays(firstDay, -7),
    nextWeek: addDays(firstDay, 7),
    calendar,
    translations,
  };
}
