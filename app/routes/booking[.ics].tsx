import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingCalendar } from "~/models/booking/booking-mails.server";
import { findOwnBooking } from "~/models/booking/booking-view.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { getVisitor } from "~/models/account/visitor.server";

/** The booking's pick-up and drop-off as a calendar file (the same one the confirmation mail carries). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await getVisitor(request, context);
  const own = await findOwnBooking(
    await getDb(),
    { id: (new URL(request.url).searchParams.get("b") ?? "").slice(0, 36) },
    request,
    user ? { id: user.id, role: user.role } : null,
  );
  if (!own) throw notFound();
  return new Response(await bookingCalendar(own, publicOrigin(request)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="booking-${own.receipt.reference}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
