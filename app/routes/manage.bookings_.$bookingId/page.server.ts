import { bookingDocuments } from "~/models/documents/business-documents.server";
import { type SubmissionResult } from "@conform-to/react";
import { postedEquipment } from "~/models/checkout/checkout-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BOOKING_STATUSES, COUNTER_PAYMENT_METHODS } from "~/domain/enums";
import { parseAmount } from "~/models/fleet/car-form";
import { recordCounterPayment } from "~/models/desk/counter-payments.server";
import { encodeFormError } from "~/domain/form-errors";
import { requireOperatorFor } from "~/models/access/operator.server";
import {
  namespacedKey,
  readAdditionalDrivers,
  rentalProblemReply,
  staffChangeSchema,
} from "~/models/booking/staff/staff-booking-form";
import { changeChoices, changeDefaults, staffBookingView } from "~/models/booking/staff/staff-booking-page.server";
import {
  cancelBookingByStaff,
  changeBookingByStaff,
  findStaffBooking,
  previewStaffChange,
  type RentalChoice,
} from "~/models/booking/staff/staff-bookings.server";
import { setStatusByStaff } from "~/models/booking/staff/booking-status.server";
import { MINIMUM_DRIVER_AGE } from "~/domain/person-fields";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound, PRIVATE_PAGE } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

const statusSchema = z.object({ status: z.enum(BOOKING_STATUSES) });
const cancelSchema = z.object({ by: z.enum(["driver", "supplier"]) });
/** Money taken at the counter: an amount as staff type it ("61.17", "61,17"), how, and a note. */
const counterPaymentSchema = z.object({
  amount: z.string().transform((typed, context) => {
    const cents = parseAmount(typed);
    if (cents === null || cents <= 0) context.addIssue({ code: "custom", message: "manage:validation.amount" });
    return cents ?? 0;
  }),
  method: z.enum(COUNTER_PAYMENT_METHODS),
  note: z.string().trim().max(500).optional().default(""),
});

/** GET /manage/bookings/:id: one booking as its supplier's staff (or an admin) see and act on it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const details = await findStaffBooking(db, actor, String(params.bookingId ?? ""));
  if (!details) throw notFound();
  const view = await staffBookingView(db, details, language, new Date());
  const [{ t, translations }, checkout] = await Promise.all([
    routeTranslations(language, "manage"),
    // The rental's problems are the checkout's own messages.
    routeTranslations(language, "checkout"),
  ]);
  return data(
    {
      title: t("staffBooking.title", { reference: view.reference }),
      view,
      choices: view.changeable
        ? await changeChoices(db, details, language, new URL(request.url).searchParams.get("cars") ?? "")
        : null,
      defaults: changeDefaults(view),
      constraint: constraintOf(staffChangeSchema),
      // Its invoice or receipt once paid in full or handed over, and its credit notes (decision 049).
      documents: await bookingDocuments(db, details.booking.id),
      translations,
      checkoutTranslations: checkout.translations,
    },
    { headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}

export type ChangePreview = {
  before: number;
  after: number;
  settles: "refund" | "link" | "counter" | "atCounter" | "none";
  amount: number;
  /** The security deposit before and after: another car may ask another. */
  deposit: { before: number; after: number };
};

type Reply =
  | { form: "change"; result: SubmissionResult<string[]>; preview: ChangePreview | null }
  | { form: "status" | "cancel"; problem: string }
  /** The first cancel post: nothing done yet, the page asks to confirm what it will do (issue 50, point 4). */
  | { form: "cancelConfirm"; by: "driver" | "supplier" }
  | { form: "counter"; problem: { key: string; params?: Record<string, string | number> } };

