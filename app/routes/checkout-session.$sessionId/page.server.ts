import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findOwnBooking, findVisitorsAttempt } from "~/models/booking/booking-view.server";
import { checkoutHref, searchHrefFor } from "~/models/navigation/links";
import { confirmationPath, paysOnline } from "~/models/booking/booking";
import { formatMoneyIn } from "~/domain/money";
import {
  abandonPayment,
  latestPayment,
  settledAs,
  settleWithGateway,
  type Settlement,
} from "~/models/payments/payments.server";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { isOneOf } from "~/domain/enums";
import { ALL_EXTRAS } from "~/models/pricing/pricing";
import { browserBookingIds } from "~/utils/checkout-cookie.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound, PRIVATE_PAGE } from "~/utils/responses.server";
import { logError } from "~/utils/errors.server";
import { postedIntent } from "~/utils/form-intent";

/** What the page says: each state of the payment with what it shows, and nothing else. */
type SessionOutcome =
  | { state: "checking"; recheckSeconds: number; gatewaySilent: boolean }
  | { state: "left"; minutesLeft: number; canCancel: boolean }
  | { state: "failed"; retry: string }
  | { state: "carTaken" | "refunded" | "refundPending"; amount: string | null; search: string }
  | { state: "success"; receipt: NonNullable<Awaited<ReturnType<typeof findOwnBooking>>>["receipt"] };

/** How often the page asks again while the gateway has not answered (meta refresh without JavaScript, polling with it). */
const RECHECK_SECONDS = 3;

async function ownPayment(
  request: Request,
  context: LoaderFunctionArgs["context"],
  params: LoaderFunctionArgs["params"],
) {
  const sessionId = String(params.sessionId ?? "");
  const { own, ...visitor } = await findVisitorsAttempt(request, context, sessionId);
  if (!own) throw notFound();
  return { ...visitor, own, sessionId };
}

/**
 * Spec §2 /checkout-session/{sessionId}: checking the payment, then success or failure. The gateway is asked on
 * the server (never the browser's word); the payments row says what became of it (decision 019). A GET changes
 * nothing the driver did not pay for: coming back from the gateway's "go back" link only offers to cancel.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, own, user, language, sessionId } = await ownPayment(request, context, params);
  const { booking } = own;
  // A booking paid at pick-up has no payment to check: its confirmation has its own address.
  if (!paysOnline(booking.paymentMode)) throw redirect(confirmationPath(booking.paymentMode, sessionId));
  const { t, translations } = await routeTranslations(language, "checkout");
  const left = new URL(request.url).searchParams.has("cancelled");
  const released = booking.status === "cancelled" && booking.releasedAt !== null;
  let settlement: Settlement = "paid";
  let gatewaySilent = false;
  if (booking.status === "void" || released) {
    const payment = await latestPayment(db, booking.id);
    settlement = (payment && settledAs(payment)) ?? "open";
    if (settlement === "open" && booking.paymentGateway && booking.checkoutSessionId) {
      const hold = {
        id: booking.id,
        checkoutSessionId: booking.checkoutSessionId,
        paymentGateway: booking.paymentGateway,
      };
      try {
        settlement = await settleWithGateway(db, hold, publicOrigin(request));
      } catch (error) {
        // The gateway did not answer: keep checking (the webhook and the maintenance job settle it too).
        logError("checkout-session", error, "payment check failed");
        gatewaySilent = true;
      }
    }
    if (settlement === "open" && (released || (booking.expiresAt && booking.expiresAt.getTime() < Date.now())))
      settlement = "failed";
  }
  const headers = { "Cache-Control": PRIVATE_PAGE };
  /** The page: its title and one outcome, each with only what it shows. */
  const page = (title: string, outcome: SessionOutcome) => data({ title, translations, outcome }, { headers });
  const link = {
    car: booking.carId,
    pickup: own.pickup.slug,
    dropoff: own.dropoff.slug,
    // A checkout link gives both times on the pick-up place's clocks, as the search form does.
    from: instantToLocalDateTime(booking.startsAt, own.pickup.timeZone),
    to: instantToLocalDateTime(booking.endsAt, own.pickup.timeZone),
  };
  if (settlement === "failed") {
    const retry = checkoutHref(link, {
      extras: own.receipt.extras.flatMap((line) => (isOneOf(ALL_EXTRAS, line.extra) ? [line.extra] : [])),
      equipment: booking.equipment,
      paymentMode: booking.paymentMode,
    });
    return page(t("common:errors.paymentFailed"), { state: "failed", retry });
  }
  if (settlement === "carTaken" || settlement === "refunded" || settlement === "refundPending") {
    const payment = await latestPayment(db, booking.id);
    const amount = payment ? formatMoneyIn(payment.capturedAmount ?? payment.amount, payment.currency, language) : null;
    return page(t(`session.${settlement}Heading`), { state: settlement, amount, search: searchHrefFor(link) });
  }
  if (settlement === "open") {
    const minutesLeft = booking.expiresAt
      ? Math.max(1, Math.round((booking.expiresAt.getTime() - Date.now()) / 60_000))
      : 0;
    if (left)
      return page(t("session.leftHeading"), {
        state: "left",
        minutesLeft,
        canCancel: isPayingDriver(own.booking, user, await browserBookingIds(request, user !== null)),
      });
    return page(t("session.checking"), { state: "checking", recheckSeconds: RECHECK_SECONDS, gatewaySilent });
  }
  const fresh = await findOwnBooking(db, { id: booking.id }, request, user ? { id: user.id, role: user.role } : null);
  if (!fresh) throw notFound();
  // The tab's title says the outcome too (a screen reader announces it with the page).
  const { receipt } = fresh;
  return page(t("session.confirmedTitle", { reference: receipt.reference }), { state: "success", receipt });
}

/** Only the driver paying (signed in as them, or the browser that booked) may give a payment up: never staff. */
function isPayingDriver(booking: { id: string; driverId: string }, user: { id: string } | null, remembered: string[]) {
  return user ? user.id === booking.driverId : remembered.includes(booking.id);
}

/** "Cancel this payment": ends it at the gateway and releases the car, unless it was paid meanwhile. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { db, own, user, sessionId } = await ownPayment(request, context, params);
  const form = await request.formData();
  const { booking } = own;
  if (
    postedIntent(form) !== "cancel" ||
    !isPayingDriver(booking, user, await browserBookingIds(request, user !== null))
  )
    throw notFound();
  if (booking.status === "void" && booking.paymentGateway && booking.checkoutSessionId) {
    const hold = {
      id: booking.id,
      checkoutSessionId: booking.checkoutSessionId,
      paymentGateway: booking.paymentGateway,
    };
    try {
      await abandonPayment(db, hold, publicOrigin(request));
    } catch (error) {
      // The gateway did not answer: the hold ends by itself; the page keeps checking meanwhile.
      logError("checkout-session", error, "cancelling the payment failed");
    }
  }
  return redirect(`/checkout-session/${encodeURIComponent(sessionId)}`, { status: 303 });
}
