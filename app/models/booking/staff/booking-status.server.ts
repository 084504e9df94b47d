/**
 * A status set by staff (decision 029), one pipeline for every form that sets one: the booking's page, the operators'
 * list's bulk form and the older list's. Under the booking's row lock: the verdict (`statusChangeVerdict`), the
 * change (a reactivation re-checks the car and owes what was refunded, `changeBookingStatus`), the payment links a
 * confirmed hold no longer needs, the audit row naming the person, and the driver's notification.
 */
import { issueSaleDocument } from "~/models/documents/business-documents.server";
import { eq, inArray } from "drizzle-orm";
import { bookings, cars, users } from "#db/schema";
import type { BookingStatus, RentalState } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Database, Executor } from "~/utils/db.server";
import type { Actor } from "~/models/audit/audit.server";
import { canOperate } from "~/models/access/operator-access";
import { bookingReference } from "~/models/booking/booking";
import { queueNotificationEmails } from "~/models/booking/booking-mails.server";
import { changeBookingStatus } from "~/models/booking/bookings.server";
import {
  statusChangeVerdict,
  type LifecycleRefusal,
  type StatusChangeVerdict,
} from "~/models/booking/rental-lifecycle";
import { notify } from "~/models/messages/notifications.server";
import { cancelOpenLinks } from "~/models/payments/payment-links.server";
import { auditStatusChange } from "./cancellation.server";

export type StaffStatusResult = "changed" | "unchanged" | "carTaken" | "refused" | LifecycleRefusal | null;

/** The facts a status change reads from a booking locked by the caller. */
export interface StatusRow {
  id: string;
  supplierId: string;
  driverId: string;
  status: BookingStatus;
  /** Read with the row, under its lock (the desk writes it with each event under the same lock). */
  rentalState: RentalState;
  car: string;
}

/**
 * Sets `status` on a booking the caller has locked (`for update`) and may handle: the verdict, the change, the audit
 * and the driver's notification, whose id is returned for the caller to queue its e-mail once.
 */
export async function setStatusLocked(
  tx: Executor & Pick<Database, "transaction">,
  actor: Actor,
  row: StatusRow,
  status: BookingStatus,
  now: Date,
): Promise<{ outcome: Exclude<StaffStatusResult, null>; notificationId?: string }> {
  const verdict = statusChangeVerdict(row.status, status, row.rentalState);
  if (verdict !== "allowed") return { outcome: verdict };
  const outcome = await changeBookingStatus(tx, row, status, now);
  if (outcome !== "changed") return { outcome };
  // A hold confirmed by hand (paid at the counter after all): its payment link no longer asks for anything.
  if (row.status === "void") await cancelOpenLinks(tx, row.id, now);
  // Marked paid in full: its invoice (or receipt) is issued now, unless the hand-over already did (decision 049).
  if (status === "paid") await issueSaleDocument(tx, row.id, now);
  await auditStatusChange(tx, actor, row, row.status, status);
  const notificationId = await notify(tx, {
    userId: row.driverId,
    bookingId: row.id,
    messageKey: `notifications.statusChanged.${status}`,
    messageParams: { reference: bookingReference(row.id), car: row.car },
  });
  return { outcome: "changed", notificationId };
}

/** The bookings among `ids`, locked, with what a status change reads; the caller checks whose they are. */
export async function lockStatusRows(tx: Executor, ids: string[]): Promise<StatusRow[]> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return [];
  return tx
    .select({
      id: bookings.id,
      supplierId: bookings.supplierId,
      driverId: bookings.driverId,
      status: bookings.status,
      rentalState: bookings.rentalState,
      car: cars.name,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(inArray(bookings.id, wanted))
    .orderBy(bookings.id)
    .for("update", { of: bookings });
}

/**
 * A status change by staff on one booking, in its own transaction: null when the booking is not one the actor may
 * handle (as if it did not exist).
 */
export async function setStatusByStaff(
  db: Database,
  actor: Actor,
  bookingId: string,
  status: BookingStatus,
  context: { now: Date; origin: string },
): Promise<StaffStatusResult> {
  return db.transaction(async (tx) => {
    const [row] = await lockStatusRows(tx, [bookingId]);
    if (!row || !canOperate(actor, "handleBookings", row.supplierId)) return null;
    const { outcome, notificationId } = await setStatusLocked(tx, actor, row, status, context.now);
    if (notificationId) await queueNotificationEmails(tx, [notificationId], context.origin);
    return outcome;
  });
}

/** Most bookings one bulk change takes (the list's page is 30). */
export const BULK_STATUS_LIMIT = 50;

export interface BulkStatusItem {
  id: string;
  reference: string;
  driver: string;
  car: string;
  from: BookingStatus;
  verdict: StatusChangeVerdict;
}

/**
 * What setting `status` on the chosen bookings would do, booking by booking (the confirmation's list): only those the
 * actor may handle; the others are as if they did not exist.
 */
export async function describeBulkStatus(
  db: Executor,
  actor: Actor,
  ids: string[],
  status: BookingStatus,
): Promise<BulkStatusItem[]> {
  const wanted = [...new Set(ids)].filter(isUuid).slice(0, BULK_STATUS_LIMIT);
  if (!wanted.length) return [];
  const rows = await db
    .select({
      id: bookings.id,
      supplierId: bookings.supplierId,
      status: bookings.status,
      rentalState: bookings.rentalState,
      driver: users.fullName,
      car: cars.name,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(inArray(bookings.id, wanted))
    .orderBy(bookings.startsAt, bookings.id);
  return rows
    .filter((row) => canOperate(actor, "handleBookings", row.supplierId))
    .map((row) => ({
      id: row.id,
      reference: bookingReference(row.id),
      driver: row.driver,
      car: row.car,
      from: row.status,
      verdict: statusChangeVerdict(row.status, status, row.rentalState),
    }));
}

/**
 * Sets `status` on the chosen bookings the actor may handle, in one transaction, each through the same locked step
 * as the booking's page (its verdict read again under the lock: a booking changed meanwhile is left as it is).
 */
export async function setBulkStatusByStaff(
  db: Database,
  actor: Actor,
  ids: string[],
  status: BookingStatus,
  context: { now: Date; origin: string },
): Promise<{ changed: number; notChanged: number }> {
  const wanted = [...new Set(ids)].filter(isUuid).slice(0, BULK_STATUS_LIMIT);
  return db.transaction(async (tx) => {
    const rows = (await lockStatusRows(tx, wanted)).filter((row) =>
      canOperate(actor, "handleBookings", row.supplierId),
    );
    const notificationIds: string[] = [];
    let changed = 0;
    for (const row of rows) {
      const { outcome, notificationId } = await setStatusLocked(tx, actor, row, status, context.now);
      if (notificationId) notificationIds.push(notificationId);
      if (outcome === "changed") changed += 1;
    }
    await queueNotificationEmails(tx, notificationIds, context.origin);
    return { changed, notChanged: wanted.length - changed };
  });
}
