/**
 * Booking confirmation and notification e-mails, in the recipient's language (text and HTML via composeMail).
 * Amounts are shown in the currency and at the rate the driver saw when booking; times in the place's zone.
 */
import { bookingExcess } from "~/models/pricing/cover";
import { eq } from "drizzle-orm";
import { notifications, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";
import { bookedPriceLines, bookingReference } from "./booking";
import { cancellationTerms } from "./cancellation-terms";
import { EQUIPMENT, isOneOf, type Language, type RefundReason } from "~/domain/enums";
import type { PricedOption } from "~/models/pricing/pricing";
import { bookingDetails, findBookingDetails, placeNames, type BookingDetails } from "./bookings.server";
import { rentalCalendar } from "./ical";
import type { ChangeSettlement, SettlementKind } from "./staff/settlement";
import { deskFromColumns, deskView, hoursLines, weekdayName } from "~/domain/pickup-desk";
import { convertMinorUnits, formatMoney, formatMoneyIn, formatTaxRate } from "~/domain/money";

export { bookingReference };

const localTime = (instant: Date, timeZone: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone }).format(instant);

/** The booking's page: the confirmation mail, the receipt and the calendar file link here (spec §2 /booking). */
export const bookingUrl = (origin: string, bookingId: string) => `${origin}/booking?b=${bookingId}`;

/**
 * Each stop's desk as text (decision 024): where (the place and its address, the calendar's LOCATION) and what a
 * driver needs there (the desk, its phone, its hours), in the driver's language.
 */
async function deskTexts(details: BookingDetails, places: { pickup: string; dropoff: string }, language: Language) {
  const common = await getTranslator(language, "common");
  const day = weekdayName(language);
  const desk = (place: BookingDetails["pickup"], name: string) => {
    const found = deskFromColumns(place);
    if (!found) return { location: name, details: undefined };
    const view = deskView(name, found);
    const hours = view.hours
      ? hoursLines(view.hours, day, {
          everyDay: common("desk.everyDay"),
          closed: common("desk.closed"),
          line: (days, hours) => common("desk.dayHours", { days, hours }),
        }).join("; ")
      : null;
    return {
      location: [name, view.address].filter(Boolean).join(", "),
      details: [
        common("desk.heading", { place: name }) + (view.kind ? ` (${common(`desk.kinds.${view.kind}`)})` : ""),
        // The street address: with the mail only, a driver at an airport tells the terminal desk from the shuttle's.
        view.address ? common("desk.address", { address: view.address }) : null,
        view.phone ? `${common("desk.phone")} ${view.phone}` : null,
        hours ? common("desk.hoursLine", { hours }) : null,
      ]
        .filter(Boolean)
        .join("\n"),
    };
  };
  return { pickup: desk(details.pickup, places.pickup), dropoff: desk(details.dropoff, places.dropoff) };
}

/** The booking's pick-up and drop-off as an iCalendar file, in the driver's language. */
export async function bookingCalendar(details: BookingDetails, origin: string, now = new Date()): Promise<string> {
  const language = details.driver.language;
  const t = await getTranslator(language, "mail");
  const places = placeNames(details, language);
  const reference = bookingReference(details.booking.id);
  const desks = await deskTexts(details, places, language);
  return rentalCalendar({
    uid: details.booking.id,
    description: t("booking.calendarDescription", { reference, car: details.car.name, supplier: details.supplierName }),
    url: bookingUrl(origin, details.booking.id),
    now,
    stops: [
      {
        summary: t("booking.calendarPickup", { car: details.car.name }),
        ...desks.pickup,
        at: details.booking.startsAt,
        timeZone: details.pickup.timeZone,
      },
      {
        summary: t("booking.calendarDropoff", { car: details.car.name }),
        ...desks.dropoff,
        at: details.booking.endsAt,
        timeZone: details.dropoff.timeZone,
      },
    ],
  });
}