/** POST: a change (preview or save), a status, or a cancellation, on a booking of the operator's own. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "handleBookings");
  const db = await getDb();
  const bookingId = String(params.bookingId ?? "");
  const details = await findStaffBooking(db, actor, bookingId);
  if (!details) throw notFound();
  const formData = withPostedIntent(await request.formData());
  const intent = formData.get("intent");
  const now = new Date();
  const origin = publicOrigin(request);
  const back = `/manage/bookings/${bookingId}`;
  if (intent === "counterPayment") {
    const submission = parseWithZod(formData, { schema: counterPaymentSchema });
    if (submission.status !== "success")
      return data<Reply>({ form: "counter", problem: { key: "manage:staffBooking.counter.invalid" } }, { status: 400 });
    const taken = await recordCounterPayment(db, actor, bookingId, submission.value, now);
    if (taken === null) throw notFound();
    if (!taken.ok)
      return data<Reply>(
        {
          form: "counter",
          problem: {
            key: `manage:staffBooking.counter.refused.${taken.reason}`,
            params: taken.reason === "moreThanOwed" ? { owed: (taken.owed / 100).toFixed(2) } : undefined,
          },
        },
        { status: 409 },
      );
    return redirectWithToast(back, { type: "success", messageKey: "success.counterPaymentRecorded" });
  }
  if (intent === "setStatus") {
    const submission = parseWithZod(formData, { schema: statusSchema });
    if (submission.status !== "success")
      return data<Reply>({ form: "status", problem: "manage:staffBooking.chooseStatus" }, { status: 400 });
    const outcome = await setStatusByStaff(db, actor, bookingId, submission.value.status, { now, origin });
    if (outcome === null) throw notFound();
    if (outcome !== "changed")
      return data<Reply>({ form: "status", problem: `manage:staffBooking.statusRefused.${outcome}` }, { status: 409 });
    return redirectWithToast(back, { type: "success", messageKey: "success.statusChanged" });
  }
  if (intent === "cancel" || intent === "confirmCancel") {
    const submission = parseWithZod(formData, { schema: cancelSchema });
    if (submission.status !== "success")
      return data<Reply>({ form: "cancel", problem: "manage:staffBooking.chooseWho" }, { status: 400 });
    if (intent === "cancel") return data<Reply>({ form: "cancelConfirm", by: submission.value.by });
    const outcome = await cancelBookingByStaff(db, actor, bookingId, submission.value.by === "driver", { now, origin });
    if (outcome === null) throw notFound();
    if (outcome !== "cancelled")
      return data<Reply>({ form: "cancel", problem: `manage:staffBooking.statusRefused.${outcome}` }, { status: 409 });
    return redirectWithToast(back, { type: "success", messageKey: "success.bookingCancelledByStaff" });
  }
  const submission = parseWithZod(formData, { schema: staffChangeSchema });
  if (submission.status !== "success")
    return data<Reply>({ form: "change", result: submission.reply(), preview: null }, { status: 400 });
  const values = submission.value;
  const additional = readAdditionalDrivers(values, { minimumAge: MINIMUM_DRIVER_AGE, now, language });
  if (Object.keys(additional.problems).length) {
    const fieldErrors = Object.fromEntries(
      Object.entries(additional.problems).map(([field, problem]) => [
        field,
        [encodeFormError(namespacedKey(problem.key), problem.params)],
      ]),
    );
    return data<Reply>({ form: "change", result: submission.reply({ fieldErrors }), preview: null }, { status: 400 });
  }
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
  // Saved only at the total the page showed (the change re-prices under its lock and compares); otherwise, or for
  // a preview, the page shows the total to confirm.
  const quoted = /^\d{1,9}$/.test(values.quoted) ? Number(values.quoted) : null;
  // A save that reaches the preview below was not confirmed at its total.
  const unconfirmed = values.intent === "save";
  if (values.intent === "save" && quoted !== null) {
    const saved = await changeBookingByStaff(
      db,
      actor,
      bookingId,
      { choice, version: values.version, shortfall: values.shortfall, expectedTotal: quoted },
      { language, now, origin },
    );
    if (saved === null) throw notFound();
    if (saved.ok)
      return redirectWithToast(back, { type: "success", messageKey: `success.bookingChanged.${saved.settles}` });
    if (saved.problem.key !== "manage:staffBooking.confirmTotal")
      return data<Reply>(
        { form: "change", result: rentalProblemReply(submission, saved.problem, saved.field), preview: null },
        { status: 409 },
      );
  }
  const plan = await previewStaffChange(db, details, choice, values.shortfall, { language, now });
  if (!plan.ok)
    return data<Reply>(
      { form: "change", result: rentalProblemReply(submission, plan.problem, plan.field), preview: null },
      { status: 400 },
    );
  const amount =
    plan.settles === "refund"
      ? plan.settlement.refund
      : plan.settles === "link"
        ? plan.settlement.link
        : plan.settles === "counter"
          ? plan.settlement.counterBalance
          : 0;
  return data<Reply>({
    form: "change",
    result: unconfirmed ? submission.reply({ formErrors: ["manage:staffBooking.confirmTotal"] }) : submission.reply(),
    preview: { before: plan.before, after: plan.after, settles: plan.settles, amount, deposit: plan.deposit },
  });
}
