import type { LoaderFunctionArgs } from "@remix-run/node";
import { getVisitor } from "~/models/account/visitor.server";
import { findOwnBooking } from "~/models/booking/booking-view.server";
import { documentPdfResponse } from "~/models/documents/business-documents.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/responses.server";

/**
 * GET /booking/invoice.pdf?b=<id>: the booking's invoice or receipt as a PDF (`&n=CRN-000003`, or a supplement's number: one of its credit
 * notes), for whoever may see the booking.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await getVisitor(request, context);
  const db = await getDb();
  const query = new URL(request.url).searchParams;
  const own = await findOwnBooking(
    db,
    { id: (query.get("b") ?? "").slice(0, 36) },
    request,
    user ? { id: user.id, role: user.role } : null,
  );
  if (!own) throw notFound();
  return (await documentPdfResponse(db, own.booking.id, query.get("n"))) ?? notFound();
}