/** Mails the driver the confirmation of a booking (after it is placed or paid), with its calendar file. */
export async function sendBookingConfirmation(db: Executor, bookingId: string, origin: string): Promise<void> {
  const details = await findBookingDetails(db, { id: bookingId });
  if (!details) throw new Error(`no booking ${bookingId}`);
  const { booking, driver } = details;
  const language = driver.language;
  const t = await getTranslator(language, "mail");
  const money = (baseMinorUnits: number) =>
    formatMoney(convertMinorUnits(baseMinorUnits, booking.displayRate), booking.displayCurrency, language);
  const reference = bookingReference(booking.id);
  const places = placeNames(details, language);
  const payment =
    booking.paymentMode === "payLater"
      ? t("booking.payLater", { amount: money(booking.totalPrice) })
      : booking.paymentMode === "deposit"
        ? t("booking.deposit", { paid: money(booking.amountDue), rest: money(booking.totalPrice) })
        : t("booking.paid", { paid: money(booking.amountDue) });
  const desks = await deskTexts(details, places, language);
  const deskParagraphs = [desks.pickup, ...(details.dropoff.id === details.pickup.id ? [] : [desks.dropoff])].flatMap(
    (desk) => desk.details?.split("\n") ?? [],
  );
  // What the total includes (decision 025): the supplier's fees, and its tax, added or included.
  const charges = [
    ...(booking.oneWayFee > 0 ? [t("booking.oneWayFee", { amount: money(booking.oneWayFee) })] : []),
    ...(booking.youngDriverFee > 0 ? [t("booking.youngDriverFee", { amount: money(booking.youngDriverFee) })] : []),
    ...(booking.taxRateBasisPoints > 0
      ? [
          t(booking.taxAdded ? "booking.taxAdded" : "booking.taxIncluded", {
            rate: formatTaxRate(booking.taxRateBasisPoints, language),
            amount: money(booking.taxAmount),
          }),
        ]
      : []),
  ];
  // What cancelling costs and until when it is free, on the pick-up place's clock (decision 021).
  // As they stand when the mail is written: a pick-up within 24 hours has no free window left to promise.
  const terms = cancellationTerms(booking, new Date());
  const cancellation =
    terms.kind === "freeUntil"
      ? t("booking.cancellation.freeUntil", { deadline: localTime(terms.deadline, details.pickup.timeZone, language) })
      : t(`booking.cancellation.${terms.kind}`);
  const securityDeposit = booking.deposit > 0 ? [t("booking.securityDeposit", { amount: money(booking.deposit) })] : [];
  // What the driver still owes if the car is damaged or stolen, with the cover booked (decision 030).
  const remaining = bookingExcess(booking);
  const excess = remaining
    ? [
        remaining.damage === 0 && remaining.theft === 0
          ? t("booking.noExcess")
          : t("booking.excess", { damage: money(remaining.damage), theft: money(remaining.theft) }),
      ]
    : [];
  // The options booked, each with its amount as the receipt shows it: the extras, and the child seats and other
  // pieces the desk has ready with the car (decision 033).
  const common = await getTranslator(language, "common");
  const optionName = (option: PricedOption, count: number) => {
    const name = isOneOf(EQUIPMENT, option) ? common(`equipment.${option}`) : common(`extras.${option}`);
    return count > 1 ? common("equipment.counted", { name, count }) : name;
  };
  const shown = (amount: number) => formatMoney(amount, booking.displayCurrency, language);
  const options = bookedPriceLines(booking, details.additionalDrivers.length).extras.map((line) =>
    t("booking.option", {
      name: optionName(line.extra, line.count),
      amount: line.amount === 0 ? t("booking.optionIncluded") : shown(line.amount),
    }),
  );
  const equipment = options.length ? [t("booking.options"), ...options] : [];
  await queueMail(db, {
    ...composeMail({
      to: driver.email,
      language,
      subject: t("booking.subject", { reference }),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs: [
        t("booking.intro", { reference }),
        t("booking.car", { car: details.car.name, supplier: details.supplierName }),
        t("booking.pickup", {
          place: places.pickup,
          time: localTime(booking.startsAt, details.pickup.timeZone, language),
        }),
        t("booking.dropoff", {
          place: places.dropoff,
          time: localTime(booking.endsAt, details.dropoff.timeZone, language),
        }),
        // Where to go, whom to call and when the desk is open (decision 024): the pick-up desk, and the drop-off's if another.
        ...deskParagraphs,
        // The arriving flight, and how long the desk waits if it is late (decision 031).
        ...(booking.flightNumber
          ? [
              details.flightGraceMinutes > 0
                ? t("booking.flight", {
                    flight: booking.flightNumber,
                    supplier: details.supplierName,
                    minutes: details.flightGraceMinutes,
                  })
                : t("booking.flightNoGrace", { flight: booking.flightNumber, supplier: details.supplierName }),
            ]
          : []),
        ...equipment,
        // Who else may drive (decision 038): the desk checks each one's licence.
        ...(details.additionalDrivers.length
          ? [
              t("booking.additionalDrivers", {
                count: details.additionalDrivers.length,
                names: details.additionalDrivers.map((added) => added.fullName).join(", "),
              }),
            ]
          : []),
        booking.hours !== null
          ? t("booking.hours", { count: booking.hours })
          : t("booking.days", { count: booking.days }),
        t("booking.total", { amount: money(booking.totalPrice) }),
        ...charges,
        payment,
        cancellation,
        ...securityDeposit,
        ...excess,
      ],
      action: { label: t("booking.action"), url: bookingUrl(origin, booking.id) },
      signature: t("signature"),
    }),
    attachments: [
      {
        filename: `booking-${reference}.ics`,
        content: await bookingCalendar(details, origin),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        contentTransferEncoding: "quoted-printable",
      },
    ],
  });
}

