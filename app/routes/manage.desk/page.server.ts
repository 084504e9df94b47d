import { supplierScope } from "~/models/access/operator-access";
import { parseWithZod } from "@conform-to/zod";
import { publicOrigin } from "~/utils/origin.server";
import { createCookie, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BOOKING_EVENT_KINDS } from "~/domain/enums";
import { encodeFormError } from "~/domain/form-errors";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "~/domain/text";
import { deskDay, findDeskBooking, recordDeskEvent, type DeskStop } from "~/models/desk/desk-day.server";
import { EVENT_SET_BACK_HOURS, eventTimeFrom } from "~/models/desk/desk-readings";
import { localizedName } from "~/domain/localized-name";
import { placeChoices } from "~/models/fleet/fleet.server";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { cookiesAreSecure } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isoDay } from "~/models/overview/report-period";

/** One hand-over or return, as the desk types it. */
const eventSchema = z.object({
  booking: z.string().uuid(),
  kind: z.enum(BOOKING_EVENT_KINDS),
  mileage: z
    .string({ required_error: "validation.required" })
    .trim()
    // As the cards print it ("12,345", "12 345", "12.345"): the group separators are dropped, never read as decimals.
    .transform((km) => km.replace(/[\s,.'\u00a0\u202f]/g, ""))
    .pipe(z.string().regex(/^\d{1,7}$/, encodeFormError("manage:validation.wholeNumber", { min: 0, max: 5_000_000 })))
    .transform(Number)
    .refine((km) => km <= 5_000_000, encodeFormError("manage:validation.wholeNumber", { min: 0, max: 5_000_000 })),
  fuelEighths: z.coerce.number({ invalid_type_error: "validation.required" }).int().min(0).max(8),
  note: z
    .string()
    .trim()
    .max(500, encodeFormError("validation.tooLong", { max: 500 }))
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE)
    .optional()
    .transform((note) => note ?? ""),
  // On the place's clocks, when it happened, if not now (`eventTimeFrom` bounds it).
  time: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "manage:desk.timeFormat")
    .optional(),
});

/** The desk's place, kept per browser, so a counter's tablet opens on its own place (issue 50). */
const deskPlaceCookie = createCookie("desk-place", {
  path: "/manage/desk",
  httpOnly: true,
  sameSite: "lax",
  secure: cookiesAreSecure(),
  maxAge: 400 * 86_400,
});

/** Ahead: what is still to do, in time order, then what is done, so the next hand-over is the first card. */
const nextFirst = (stops: DeskStop[]) => [
  ...stops.filter((stop) => !stop.event),
  ...stops.filter((stop) => stop.event),
];

/** A day asked by its date (`2031-08-10`), as the desk's own forms post to it. */
const askedDate = (value: string | null) => (isoDay.safeParse(value).success ? value : null);

/**
 * GET /manage/desk?place=…&day=today|tomorrow|YYYY-MM-DD: the desk's day at one place. Today and tomorrow are the
 * place's; a date names its day outright, so a page kept open across the place's midnight, and the hand-over posted
 * from it, stay on the day the agent was looking at.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "runDesk");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const supplierId = supplierScope(actor, null);
  const places = await placeChoices(db, supplierId, [], true);
  const remembered: unknown = await deskPlaceCookie.parse(request.headers.get("Cookie"));
  const asked = search.get("place") ?? remembered;
  const place = places.find((candidate) => candidate.slug === asked) ?? places[0] ?? null;
  const { t, translations } = await routeTranslations(language, "manage");
  const date = askedDate(search.get("day"));
  let which: "today" | "tomorrow" | "date" = search.get("day") === "tomorrow" ? "tomorrow" : "today";
  if (!place)
    return {
      title: t("desk.title"),
      places: [],
      place: null,
      which,
      day: null,
      list: null,
      setBackHours: EVENT_SET_BACK_HOURS,
      translations,
    };
  const now = new Date();
  const today = instantToLocalDateTime(now, place.timeZone).slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (date) which = date === today ? "today" : date === tomorrow ? "tomorrow" : "date";
  const day = date ?? (which === "tomorrow" ? tomorrow : today);
  const list = await deskDay(db, { supplierId, place: { id: place.id, timeZone: place.timeZone }, day }, now);
  return data(
    {
      title: t("desk.title"),
      places: places.map((candidate) => ({ slug: candidate.slug, name: localizedName(candidate, language) })),
      place: { slug: place.slug, name: localizedName(place, language), timeZone: place.timeZone },
      which,
      day,
      list: { pickups: nextFirst(list.pickups), returns: nextFirst(list.returns) },
      setBackHours: EVENT_SET_BACK_HOURS,
      translations,
    },
    place.slug === remembered ? {} : { headers: { "Set-Cookie": await deskPlaceCookie.serialize(place.slug) } },
  );
}

/** POST: a hand-over or a return recorded on one booking of the operator's own. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "runDesk");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: eventSchema });
  if (submission.status !== "success")
    return data({ booking: String(formData.get("booking") ?? ""), result: submission.reply() }, { status: 400 });
  const db = await getDb();
  const booking = await findDeskBooking(db, submission.value.booking);
  // Another supplier's booking answers as if it did not exist.
  if (!booking) throw notFound();
  assertMay(actor, "runDesk", booking.supplierId);
  const now = new Date();
  const { kind, time } = submission.value;
  // Back to the page posted from: the stop's form names its day by date (desk-stop.tsx), so a hand-over posted
  // after the place's midnight comes back to the day the agent was looking at.
  const back = `/manage/desk${new URL(request.url).search}`;
  const when = eventTimeFrom(time, now, kind === "handover" ? booking.pickupTimeZone : booking.dropoffTimeZone);
  if (!when.ok)
    return data(
      {
        booking: booking.id,
        result: submission.reply({
          fieldErrors: {
            time: [encodeFormError(`manage:desk.refused.${when.reason}Time`, { hours: EVENT_SET_BACK_HOURS })],
          },
        }),
      },
      { status: 400 },
    );
  const recorded = await recordDeskEvent(
    db,
    actor,
    booking,
    kind,
    { ...submission.value, at: when.at },
    now,
    publicOrigin(request),
  );
  if (!recorded.ok && recorded.reason === "mileageBelowHandover")
    return data(
      {
        booking: booking.id,
        result: submission.reply({
          fieldErrors: {
            mileage: [encodeFormError("manage:desk.refused.mileageBelowHandover", { km: recorded.handoverMileage })],
          },
        }),
      },
      { status: 400 },
    );
  if (!recorded.ok && recorded.reason === "beforeHandover")
    return data(
      {
        booking: booking.id,
        result: submission.reply({ fieldErrors: { time: ["manage:desk.refused.beforeHandover"] } }),
      },
      { status: 400 },
    );
  if (!recorded.ok)
    return data(
      { booking: booking.id, result: submission.reply({ formErrors: [`manage:desk.refused.${recorded.reason}`] }) },
      { status: 409 },
    );
  return redirectWithToast(back, {
    type: "success",
    messageKey: submission.value.kind === "handover" ? "success.handedOver" : "success.returned",
  });
}
