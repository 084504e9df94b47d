import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { BookingAction } from "~/models/booking/booking-access";
import { decodeCursor, hasBookingFilters, parseBookingQuery } from "~/models/booking/booking-filters";
import {
  applyBookingAction,
  BOOKINGS_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE_MOBILE,
  describeBookings,
  listBookings,
  type BulkOutcome,
} from "~/models/booking/booking-list.server";
import { BOOKING_STATUSES } from "~/domain/enums";
import { requireBookingViewer } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast, type ToastInput } from "~/utils/toast.server";
import { readRowAction } from "~/utils/row-actions";
import { getVisitor } from "~/models/account/visitor.server";
import { isMobile } from "~/utils/device.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, onlyIds } = await requireBookingViewer(request, context);
  const { language } = await getVisitor(request, context);
  const query = parseBookingQuery(new URL(request.url).searchParams);
  const list = await listBookings(
    await getDb(),
    viewer,
    onlyIds ? { ...query, ids: onlyIds } : query,
    query.page,
    // Spec §9: 10 a page on a phone, told by the browser's own mobile hint, or failing that its user agent.
    isMobile(request) ? BOOKINGS_PAGE_SIZE_MOBILE : BOOKINGS_PAGE_SIZE,
    language,
    new Date(),
    decodeCursor(query.after),
  );
  const { t, translations } = await routeTranslations(language, "bookings");
  return {
    title: t("list.title"),
    translations,
    query,
    list,
    staff: viewer.role !== "user",
    filtered: hasBookingFilters(query),
  };
}

/** What the list's rows and bulk form may ask (amending has a page of its own). */
const ACTIONS = ["cancelRequest", "delete", "setStatus"] as const satisfies readonly BookingAction[];

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer, onlyIds } = await requireBookingViewer(request, context);
  const formData = await request.formData();
  const { action, ids: chosen, single } = readRowAction(formData, ACTIONS);
  // A visitor acts on the bookings their browser holds, and no other booking of the same driver.
  const ids = onlyIds ? chosen.filter((id) => onlyIds.includes(id)) : chosen;
  const status = BOOKING_STATUSES.find((known) => known === formData.get("status"));
  const back = `/bookings${String(formData.get("query") ?? "") ? `?${String(formData.get("query")).replace(/^\?/, "").slice(0, 500)}` : ""}`;
  const now = new Date();
  const db = await getDb();
  if (!action || (action === "setStatus" && !status))
    return data({ confirm: null, problem: "bookings:list.chooseAction" }, { status: 400 });
  if (!formData.has("confirmed")) {
    // First post: say exactly what will change, and ask.
    const affected = await describeBookings(db, viewer, ids, action, now, status);
    if (!affected.length) {
      if (single) throw notFound();
      return data({ confirm: null, problem: "common:errors.nothingToChange" }, { status: 400 });
    }
    return { confirm: { action, status: status ?? null, bookings: affected, back }, problem: null };
  }
  const outcome = await applyBookingAction(db, viewer, ids, action, now, publicOrigin(request), status);
  if (!outcome.done && !outcome.carTaken && single) throw notFound();
  const toast =
    outcome.carTaken > 0
      ? { type: "error" as const, messageKey: "errors.carRebooked", params: { count: outcome.carTaken } }
      : outcome.done === 0
        ? { type: "error" as const, messageKey: "errors.nothingToChange" }
        : action === "cancelRequest"
          ? cancellationToast(outcome)
          : action === "delete"
            ? { type: "success" as const, messageKey: "success.bookingsRemoved", params: { count: outcome.done } }
            : { type: "success" as const, messageKey: "success.changesSaved" };
  return redirectWithToast(back, toast);
}

/** What a driver's cancellation did: cancelled at once (free window), requested from staff, or some of each. */
function cancellationToast({ done, cancelled }: BulkOutcome): ToastInput {
  const requested = done - cancelled;
  if (!requested)
    return { type: "success" as const, messageKey: "success.bookingsCancelled", params: { count: cancelled } };
  if (!cancelled) return { type: "success" as const, messageKey: "success.cancellationRequested" };
  return { type: "success" as const, messageKey: "success.cancelledAndRequested", params: { cancelled, requested } };
}
