import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingReceipt } from "~/components/booking-receipt";
import { useRouteTranslation } from "~/components/i18n-provider";
import { OutcomeHeading } from "~/components/outcome-heading";
import { confirmationPath, paysOnline } from "~/models/booking/booking";
import { findVisitorsAttempt } from "~/models/booking/booking-view.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound, PRIVATE_PAGE } from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/**
 * A booking paid at pick-up, confirmed at once: its receipt. Only its driver sees it (signed in, or the browser that
 * booked); an online payment's confirmation is its payment page, /checkout-session.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const attemptId = String(params.attemptId ?? "");
  const { own, language } = await findVisitorsAttempt(request, context, attemptId);
  // Someone else's booking, or none: the same answer, so ids cannot be probed.
  if (!own) throw notFound();
  if (paysOnline(own.booking.paymentMode)) throw redirect(confirmationPath(own.booking.paymentMode, attemptId));
  const { t, translations } = await routeTranslations(language, "checkout");
  const { receipt } = own;
  return data(
    { title: t("session.confirmedTitle", { reference: receipt.reference }), translations, receipt },
    { headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}

export default function Confirmation() {
  const { receipt, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <div className="page page-narrow checkout-session">
      <OutcomeHeading>{t("common:success.bookingDone")}</OutcomeHeading>
      <BookingReceipt receipt={receipt} />
    </div>
  );
}
