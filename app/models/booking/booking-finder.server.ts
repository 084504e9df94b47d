/**
 * "Find my booking" (decision 023, decision 023): a booking reference and the driver's e-mail address get a one-time
 * link mailed to that address, never shown on the page, so knowing a reference and an address proves nothing
 * unless one reads that mailbox. Followed, the link opens the booking on that browser only (checkout-cookie).
 */
import { and, between, eq, isNull, ne } from "drizzle-orm";
import { bookings, cars, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";
import { bookingReference } from "./booking";
import { bookingIdRange } from "./find-booking";
import { BOOKING_LINK_LIFETIME_MS, issueBookingAccessToken, redeemToken } from "~/models/account/tokens.server";
import { hasEmail } from "~/models/account/user-email.server";

/** Where a booking link leads: a page with one button, so a mail scanner fetching the link uses nothing. */
export const bookingLinkUrl = (origin: string, token: string) =>
  `${origin}/find-booking/open?token=${encodeURIComponent(token)}`;

/**
 * Mails a link to each listed booking with this reference whose driver has this address (a reference is 8 hex
 * digits: two bookings may share one, very rarely). Says how many were mailed; the page answers the same either way.
 */
export async function mailBookingLinks(
  db: Executor,
  query: { reference: string; email: string },
  origin: string,
  now = new Date(),
): Promise<number> {
  const [low, high] = bookingIdRange(query.reference);
  const found = await db
    .select({
      id: bookings.id,
      driverId: bookings.driverId,
      car: cars.name,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(
      and(
        between(bookings.id, low, high),
        hasEmail(query.email),
        // What the driver's own list shows: never an unpaid hold, a released one, or one they deleted.
        ne(bookings.status, "void"),
        isNull(bookings.releasedAt),
        isNull(bookings.driverDeletedAt),
      ),
    )
    .limit(3);
  for (const booking of found) {
    const token = await issueBookingAccessToken(db, booking, now);
    const t = await getTranslator(booking.language, "mail");
    const reference = bookingReference(booking.id);
    await queueMail(
      db,
      composeMail({
        to: booking.email,
        language: booking.language,
        subject: t("bookingLink.subject", { reference }),
        greeting: t("greeting", { name: booking.fullName }),
        paragraphs: [
          t("bookingLink.body", { reference, car: booking.car, minutes: BOOKING_LINK_LIFETIME_MS / 60_000 }),
          t("bookingLink.notYou"),
        ],
        action: { label: t("bookingLink.action"), url: bookingLinkUrl(origin, token) },
        signature: t("signature"),
      }),
    );
  }
  return found.length;
}

/** Uses a booking link once: the booking and its driver, or why it cannot open (unknown or used, expired). */
export async function redeemBookingLink(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ status: "valid"; bookingId: string; driverId: string } | { status: "expired" | "invalid" }> {
  const check = await redeemToken(db, token, "bookingAccess", now);
  if (check.status !== "valid" || !check.bookingId)
    return { status: check.status === "expired" ? "expired" : "invalid" };
  return { status: "valid", bookingId: check.bookingId, driverId: check.userId };
}
