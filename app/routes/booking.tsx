import { signInHref } from "~/models/navigation/links";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingReceipt } from "~/components/booking-receipt";
import { findOwnBooking } from "~/models/booking/booking-view.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** Spec §2 /booking: one booking (?b=<id>), for its driver, or for the browser that booked it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, user } = await getVisitor(request, context);
  const url = new URL(request.url);
  const bookingId = (url.searchParams.get("b") ?? "").slice(0, 36);
  const db = await getDb();
  const own = await findOwnBooking(db, { id: bookingId }, request, user ? { id: user.id, role: user.role } : null);
  if (!own) {
    // A driver following the mail's link signs in first; a signed-in stranger sees what a missing booking shows.
    if (!user) throw redirect(signInHref(`${url.pathname}${url.search}`));
    throw notFound();
  }
  const { t, translations } = await routeTranslations(language, "checkout");
  return { title: t("receipt.heading", { reference: own.receipt.reference }), receipt: own.receipt, translations };
}

export default function Booking() {
  const { receipt, translations } = useLoaderData<typeof loader>();
  useRouteTranslation(translations);
  return (
    <div className="page page-narrow">
      <BookingReceipt receipt={receipt} asPage />
    </div>
  );
}
