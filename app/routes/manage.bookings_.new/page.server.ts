import { supplierScope } from "~/models/access/operator-access";
import type { Currency } from "~/domain/enums";
import { type SubmissionResult } from "@conform-to/react";
import { postedEquipment } from "~/models/checkout/checkout-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { encodeFormError } from "~/domain/form-errors";
import { localizedName } from "~/domain/localized-name";
import { checkBirthDate, MINIMUM_DRIVER_AGE } from "~/domain/person-fields";
import { placeChoices } from "~/models/fleet/fleet.server";
import { requireOperatorFor } from "~/models/access/operator.server";
import {
  namespacedKey,
  phoneBookingSchema,
  readAdditionalDrivers,
  rentalProblemReply,
} from "~/models/booking/staff/staff-booking-form";
import { takePhoneBooking, type RentalChoice } from "~/models/booking/staff/staff-bookings.server";
import { freeCarsForStaff } from "~/models/booking/staff/free-cars.server";
import { configuredGatewayNames } from "~/models/payments/gateways/gateway.server";
import { pricingIn } from "~/utils/currency.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * GET /manage/bookings/new?pickup=…&dropoff=…&from=…&to=…: a booking taken for a customer. The search's fields first;
 * with them, the supplier's free cars there then, cheapest first, and the booking's form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const supplierId = supplierScope(actor, null);
  const places = (await placeChoices(db, supplierId, [], true)).map((place) => ({
    value: place.slug,
    label: localizedName(place, language),
  }));
  const query = {
    pickup: search.get("pickup") ?? "",
    dropoff: search.get("dropoff") ?? "",
    from: (search.get("from") ?? "").slice(0, 16),
    to: (search.get("to") ?? "").slice(0, 16),
    cars: (search.get("cars") ?? "").slice(0, 60),
  };
  const page = Number(search.get("page") ?? "1");
  const asked = query.pickup !== "" && query.from !== "" && query.to !== "";
  const found = asked
    ? await freeCarsForStaff(db, { supplierId, ...query, text: query.cars, page }, { language, now: new Date() })
    : null;
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
      carPage: found?.ok ? { page: found.page, more: found.more } : null,
      searchProblem: found && !found.ok ? { ...found.problem, key: namespacedKey(found.problem.key) } : null,
      linksPossible: configuredGatewayNames().length > 0,
      constraint: constraintOf(phoneBookingSchema),
      translations,
      checkoutTranslations: checkout.translations,
    },
    { headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}

export type PhonePreview = { total: number; currency: Currency; days: number; hours: number | null; car: string };

/** POST: preview the price, or take the booking (confirmed at the counter, or held for a mailed payment link). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const formData = withPostedIntent(await request.formData());
  const submission = parseWithZod(formData, { schema: phoneBookingSchema });
  const reply = (result: SubmissionResult<string[]>, status: number, preview: PhonePreview | null = null) =>
    data({ result, preview }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const values = submission.value;
  const now = new Date();
  const problems: Record<string, string[]> = {};
  const additional = readAdditionalDrivers(values, { minimumAge: MINIMUM_DRIVER_AGE, now, language });
  for (const [field, problem] of Object.entries(additional.problems))
    problems[field] = [encodeFormError(namespacedKey(problem.key), problem.params)];
  let birthDate: string | null = null;
  if (values.birthDate) {
    const checked = checkBirthDate(values.birthDate, { minimumAge: MINIMUM_DRIVER_AGE, now, language });
    if (checked.ok) birthDate = checked.date;
    else problems.birthDate = [encodeFormError(namespacedKey(checked.problem.key), checked.problem.params)];
  }
  if (Object.keys(problems).length) return reply(submission.reply({ fieldErrors: problems }), 400);
  const choice: RentalChoice = {
    car: values.car,
    pickup: values.pickup,
    dropoff: values.dropoff,
    from: values.from,
    to: values.to,
    extras: values.extra,
    equipment: postedEquipment(values),
    flightNumber: values.flightNumber,
    additionalDrivers: additional.drivers,
  };
  const display = await pricingIn(values.currency);
  // Booked only at the total the page showed (in the currency chosen): otherwise the page shows the total to confirm.
  const quoted = /^(\d{1,9}) ([A-Z]{3})$/.exec(values.quoted);
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
      confirm: values.intent !== "save" ? false : quoted?.[2] === display.currency ? Number(quoted[1]) : null,
    },
    { language, now, origin: publicOrigin(request) },
  );
  if (taken.ok === "quoted") {
    const { total, currency, days, hours, car, unconfirmed } = taken;
    const result = unconfirmed
      ? submission.reply({ formErrors: ["manage:staffBooking.confirmTotal"] })
      : submission.reply();
    return reply(result, 200, { total, currency, days, hours, car });
  }
  if (!taken.ok) return reply(rentalProblemReply(submission, taken.problem, taken.field), 400);
  return redirectWithToast(`/manage/bookings/${taken.bookingId}`, {
    type: "success",
    messageKey: taken.linkSent ? "success.phoneBookedLink" : "success.phoneBooked",
  });
}
