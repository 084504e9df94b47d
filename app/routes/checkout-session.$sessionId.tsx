import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { BookingReceipt } from "~/components/booking-receipt";
import { abandonPayment, settleWithGateway, type Settlement } from "~/models/booking-confirmation.server";
import { bookingReceipt, findOwnBooking } from "~/models/booking-view.server";
import { checkoutHref } from "~/models/checkout.server";
import { instantToLocalDateTime } from "~/models/rental-period";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/visitor.server";
import { logError } from "~/utils/errors.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

/** How often the page asks again while the gateway has not answered (meta refresh without JavaScript, polling with it). */
const RECHECK_SECONDS = 3;

/**
 * Spec §2 /checkout-session/{sessionId}: checking the payment, then success or failure. The gateway is asked on
 * the server (never the browser's word); a payment the webhook already confirmed is simply shown.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { language, user } = await getVisitor(request, context);
  const db = await getDb();
  const sessionId = String(params.sessionId ?? "").slice(0, 255);
  const own = await findOwnBooking(db, { sessionId }, request, user ? { id: user.id, role: user.role } : null);
  // Someone else's session, or none: the same answer, so ids cannot be probed.
  if (!own) throw notFound();
  const { t, translations } = await routeTranslations(language, "checkout");
  const common = { title: t("session.title"), translations };
  const { booking } = own;
  let settlement: Settlement = booking.status === "void" ? "open" : "paid";
  if (booking.status === "void" && booking.paymentGateway && booking.checkoutSessionId) {
    const hold = { id: booking.id, checkoutSessionId: booking.checkoutSessionId, payPalOrderId: booking.payPalOrderId, paymentGateway: booking.paymentGateway };
    const origin = publicOrigin(request);
    try {
      settlement = new URL(request.url).searchParams.has("cancelled") ? await abandonPayment(db, hold, booking.id, origin) : await settleWithGateway(db, hold, origin);
    } catch (error) {
      // The gateway did not answer: keep checking (the hold and the webhook still settle it).
      logError("checkout-session", error, "payment check failed");
      settlement = "open";
    }
    if (settlement === "open" && booking.expiresAt && booking.expiresAt.getTime() < Date.now()) settlement = "failed";
  }
  if (settlement === "failed") {
    const retry = checkoutHref(
      {
        car: booking.carId,
        pickup: own.pickup.slug,
        dropoff: own.dropoff.slug,
        // A checkout link gives both times on the pick-up place's clocks, as the search form does.
        from: instantToLocalDateTime(booking.startsAt, own.pickup.timeZone),
        to: instantToLocalDateTime(booking.endsAt, own.pickup.timeZone),
      },
      { extras: own.receipt.extras.map((line) => line.extra), paymentMode: booking.paymentMode },
    );
    return data({ ...common, state: "failed" as const, retry, receipt: null, recheckSeconds: 0 }, { headers: { "Cache-Control": "no-store" } });
  }
  if (settlement === "open") {
    return data({ ...common, state: "checking" as const, retry: null, receipt: null, recheckSeconds: RECHECK_SECONDS }, { headers: { "Cache-Control": "no-store" } });
  }
  const fresh = await findOwnBooking(db, { sessionId: booking.checkoutSessionId ?? sessionId }, request, user ? { id: user.id, role: user.role } : null);
  if (!fresh) throw notFound();
  return data(
    { ...common, state: "success" as const, retry: null, receipt: bookingReceipt(fresh), recheckSeconds: 0 },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function CheckoutSession() {
  const { state, retry, receipt, recheckSeconds, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (state !== "checking") return;
    const timer = setTimeout(() => revalidator.revalidate(), recheckSeconds * 1000);
    return () => clearTimeout(timer);
  }, [state, recheckSeconds, revalidator]);
  return (
    <div className="page page-narrow checkout-session">
      {state === "checking" ? (
        <>
          {/* Without JavaScript the browser asks again by itself. */}
          <noscript>
            <meta httpEquiv="refresh" content={String(recheckSeconds)} />
          </noscript>
          <h1>{t("session.checking")}</h1>
          <p role="status">{t("session.checkingHint")}</p>
          <Form method="get">
            <button type="submit" className="button">
              {t("session.checkAgain")}
            </button>
          </Form>
        </>
      ) : state === "failed" ? (
        <>
          <h1>{t("common:errors.paymentFailed")}</h1>
          <p role="alert">{t("session.failedHint")}</p>
          <p>
            <SiteLink className="button" to={retry!}>
              {t("session.tryAgain")}
            </SiteLink>
          </p>
        </>
      ) : (
        <>
          <h1>{t(receipt!.paidOnline ? "common:success.paymentDone" : "common:success.bookingDone")}</h1>
          <BookingReceipt receipt={receipt!} />
        </>
      )}
    </div>
  );
}
