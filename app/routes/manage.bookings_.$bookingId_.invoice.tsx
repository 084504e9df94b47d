import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BusinessDocument } from "~/components/business-document";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { requireOperatorFor } from "~/models/access/operator.server";
import { bookingReference } from "~/models/booking/booking";
import { findStaffBooking } from "~/models/booking/staff/staff-bookings.server";
import { documentView } from "~/models/documents/business-documents.server";
import { documentNumber } from "~/models/documents/document-lines";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/**
 * GET /manage/bookings/:id/invoice: the booking's invoice or receipt (decision 049) for its supplier's staff (or an
 * admin), `?n=CRN-000003` one of its credit notes (or a supplement by its number); `/manage/bookings/:id/invoice.pdf` downloads the same. Another supplier's booking answers as a missing one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const details = await findStaffBooking(db, actor, String(params.bookingId ?? ""));
  if (!details) throw notFound();
  const printed = new URL(request.url).searchParams.get("n");
  const answer = await documentView(db, details.booking.id, printed);
  if (!answer) throw notFound();
  const [{ t, translations }, checkout, { t: common }] = await Promise.all([
    routeTranslations(language, "manage"),
    // The lines are worded as the checkout words them.
    routeTranslations(language, "checkout"),
    routeTranslations(language, "common"),
  ]);
  const here = `/manage/bookings/${details.booking.id}`;
  return {
    title: common(`documents.titles.${answer.series}`, { number: documentNumber(answer.series, answer.number) }),
    document: answer,
    back: { href: here, label: t("staffBooking.title", { reference: bookingReference(details.booking.id) }) },
    pdfHref: `${here}/invoice.pdf${printed ? `?n=${encodeURIComponent(printed)}` : ""}`,
    translations,
    checkoutTranslations: checkout.translations,
  };
}

export default function StaffBookingDocument() {
  const { document, back, pdfHref, translations, checkoutTranslations } = useLoaderData<typeof loader>();
  useRouteTranslation(translations);
  useRouteTranslation(checkoutTranslations);
  return (
    <>
      <p className="no-print">
        <SiteLink to={back.href}>{back.label}</SiteLink>
      </p>
      <BusinessDocument document={document} pdfHref={pdfHref} />
    </>
  );
}
