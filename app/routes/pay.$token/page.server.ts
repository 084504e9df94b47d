import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { PAYMENT_GATEWAYS } from "~/domain/enums";
import { localizedName } from "~/domain/localized-name";
import { convertMinorUnits } from "~/domain/money";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { getVisitor } from "~/models/account/visitor.server";
import { bookingReference } from "~/models/booking/booking";
import { findBookingDetails } from "~/models/booking/bookings.server";
import { isValidCardCvc, isValidCardExpiry, isValidCardNumber } from "~/models/payments/card";
import { configuredGatewayNames, GATEWAYS } from "~/models/payments/gateways/gateway.server";
import {
  checkBalancePayment,
  findPaymentLink,
  linkState,
  payThroughLink,
  type PaymentLink,
} from "~/models/payments/payment-links.server";
import { rememberBooking } from "~/utils/checkout-cookie.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound, PRIVATE_PAGE } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

const paySchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  cardNumber: z.string().max(40).optional().default(""),
  cardExpiry: z.string().max(10).optional().default(""),
  cardCvc: z.string().max(6).optional().default(""),
});

/** The link a token opens and its booking, or 404 (an unknown token answers as a page that does not exist). */
async function openLink(token: string) {
  const db = await getDb();
  const link = await findPaymentLink(db, token);
  if (!link) throw notFound();
  const details = await findBookingDetails(db, { id: link.bookingId });
  if (!details) throw notFound();
  return { db, link, details };
}

function linkView(
  link: PaymentLink,
  details: NonNullable<Awaited<ReturnType<typeof findBookingDetails>>>,
  language: "en" | "fr" | "es",
  now: Date,
) {
  const { booking } = details;
  return {
    purpose: link.purpose,
    state: linkState(link, booking, now),
    amount: link.amount,
    currency: link.currency,
    paymentMode: booking.paymentMode,
    rental: convertMinorUnits(booking.totalPrice, booking.displayRate),
    securityDeposit: convertMinorUnits(booking.deposit, booking.displayRate),
    expiresAt: instantToLocalDateTime(link.expiresAt, details.pickup.timeZone),
    reference: bookingReference(booking.id),
    bookingId: booking.id,
    supplier: details.supplierName,
    car: details.car.name,
    pickup: {
      name: localizedName(details.pickup, language),
      local: instantToLocalDateTime(booking.startsAt, details.pickup.timeZone),
    },
    dropoff: {
      name: localizedName(details.dropoff, language),
      local: instantToLocalDateTime(booking.endsAt, details.dropoff.timeZone),
    },
  };
}

/**
 * GET /pay/:token: a payment link mailed to a driver (decision 029): what it pays and the gateways to pay with. A
 * balance whose gateway sent the driver back here is asked about and settled first.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = String(params.token ?? "");
  const { language } = await getVisitor(request, context);
  const { db, details, ...opened } = await openLink(token);
  let { link } = opened;
  const now = new Date();
  if (link.purpose === "balance" && linkState(link, details.booking, now) === "open") {
    await checkBalancePayment(db, link, publicOrigin(request));
    // Read again: the check may have settled it. A link is never deleted, so it is still there.
    link = (await findPaymentLink(db, token)) ?? link;
  }
  const { t, translations } = await routeTranslations(language, "checkout");
  const view = linkView(link, details, language, now);
  // Whoever holds the link may see the booking it pays in this browser, as a "Find my booking" link allows.
  const headers = new Headers({ "Cache-Control": PRIVATE_PAGE });
  if (view.state === "paid")
    headers.append(
      "Set-Cookie",
      await rememberBooking(request, { bookingId: details.booking.id, driverId: details.booking.driverId }),
    );
  const gateways = configuredGatewayNames();
  return data(
    {
      title: t("payLink.title", { reference: view.reference }),
      view,
      gateways,
      cardFormGateways: gateways.filter((name) => GATEWAYS[name].cardInOurForm),
      translations,
    },
    { headers },
  );
}

/** POST: pays the link through the chosen gateway (the sandbox's card form settles at once). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = String(params.token ?? "");
  const { language } = await getVisitor(request, context);
  const { db, link, details } = await openLink(token);
  const now = new Date();
  if (linkState(link, details.booking, now) !== "open") return redirect(`/pay/${token}`, { status: 303 });
  const parsed = paySchema.safeParse(Object.fromEntries(await request.formData()));
  const gateways = configuredGatewayNames();
  if (!parsed.success || !gateways.includes(parsed.data.gateway))
    return data({ problems: { gateway: "checkout:problems.choosePayment" } }, { status: 400 });
  const values = parsed.data;
  const cardForm = GATEWAYS[values.gateway].cardInOurForm;
  if (cardForm) {
    const problems: Record<string, string> = {};
    if (!isValidCardNumber(values.cardNumber)) problems.cardNumber = "common:validation.invalidCardNumber";
    if (!isValidCardExpiry(values.cardExpiry, now)) problems.cardExpiry = "common:validation.invalidCardExpiry";
    if (!isValidCardCvc(values.cardCvc)) problems.cardCvc = "common:validation.invalidCardCvc";
    if (Object.keys(problems).length) return data({ problems }, { status: 400 });
  }
  const outcome = await payThroughLink(db, link, token, {
    gateway: values.gateway,
    card: cardForm ? { number: values.cardNumber, expiry: values.cardExpiry, cvc: values.cardCvc } : undefined,
    embedded: false,
    customerEmail: details.driver.email,
    carName: details.car.name,
    language,
    origin: publicOrigin(request),
    now,
  });
  const remembered = await rememberBooking(request, {
    bookingId: details.booking.id,
    driverId: details.booking.driverId,
  });
  switch (outcome.kind) {
    case "problem":
      return data(
        { problems: { "": outcome.key.includes(":") ? outcome.key : `common:${outcome.key}` } },
        { status: 400 },
      );
    case "confirmed":
      return redirect(`/checkout-session/${encodeURIComponent(outcome.sessionId)}`, {
        status: 303,
        headers: { "Set-Cookie": remembered },
      });
    case "redirect":
    case "balanceRedirect":
      return redirect(outcome.url, { status: 303, headers: { "Set-Cookie": remembered } });
    case "balancePaid":
      return redirectWithToast(`/pay/${token}`, { type: "success", messageKey: "success.paymentDone" }, [remembered]);
    case "embedded":
      throw new Error("a payment link never embeds its gateway's form");
  }
}
