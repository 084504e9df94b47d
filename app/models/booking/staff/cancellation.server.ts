/**
 * A cancellation by staff (decision 029), from the booking's page or the bookings list: the status moves as the
 * transition table allows, the payments owe back what `staffCancellationRefund` says (everything when the supplier
 * cancels; the booking's terms when its driver asked), open payment links end, and the driver gets one notification
 * and one mail. All in the caller's transaction; the caller refunds the returned ids once it commits.
 */
import { notify } from "~/models/messages/notifications.server";
import { eq } from "drizzle-orm";
import { bookings } from "#db/schema";
import type { BookingStatus, PaymentMode } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { convertMinorUnits } from "~/domain/money";
import { capturedTotal, owePartOfPayments } from "~/models/payments/payments.server";
import { cancelOpenLinks } from "~/models/payments/payment-links.server";
import { writeBookingAudit, type Actor } from "~/models/audit/audit.server";
import { assertTransition, bookingReference } from "~/models/booking/booking";
import { rentalAllows } from "~/models/booking/rental-lifecycle";
import { rentalStateFor } from "~/models/booking/rental-lifecycle.server";
import { changeBookingStatus } from "~/models/booking/bookings.server";
import { cancellationTerms } from "~/models/booking/cancellation-terms";
import { queueCancellationMail } from "~/models/booking/booking-mails.server";
import { staffCancellationRefund } from "./settlement";

export interface CancellableBooking {
  id: string;
  status: BookingStatus;
  supplierId: string;
  driverId: string;
  paymentMode: PaymentMode;
  cancellation: boolean;
  startsAt: Date;
  deposit: number;
  displayRate: number;
  car: string;
}

export type StaffCancellation =
  | { outcome: "cancelled"; refundIds: string[] }
  /** The car is out, or back (decision 040): a rental under way ends by its return, never by a cancellation. */
  | { outcome: "underWay" | "returned" | "notOut" }
  /** The booking moved meanwhile (another cancellation, a payment): nothing was done. */
  | { outcome: "unchanged" };

export async function cancelByStaff(
  tx: Database,
  actor: Actor,
  booking: CancellableBooking,
  /** The driver asked for it (their request, or by phone): their terms decide the refund. Else the supplier's doing. */
  byDriver: boolean,
  now: Date,
  origin: string,
): Promise<StaffCancellation> {
  assertTransition(booking.status, "cancelled");
  // The caller holds the booking's row lock, which a hand-over takes too: the state read here cannot move before commit.
  const lifecycle = rentalAllows("cancel", await rentalStateFor(tx, booking.id));
  if (!lifecycle.ok) return { outcome: lifecycle.reason };
  const wasHold = booking.status === "void";
  if ((await changeBookingStatus(tx, booking, "cancelled", now)) !== "changed") return { outcome: "unchanged" };
  await tx.update(bookings).set({ cancelRequest: false, counterBalance: 0 }).where(eq(bookings.id, booking.id));
  await cancelOpenLinks(tx, booking.id, now);
  const held = await capturedTotal(tx, booking.id);
  const amount = staffCancellationRefund({
    byDriver,
    terms: cancellationTerms(booking, now).kind,
    held,
    securityDeposit: convertMinorUnits(booking.deposit, booking.displayRate),
  });
  const refunds = await owePartOfPayments(tx, booking.id, amount, "staffCancelled", now);
  const reference = bookingReference(booking.id);
  await writeBookingAudit(tx, actor, booking, "cancel", {
    status: { from: booking.status, to: "cancelled" },
    cancelledBy: { from: null, to: byDriver ? "driver" : "supplier" },
    // In the currency the driver paid (not the trail's base currency): as text.
    refunded: {
      from: null,
      to: refunds.map((refund) => `${(refund.amount / 100).toFixed(2)} ${refund.currency}`).join(" + ") || null,
    },
  });
  // A hold never paid was never confirmed to its driver: nothing to tell them but that the link no longer works.
  await notify(tx, {
    userId: booking.driverId,
    bookingId: booking.id,
    messageKey: "notifications.statusChanged.cancelled",
    messageParams: { reference, car: booking.car },
  });
  if (!wasHold)
    await queueCancellationMail(tx, booking.id, refunds, origin, {
      by: byDriver ? "staffForDriver" : "supplier",
      paidOnline: held > 0,
    });
  return { outcome: "cancelled", refundIds: refunds.map((refund) => refund.id) };
}

/** The audit row of a status change by staff (a cancellation writes its own). */
export async function auditStatusChange(
  tx: Executor,
  actor: Actor,
  booking: { id: string; supplierId: string },
  from: BookingStatus,
  to: BookingStatus,
): Promise<void> {
  await writeBookingAudit(tx, actor, booking, "setStatus", { status: { from, to } });
}
