/**
 * Booking confirmation and notification e-mails, in the recipient's language (text and HTML via composeMail).
 * Amounts are shown in the currency and at the rate the driver saw when booking; times in the place's zone.
 */
import { alias } from "drizzle-orm/pg-core";
import { eq } from "drizzle-orm";
import { bookings, cars, locations, notifications, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail, getMailer } from "~/utils/mail.server";
import { localizedName } from "./localized-name";
import { convertMinorUnits, formatMoney } from "./money";

/** The short reference drivers quote: the booking id's first eight characters, upper-case. */
export const bookingReference = (bookingId: string) => bookingId.slice(0, 8).toUpperCase();

const localTime = (instant: Date, timeZone: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone }).format(instant);

/** Mails the driver the confirmation of a booking (after it is placed or paid). */
export async function sendBookingConfirmation(db: Executor, bookingId: string, origin: string): Promise<void> {
  const pickup = alias(locations, "pickup");
  const dropoff = alias(locations, "dropoff");
  const supplier = alias(users, "supplier");
  const [row] = await db
    .select({ booking: bookings, driver: users, carName: cars.name, supplierName: supplier.fullName, pickup, dropoff })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`no booking ${bookingId}`);
  const { booking, driver } = row;
  const language = driver.language;
  const t = await getTranslator(language, "mail");
  const money = (baseMinorUnits: number) => formatMoney(convertMinorUnits(baseMinorUnits, booking.displayRate), booking.displayCurrency, language);
  const reference = bookingReference(booking.id);
  const payment =
    booking.paymentMode === "payLater"
      ? t("booking.payLater", { amount: money(booking.totalPrice) })
      : booking.paymentMode === "deposit"
        ? t("booking.deposit", { paid: money(booking.amountDue), rest: money(booking.totalPrice - booking.amountDue) })
        : t("booking.paid", { paid: money(booking.amountDue) });
  await getMailer().send(
    composeMail({
      to: driver.email,
      language,
      subject: t("booking.subject", { reference }),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs: [
        t("booking.intro", { reference }),
        t("booking.car", { car: row.carName, supplier: row.supplierName }),
        t("booking.pickup", { place: localizedName(row.pickup, language), time: localTime(booking.startsAt, row.pickup.timeZone, language) }),
        t("booking.dropoff", { place: localizedName(row.dropoff, language), time: localTime(booking.endsAt, row.dropoff.timeZone, language) }),
        t("booking.days", { count: booking.days }),
        t("booking.total", { amount: money(booking.totalPrice) }),
        payment,
      ],
      action: { label: t("booking.action"), url: `${origin}/bookings/${booking.id}` },
      signature: t("signature"),
    }),
  );
}

/** Mails a notification to its user when they keep e-mail notifications on; says whether a mail went out. */
export async function sendNotificationEmail(db: Executor, notificationId: string, origin: string): Promise<"sent" | "notificationsOff"> {
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
  await getMailer().send(
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
