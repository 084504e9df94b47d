import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BusinessDocument } from "~/components/business-document";
import { SiteLink } from "~/components/site-link";
import { useRouteTranslation } from "~/components/i18n-provider";
import { requireOwnBookingFromQuery } from "~/models/booking/booking-view.server";
import { documentView } from "~/models/documents/business-documents.server";
import { documentNumber } from "~/models/documents/document-lines";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/**
 * GET /booking/invoice?b=<id>: the booking's invoice or receipt (decision 049), for whoever may see the booking (its
 * driver, or the browser that booked it); `&n=CRN-000003` one of its credit notes (or a supplement by its number); `/booking/invoice.pdf?…` downloads
 * the same.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { own, language } = await requireOwnBookingFromQuery(request, context);
  const printed = new URL(request.url).searchParams.get("n");
  const answer = await documentView(await getDb(), own.booking.id, printed);
  if (!answer) throw notFound();
  const [{ t, translations }, { t: common }] = await Promise.all([
    routeTranslations(language, "checkout"),
    routeTranslations(language, "common"),
  ]);
  return {
    title: common(`documents.titles.${answer.series}`, { number: documentNumber(answer.series, answer.number) }),
    document: answer,
    back: { href: `/booking?b=${own.booking.id}`, label: t("receipt.heading", { reference: own.receipt.reference }) },
    pdfHref: `/booking/invoice.pdf?b=${own.booking.id}${printed ? `&n=${encodeURIComponent(printed)}` : ""}`,
    translations,
  };
}

export default function BookingDocument() {
  const { document, back, pdfHref, translations } = useLoaderData<typeof loader>();
  useRouteTranslation(translations);
  return (
    <div className="page page-narrow">
      <p className="no-print">
        <SiteLink to={back.href}>{back.label}</SiteLink>
      </p>
      <BusinessDocument document={document} pdfHref={pdfHref} />
    </div>
  );
}
