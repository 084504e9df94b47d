import { type SubmissionResult } from "@conform-to/react";
import { stillLent } from "~/models/pricing/equipment";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { amendmentProblemField, amendmentSchema, withJoinedStops } from "~/models/booking/amend-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { encodeFormError, type Message } from "~/domain/form-errors";
import { bookingReference } from "~/models/booking/booking";
import {
  amendBooking,
  amendedExtras,
  amendmentSettlement,
  shortfallWays,
  chosenExtras,
  currentLink,
  findAmendable,
  resolveAmendment,
  unofferedExtra,
  type AmendableBooking,
} from "~/models/booking/booking-amend.server";
import { driverAgeAt } from "~/models/checkout/checkout-offer.server";
import { readCheckoutLink, type CheckoutLink } from "~/models/navigation/links";
import { checkoutView } from "~/models/checkout/checkout-booking.server";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { availablePlaces } from "~/models/catalogue/places.server";
import { ALL_EXTRAS } from "~/models/pricing/pricing";
import { isOneOf, type Extra, type Language } from "~/domain/enums";
import { convertMinorUnits } from "~/domain/money";
import { requireBookingViewer, requireViewer } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, rateLimitedData, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/models/account/visitor.server";
import { withPostedIntent } from "~/utils/form-intent";
import { clockOf } from "~/models/search/search-page.server";

const extrasChosenIn = (source: URLSearchParams) =>
  source
    .getAll("extra")
    .map(String)
    .filter((extra): extra is Extra => isOneOf(ALL_EXTRAS, extra));

/** A problem's key with its namespace: the booking rules' own keys are the common catalogue's. */
const withNamespace = (problem: Message): Message => ({
  ...problem,
  key: problem.key.includes(":") ? problem.key : `common:${problem.key}`,
});

/** A problem of the booking's rules as the form shows it: on its field, with what was typed kept. */
function problemReply(problem: Message, link: CheckoutLink, extras: Extra[]): SubmissionResult<string[]> {
  const { key, params } = withNamespace(problem);
  return {
    status: "error",
    initialValue: { pickup: link.pickup, dropoff: link.dropoff, from: link.from, to: link.to, extra: extras },
    error: { [amendmentProblemField(problem.key)]: [encodeFormError(key, params)] },
  };
}

/** The form's state: the booking as it is, or the changes a preview (the form posted with intent=preview, or a GET of this page with them) or a refused save carries. */
async function amendmentPage(
  booking: AmendableBooking,
  link: CheckoutLink,
  extras: Extra[],
  language: Language,
  now: Date,
  problem: Message | null,
  /** The schema's answer to a post whose fields were malformed (too long, missing). */
  invalid: SubmissionResult<string[]> | null = null,
) {
  const db = await getDb();
  // Each with its desk's clock: the date's time list shows the hours it is open, as the search form's does.
  const places = availablePlaces(await catalogOf(db).places(language)).map((place) => ({
    slug: place.slug,
    name: place.name,
    clock: clockOf(place),
  }));
  const pricing = { currency: booking.displayCurrency, rate: booking.displayRate, ratesAsOf: null };
  // A refused save shows the booking's problem without pricing again; one that only lacks how the difference is paid
  // is priced, so the question is asked again with its amount.
  const priceAgain = !invalid && (!problem || problem.key === "bookings:amend.chooseShortfall");
  const resolved = priceAgain ? await resolveAmendment(db, booking, link, language, now) : null;
  const unoffered = resolved?.ok ? unofferedExtra(resolved.offer, extras) : undefined;
  const shownProblem =
    problem ??
    (resolved && !resolved.ok ? resolved.problem : unoffered ? { key: "checkout:problems.extraUnavailable" } : null);
  // Priced with the extras the car offers only (one it does not is named above, never priced), the booking's added
  // drivers with them, as the amendment will price them (decision 038).
  const priced = amendedExtras(booking, extras).filter((extra) => extra !== unoffered);
  const view =
    resolved?.ok && !unoffered
      ? checkoutView(
          resolved.offer,
          {
            extras: priced,
            // The equipment as booked, as the amendment prices it (what the supplier still lends).
            equipment: stillLent(resolved.offer.supplier.equipment, booking.equipment),
            paymentMode: booking.paymentMode,
            driverAge: driverAgeAt(resolved.offer, booking.driverBirthDate),
            additionalDrivers: booking.additionalDriverCount,
          },
          pricing,
          { now, amending: true },
        )
      : null;
  // The options and their prices: of the proposed change, or (when it cannot be priced) of the booking as it is.
  const basis = resolved?.ok
    ? resolved
    : await resolveAmendment(db, booking, await currentLink(db, booking, language), language, now);
  const options =
    view?.extras ??
    (basis.ok
      ? checkoutView(basis.offer, { extras: [], paymentMode: booking.paymentMode }, pricing, { now, amending: true })
          .extras
      : null);
  const [{ t, translations }, checkout] = await Promise.all([
    routeTranslations(language, "bookings"),
    routeTranslations(language, "checkout"),
  ]);
  const reference = bookingReference(booking.id);
  const { price: _price, ...shown } = view ?? { price: null };
  const currentTotal = convertMinorUnits(booking.totalPrice, booking.displayRate);
  // Paid in full online, a dearer change asks how the difference is paid (a payment link, or the counter where the
  // supplier allows it) before saving; with neither possible it may not cost more: said, and no Save then.
  const rises = booking.paymentMode === "full" && view !== null && view.total > currentTotal;
  const ways = rises && resolved?.ok ? shortfallWays(resolved.offer) : [];
  const asked = rises && view ? (await amendmentSettlement(db, booking, view.price.total, "link")).link : 0;
  // No way to pay it, or nothing on record to collect it against (charged before the payments record).
  const raiseRefused = rises && (ways.length === 0 || asked === 0);
  const shortfall = rises && !raiseRefused ? { ways, amount: asked } : null;
  const problemShown = shownProblem ?? (raiseRefused ? { key: "bookings:amend.priceRaise" } : null);
  return {
    title: t("amend.title", { reference }),
    reference,
    bookingId: booking.id,
    link,
    extras,
    places,
    currentTotal,
    // What the change would cost: the new total and the difference, once the proposal can be priced.
    newTotal: view ? view.total : null,
    // What a cheaper change gives back on a booking paid in full online (decision 041).
    refund: booking.paymentMode === "full" && view && view.total < currentTotal ? currentTotal - view.total : 0,
    canSave: !raiseRefused,
    shortfall,
    // Why the change cannot be made as proposed, for the live quote's words (the form shows it on its field).
    problem: problemShown ? withNamespace(problemShown) : null,
    // A booking with a flight keeps its desk's late-flight times in the pick-up list (decision 031).
    lateMinutes: booking.flightNumber ? (booking.flightGraceMinutes ?? 0) : 0,
    options: options
      ? { included: options.included, offered: options.options.filter((option) => option.extra !== "additionalDriver") }
      : null,
    currency: booking.displayCurrency,
    hasAdditionalDriver: booking.additionalDriver,
    view: view ? (shown as Omit<typeof view, "price">) : null,
    // The form's errors as the form kit reads them: the schema's, or the booking rules' problem on its field.
    // A success with nothing wrong, so a preview after a refused post clears the errors it showed.
    reply: invalid ?? (problemShown ? problemReply(problemShown, link, extras) : { status: "success" as const }),
    constraint: constraintOf(amendmentSchema),
    translations: { bookings: translations, checkout: checkout.translations },
  };
}

