import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { parseStaffBookingQuery, staffBookingsCsv } from "~/models/booking/staff/booking-search.server";
import { getDb } from "~/utils/db.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";

/** GET /manage/bookings/export?…: the operators' filtered bookings list as CSV (issue 50, point 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const query = parseStaffBookingQuery(new URL(request.url).searchParams);
  const csv = await staffBookingsCsv(await getDb(), actor, query, language, new Date());
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": PRIVATE_PAGE,
    },
  });
}
