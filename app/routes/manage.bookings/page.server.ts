import { supplierScope } from "~/models/access/operator-access";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BULK_SETTABLE_STATUSES } from "~/models/booking/booking-filters";
import {
  BULK_STATUS_LIMIT,
  describeBulkStatus,
  setBulkStatusByStaff,
} from "~/models/booking/staff/booking-status.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
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

/** The bulk status form: the ticked bookings, the status, and (second post) the confirmation. */
const bulkStatusSchema = z.object({
  status: z.enum(BULK_SETTABLE_STATUSES, { message: "manage:bookingsList.bulk.chooseStatus" }),
  id: z
    .array(z.string().uuid())
    .min(1, "manage:bookingsList.bulk.chooseBookings")
    .max(BULK_STATUS_LIMIT, "manage:bookingsList.bulk.chooseBookings"),
  // The confirmation's own button (its value is its label).
  confirmed: z.string().optional(),
  // The list's filters, to come back to.
  query: z.string().max(500).optional(),
});

/**
 * POST: a status for the ticked bookings (issue 50, point 2). The first post answers with what would happen to each
 * (a dialog with JavaScript, a section without); only the confirmation's own post changes anything.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "handleBookings");
  const formData = await request.formData();
  const parsed = bulkStatusSchema.safeParse({
    status: formData.get("status") || undefined,
    id: formData.getAll("id").map(String),
    confirmed: formData.get("confirmed") ?? undefined,
    query: formData.get("query") ?? undefined,
  });
  const back = `/manage/bookings${parsed.data?.query ? `?${parsed.data.query.replace(/^\?/, "")}` : ""}`;
  if (!parsed.success)
    return data(
      { problem: parsed.error.issues[0]?.message ?? "manage:bookingsList.bulk.chooseBookings", confirm: null },
      { status: 400 },
    );
  const { status, id: ids, confirmed } = parsed.data;
  const db = await getDb();
  if (!confirmed) {
    const items = await describeBulkStatus(db, actor, ids, status);
    if (!items.some((item) => item.verdict === "allowed"))
      return data({ problem: "manage:bookingsList.bulk.noneChangeable", confirm: null }, { status: 409 });
    return { problem: null, confirm: { status, items, back, query: parsed.data.query ?? "" } };
  }
  const { changed, notChanged } = await setBulkStatusByStaff(db, actor, ids, status, {
    now: new Date(),
    origin: publicOrigin(request),
  });
  return redirectWithToast(
    back,
    notChanged > 0
      ? { type: "error", messageKey: "errors.bulkStatusPartial", params: { changed, left: notChanged } }
      : { type: "success", messageKey: "success.bulkStatus", params: { count: changed } },
  );
}