/** The signed-in user, or (decision 023) the driver of this booking when the browser holds it; else sign in first. */
async function amendingViewer(request: Request, context: LoaderFunctionArgs["context"], bookingId: string) {
  const { viewer, onlyIds } = await requireBookingViewer(request, context);
  return onlyIds && !onlyIds.includes(bookingId) ? requireViewer(request, context) : viewer;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const query = new URL(request.url).searchParams;
  const viewer = await amendingViewer(request, context, (query.get("b") ?? "").slice(0, 36));
  const db = await getDb();
  const now = new Date();
  const booking = await findAmendable(db, viewer, (query.get("b") ?? "").slice(0, 36), now);
  if (!booking) throw notFound();
  // A link with the changes (`from`, `to`…) previews them, and changes nothing.
  const preview = query.has("from");
  const link = preview ? { ...readCheckoutLink(query), car: booking.carId } : await currentLink(db, booking, language);
  return amendmentPage(booking, link, preview ? extrasChosenIn(query) : chosenExtras(booking), language, now, null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const formData = withJoinedStops(withPostedIntent(await request.formData()));
  const bookingId = String(formData.get("b") ?? "").slice(0, 36);
  const viewer = await amendingViewer(request, context, bookingId);
  const now = new Date();
  const db = await getDb();
  const submission = parseWithZod(formData, { schema: amendmentSchema });
  const booking = await findAmendable(db, viewer, bookingId, now);
  if (!booking) throw notFound();
  if (submission.status !== "success") {
    // A field left empty or over its length: the form again, with what was typed; nothing is looked up.
    const typed = readCheckoutLink(formData);
    return data(
      await amendmentPage(booking, { ...typed, car: booking.carId }, [], language, now, null, submission.reply()),
      { status: 400 },
    );
  }
  const { pickup, dropoff, from, to, extra: extras, intent, shortfall } = submission.value;
  const link = { car: booking.carId, pickup, dropoff, from, to };
  // Only the save button saves. "Update total" (and Enter in a field, which some browsers send without a button)
  // previews: a text browser ignores formmethod/formaction, so the preview cannot rely on them (decision 011).
  if (intent !== "save") return data(await amendmentPage(booking, link, extras, language, now, null));
  const refused = await hitRateLimits([[RATE_LIMITS.amendmentsPerAccount, viewer.id]]);
  if (refused)
    return rateLimitedData(
      refused,
      await amendmentPage(booking, link, extras, language, now, tooManyAttemptsMessage(refused)),
    );
  const result = await amendBooking(
    db,
    viewer,
    bookingId,
    { link, extras, shortfall },
    language,
    now,
    publicOrigin(request),
  );
  if (!result.ok) {
    if (result.error === "notFound") throw notFound();
    const problem = { key: result.error, params: result.params };
    return data(await amendmentPage(booking, link, extras, language, now, problem), { status: 409 });
  }
  // The difference asked online: the driver goes straight to its payment page (the link is mailed too).
  if (result.paymentToken)
    return redirectWithToast(`/pay/${result.paymentToken}`, {
      type: "success",
      messageKey: "success.bookingAmendedLink",
    });
  return redirectWithToast(`/booking?b=${bookingId}`, {
    type: "success",
    messageKey:
      result.settles === "refund"
        ? "success.bookingAmendedRefund"
        : result.settles === "counter"
          ? "success.bookingAmendedCounter"
          : "success.bookingAmended",
  });
}
