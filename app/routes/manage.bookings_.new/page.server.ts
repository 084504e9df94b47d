import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { encodeFormError, type Message } from "~/domain/form-errors";
import { localizedName } from "~/domain/localized-name";
import { checkBirthDate, MINIMUM_DRIVER_AGE } from "~/domain/person-fields";
import { placeChoices } from "~/models/operators/fleet.server";
import { assertMay, requireOperator } from "~/models/operators/operator.server";
import { phoneBookingSchema, readAdditionalDriver, rentalProblemField } from "~/models/operators/staff-booking-form";
import {
  freeCarsForStaff,
  quoteStaffRental,
  takePhoneBooking,
  type RentalChoice,
} from "~/models/operators/staff-bookings.server";
import { configuredGatewayNames } from "~/models/payments/gateways/gateway.server";
import { convertMinorUnits } from "~/domain/money";
import { pricingIn } from "~/utils/currency.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

const namespaced = (key: string) => (key.includes(":") ? key : `common:${key}`);

/**
 * GET /manage/bookings/new?pickup=…&dropoff=…&from=…&to=…: a booking taken for a customer. The search's fields first;
 * with them, the supplier's free cars there then, cheapest first, and the booking's form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperator(request, context);
  assertMay(actor, "enter", null);
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const supplierId = actor.role === "supplier" ? actor.id : null;
  const places = (await placeChoices(db, supplierId, [], true)).map((place) => ({
    value: place.slug,
    label: localizedName(place, language),
  }));
  const query = {
    pickup: search.get("pickup") ?? "",
    dropoff: search.get("dropoff") ?? "",
    from: (search.get("from") ?? "").slice(0, 16),
    to: (search.get("to") ?? "").slice(0, 16),
  };
  const asked = query.pickup !== "" && query.from !== "" && query.to !== "";
  const found = asked ? await freeCarsForStaff(db, { supplierId, ...query }, { language, now: new Date() }) : null;
  const [{ t, translations }, checkout] = await Promise.all([
    routeTranslations(language, "manage"),
    // The rental's problems are the checkout's own messages.
    routeTranslations(language, "checkout"),
  ]);
  return data(
    {
      title: t("staffBooking.newTitle"),
      places,
      query,
      offers: found?.ok ? found.offers : null,
      searchProblem: found && !found.ok ? { ...found.problem, key: namespaced(found.problem.key) } : null,
      linksPossible: configuredGatewayNames().length > 0,
      constraint: constraintOf(phoneBookingSchema),
      translations,
      checkoutTranslations: checkout.translations,
    },
    { headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}

export type PhonePreview = { total: number; currency: string; days: number; car: string };

function problemReply(
  submission: {
    reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;
  },
  problem: Message,
  field?: string,
) {
  const where = field ?? rentalProblemField(problem.key);
  const message = encodeFormError(namespaced(problem.key), problem.params);
  return where
    ? submission.reply({ fieldErrors: { [where]: [message] } })
    : submission.reply({ formErrors: [message] });
}

/** POST: preview the price, or take the booking (confirmed at the counter, or held for a mailed payment link). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, language } = await requireOperator(request, context);
  assertMay(actor, "enter", null);
  const db = await getDb();
  const formData = withPostedIntent(await request.formData());
  const submission = parseWithZod(formData, { schema: phoneBookingSchema });
  const reply = (result: SubmissionResult<string[]>, status: number, preview: PhonePreview | null = null) =>
    data({ result, preview }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const values = submission.value;
  const now = new Date();
  const problems: Record<string, string[]> = {};
  const additional = readAdditionalDriver(values, { minimumAge: MINIMUM_DRIVER_AGE, now, language });
  for (const [field, problem] of Object.entries(additional.problems))
    problems[field] = [encodeFormError(namespaced(problem.key), problem.params)];
  let birthDate: string | null = null;
  if (values.birthDate) {
    const checked = checkBirthDate(values.birthDate, { minimumAge: MINIMUM_DRIVER_AGE, now, language });
    if (checked.ok) birthDate = checked.date;
    else problems.birthDate = [encodeFormError(namespaced(checked.problem.key), checked.problem.params)];
  }
  if (Object.keys(problems).length) return reply(submission.reply({ fieldErrors: problems }), 400);
  const choice: RentalChoice = {
    car: values.car,
    pickup: values.pickup,
    dropoff: values.dropoff,
    from: values.from,
    to: values.to,
    extras: values.extra,
    additionalDriver: additional.driver,
  };
  const display = await pricingIn(values.currency);
  const quote = await quoteStaffRental(db, choice, {
    language,
    now,
    supplierId: actor.role === "supplier" ? actor.id : null,
    driverBirthDate: birthDate,
  });
  if (!quote.ok) return reply(problemReply(submission, quote.problem, quote.field), 400);
  const preview = {
    total: convertMinorUnits(quote.price.total, display.rate),
    currency: display.currency,
    days: quote.price.days,
    car: quote.offer.car.name,
  };
  // Booked only at the total the page showed (in the currency chosen): otherwise the page shows it, to confirm.
  if (values.intent !== "save" || values.quoted !== `${preview.total} ${preview.currency}`)
    return reply(
      values.intent === "save"
        ? submission.reply({ formErrors: ["manage:staffBooking.confirmTotal"] })
        : submission.reply(),
      200,
      preview,
    );
  const taken = await takePhoneBooking(
    db,
    actor,
    {
      choice,
      customer: {
        email: values.email,
        fullName: values.fullName,
        phone: values.phone,
        birthDate,
        language: values.language,
      },
      payment: values.payment,
      display: { currency: display.currency, rate: display.rate },
      expectedTotal: preview.total,
    },
    { language, now, origin: publicOrigin(request) },
  );
  if (!taken.ok) return reply(problemReply(submission, taken.problem, taken.field), 409);
  return redirectWithToast(`/manage/bookings/${taken.bookingId}`, {
    type: "success",
    messageKey: taken.linkSent ? "success.phoneBookedLink" : "success.phoneBooked",
  });
}
