import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { findStaffBooking } from "~/models/booking/staff/staff-bookings.server";
import { documentPdfResponse } from "~/models/documents/business-documents.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/responses.server";

/**
 * GET /manage/bookings/:id/invoice.pdf: the booking's invoice or receipt (`?n=CRN-000003`: one of its credit notes, or a supplement by its number)
 * as a PDF for its supplier's staff (or an admin); another supplier's booking answers as a missing one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const details = await findStaffBooking(db, actor, String(params.bookingId ?? ""));
  if (!details) throw notFound();
  const printed = new URL(request.url).searchParams.get("n");
  return (await documentPdfResponse(db, details.booking.id, printed)) ?? notFound();
}