/** What a mail to the booking's driver says of it: reference, car, pick-up place and time, in their language. */
async function driverMailFacts(db: Executor, bookingId: string) {
  const details = await findBookingDetails(db, { id: bookingId });
  if (!details) throw new Error(`no booking ${bookingId}`);
  const { booking, driver } = details;
  const language = driver.language;
  const places = placeNames(details, language);
  return {
    booking,
    driver,
    language,
    t: await getTranslator(language, "mail"),
    facts: {
      reference: bookingReference(booking.id),
      car: details.car.name,
      place: places.pickup,
      time: localTime(booking.startsAt, details.pickup.timeZone, language),
    },
  };
}

/**
 * Tells the driver a payment was given back in full, and why: it completed after the car's hold had ended and the
 * car was booked by someone else meanwhile, or it was not the amount the checkout showed (nothing was booked), or
 * they cancelled the booking within its free window.
 */
export async function queueRefundMail(
  db: Executor,
  bookingId: string,
  refund: { amount: number; currency: string; reason: RefundReason },
  origin: string,
): Promise<void> {
  const { booking, driver, language, t, facts } = await driverMailFacts(db, bookingId);
  const amount = formatMoneyIn(refund.amount, refund.currency, language);
  const cancelled = refund.reason === "cancelled";
  await queueMail(
    db,
    composeMail({
      to: driver.email,
      language,
      subject: cancelled ? t("refund.subjectCancelled", { amount, ...facts }) : t("refund.subject", { amount }),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs: [
        t(`refund.${refund.reason}`, facts),
        t("refund.amount", { amount }),
        ...(cancelled ? [] : [t("refund.nothingBooked")]),
      ],
      action: cancelled
        ? { label: t("cancellation.action"), url: bookingUrl(origin, booking.id) }
        : { label: t("refund.action"), url: `${origin}/search` },
      signature: t("signature"),
    }),
  );
}

/**
 * Confirms to the driver that their booking is cancelled, whatever their notification setting: like the booking's
 * confirmation, it is the record of what happened. By the driver within their free window (decision 021), or by staff
 * (decision 029): at the driver's request or by the supplier. Says what is being refunded, or why nothing is.
 */
export async function queueCancellationMail(
  db: Executor,
  bookingId: string,
  refunds: ReadonlyArray<{ amount: number; currency: string }>,
  origin: string,
  cancelled: { by: "driver" | "staffForDriver" | "supplier"; paidOnline?: boolean } = { by: "driver" },
): Promise<void> {
  const { booking, driver, language, t, facts } = await driverMailFacts(db, bookingId);
  const amounts = refunds.map((refund) => formatMoneyIn(refund.amount, refund.currency, language)).join(" + ");
  const body = {
    driver: "cancellation.body",
    staffForDriver: "staffCancellation.asked",
    supplier: "staffCancellation.bySupplier",
  } as const;
  const refund = amounts
    ? t(cancelled.by === "driver" ? "cancellation.refund" : "staffCancellation.refund", { amount: amounts })
    : t(cancelled.paidOnline ? "staffCancellation.noRefund" : "cancellation.nothingPaid");
  await queueMail(
    db,
    composeMail({
      to: driver.email,
      language,
      subject: t("cancellation.subject", facts),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs: [t(body[cancelled.by], facts), refund],
      action: { label: t("cancellation.action"), url: bookingUrl(origin, booking.id) },
      signature: t("signature"),
    }),
  );
}

/** Mails a notification to its user when they keep e-mail notifications on; says whether a mail went out. */
export async function sendNotificationEmail(
  db: Executor,
  notificationId: string,
  origin: string,
): Promise<"sent" | "notificationsOff"> {
  const [row] = await db
    .select({ notification: notifications, user: users })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, notificationId));
  if (!row) throw new Error(`no notification ${notificationId}`);
  const { notification, user } = row;
  if (!user.enableEmailNotifications) return "notificationsOff";
  const t = await getTranslator(user.language, "mail");
  const common = await getTranslator(user.language, "common");
  const message = common(notification.messageKey, notification.messageParams);
  await queueMail(
    db,
    composeMail({
      to: user.email,
      language: user.language,
      subject: t("notification.subject", { message }),
      greeting: t("greeting", { name: user.fullName }),
      paragraphs: [t("notification.intro"), message, t("notification.optOut")],
      action: { label: t("notification.action"), url: `${origin}/notifications` },
      signature: t("signature"),
    }),
  );
  return "sent";
}

