import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BookingReceipt } from "~/components/booking-receipt";
import { requireOwnBookingFromQuery } from "~/models/booking/booking-view.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { useRouteTranslation } from "~/components/i18n-provider";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** Spec §2 /booking: one booking (?b=<id>), for its driver, or for the browser that booked it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { own, language } = await requireOwnBookingFromQuery(request, context);
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
