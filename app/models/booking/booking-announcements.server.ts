/**
 * What announces a booking, written in the transaction of the change it announces (decision 020): the driver's and
 * the supplier's notifications, the confirmation mail with its calendar file, the supplier's copy, the activation
 * link of an account made at checkout. Mail is queued, never sent here: the
 * mail worker delivers it, so neither a request nor a webhook waits for SMTP, and a crash loses nothing committed.
 */
import { eq } from "drizzle-orm";
import { bookings, users } from "#db/schema";
import type { Database } from "~/utils/db.server";
import { logError } from "~/utils/errors.server";
import { sendActivationEmail } from "~/models/account/account-mails.server";
import { sendBookingConfirmation, sendNotificationEmail } from "./booking-mails.server";
import { notifyBookingPlaced } from "./bookings.server";

/**
 * Notifications and mails of a confirmed booking, in the caller's transaction. Written in a savepoint: if composing
 * them fails (a bug, not SMTP), the booking still stands and the failure is logged for a person.
 */
export async function announceBooking(db: Database, bookingId: string, origin: string): Promise<void> {
  try {
    await db.transaction(async (savepoint) => {
      const notificationIds = await notifyBookingPlaced(savepoint, bookingId);
      const [driver] = await savepoint
        .select({
          id: users.id,
          email: users.email,
          fullName: users.fullName,
          language: users.language,
          verified: users.verified,
          passwordHash: users.passwordHash,
        })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.driverId))
        .where(eq(bookings.id, bookingId));
      await sendBookingConfirmation(savepoint, bookingId, origin);
      // The supplier's copy by e-mail when it keeps e-mail notifications on (the driver has the confirmation itself).
      if (notificationIds[1]) await sendNotificationEmail(savepoint, notificationIds[1], origin);
      if (driver && !driver.verified && !driver.passwordHash) await sendActivationEmail(savepoint, driver, origin);
    });
  } catch (error) {
    logError("booking", error, `announcing booking ${bookingId} failed`);
  }
}