/** E-mail copies of new notifications (to those who keep them on), queued in the caller's transaction. */
export async function queueNotificationEmails(
  db: Executor,
  notificationIds: readonly string[],
  origin: string,
): Promise<void> {
  // One after the other: a transaction's statements run in turn anyway, and a failure rolls the change back with them.
  for (const id of notificationIds) await sendNotificationEmail(db, id, origin);
}

/** What a change by staff settles (decision 029), in the booking's display currency (minor units). */
export type ChangeSettlementMail =
  | { kind: "refund"; amount: number }
  | { kind: "link"; amount: number; url: string }
  | { kind: "counter"; amount: number }
  | { kind: "atCounter" }
  | { kind: "none" };

/** A settlement as the change's mail says it; a link's address when the change asked for one. */
export function changeSettlementMail(
  kind: SettlementKind,
  settlement: ChangeSettlement,
  linkUrl: string | null,
): ChangeSettlementMail {
  if (kind === "refund") return { kind, amount: settlement.refund };
  if (kind === "link" && linkUrl) return { kind, amount: settlement.link, url: linkUrl };
  if (kind === "counter") return { kind, amount: settlement.counterBalance };
  if (kind === "atCounter") return { kind };
  return { kind: "none" };
}

/**
 * The one mail a change by staff sends its driver (decision 029), whatever their notification setting: what the
 * booking is now, its new total beside the old, and how the difference is settled (a refund, a payment link, or the
 * counter).
 */
export async function queueStaffChangeMail(
  db: Executor,
  bookingId: string,
  change: { before: number; after: number; settlement: ChangeSettlementMail },
  origin: string,
): Promise<void> {
  const { booking, driver, language, t, facts } = await driverMailFacts(db, bookingId);
  const money = (amount: number) => formatMoneyIn(amount, booking.displayCurrency, language);
  const { settlement } = change;
  const details = await bookingDetails(db, bookingId);
  const paragraphs = [
    t("staffChange.body", facts),
    // Where and when the car goes back: the change may have moved either.
    t("staffChange.dropoff", {
      place: placeNames(details, language).dropoff,
      time: localTime(booking.endsAt, details.dropoff.timeZone, language),
    }),
    t("staffChange.total", { after: money(change.after), before: money(change.before) }),
  ];
  if (settlement.kind === "refund") paragraphs.push(t("staffChange.refund", { amount: money(settlement.amount) }));
  if (settlement.kind === "link") paragraphs.push(t("staffChange.link", { amount: money(settlement.amount) }));
  if (settlement.kind === "counter") paragraphs.push(t("staffChange.counter", { amount: money(settlement.amount) }));
  if (settlement.kind === "atCounter") paragraphs.push(t("staffChange.atCounter"));
  await queueMail(
    db,
    composeMail({
      to: driver.email,
      language,
      subject: t("staffChange.subject", facts),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs,
      action:
        settlement.kind === "link"
          ? { label: t("staffChange.pay", { amount: money(settlement.amount) }), url: settlement.url }
          : { label: t("cancellation.action"), url: bookingUrl(origin, booking.id) },
      signature: t("signature"),
    }),
  );
}

/**
 * The mail of a booking staff took for a driver and left to pay online (decision 029): what is booked, the amount,
 * and until when the link holds the car.
 */
export async function queueBookingLinkMail(
  db: Executor,
  bookingId: string,
  link: { amount: number; currency: string; url: string; expiresAt: Date },
): Promise<void> {
  const { driver, language, t, facts } = await driverMailFacts(db, bookingId);
  const amount = formatMoneyIn(link.amount, link.currency, language);
  const details = await bookingDetails(db, bookingId);
  const until = localTime(link.expiresAt, details.pickup.timeZone, language);
  await queueMail(
    db,
    composeMail({
      to: driver.email,
      language,
      subject: t("bookingPaymentLink.subject", facts),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs: [
        t("bookingPaymentLink.body", { ...facts, supplier: details.supplierName }),
        t("bookingPaymentLink.pay", { amount, until }),
      ],
      action: { label: t("bookingPaymentLink.action", { amount }), url: link.url },
      signature: t("signature"),
    }),
  );
}
