/**
 * Who may do what with a booking (decision 011), as pure rules: the server asks these for every row and every
 * action; the list query applies the same scope in SQL. A driver acts on their own bookings, a supplier on the
 * bookings of its cars, an admin on all. Anything refused answers exactly like a booking that does not exist.
 */
import type { BookingStatus, PaymentMode, StaffRole, UserRole } from "~/domain/enums";
import { canTransition } from "./booking";
import { cancellationTerms } from "./cancellation-terms";

export interface Viewer {
  id: string;
  role: UserRole;
  /** For a supplier's account or its staff (decision 044): the supplier they act for, and their team role. */
  supplierId?: string | null;
  staffRole?: StaffRole | null;
}

export interface BookingFacts {
  driverId: string;
  supplierId: string;
  status: BookingStatus;
  paymentMode: PaymentMode;
  cancellation: boolean;
  amendments: boolean;
  cancelRequest: boolean;
  startsAt: Date;
  endsAt: Date;
  driverDeletedAt: Date | null;
}

export const BOOKING_ACTIONS = ["view", "amend", "cancelRequest", "delete", "setStatus"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** Whether the viewer may see the booking at all. */
export function canSee(
  viewer: Viewer,
  booking: Pick<BookingFacts, "driverId" | "supplierId" | "driverDeletedAt">,
): boolean {
  if (viewer.role === "admin") return true;
  if (viewer.role === "supplier") return booking.supplierId === viewer.id;
  return booking.driverId === viewer.id && booking.driverDeletedAt === null;
}

/** A booking still holds its car until it is cancelled or its drop-off time has passed. */
export const holdsCar = (booking: Pick<BookingFacts, "status" | "endsAt">, now: Date) =>
  booking.status !== "cancelled" && booking.endsAt.getTime() > now.getTime();

/**
 * Spec §4: a driver's cancellation is a request (staff finalise it). Offered while the booking is not cancelled,
 * not yet picked up, and its terms allow it: paid later (free cancellation) or with the cancellation option.
 */
export function canRequestCancellation(booking: BookingFacts, now: Date): boolean {
  return (
    booking.status !== "cancelled" &&
    booking.status !== "void" &&
    !booking.cancelRequest &&
    booking.startsAt.getTime() > now.getTime() &&
    (booking.paymentMode === "payLater" || booking.cancellation)
  );
}

/**
 * Decision 021: within its free window a driver's cancellation takes effect at once (no one needs to finalise a
 * cancellation that costs nothing): a booking paid later, any time before pick-up (its terms say so), or one paid
 * online with the Cancellation option, before its deadline. Otherwise it stays a request for staff.
 */
export function cancelsAtOnce(booking: BookingFacts, now: Date): boolean {
  if (!canRequestCancellation(booking, now)) return false;
  const terms = cancellationTerms(booking, now);
  return terms.kind === "free" || terms.kind === "freeUntil";
}

/**
 * Amendments (decision 011): before pick-up, on a confirmed booking that is not cancelled or being cancelled, where
 * its terms allow them — paid later (free amendments, spec §4) or with the amendments option.
 */
export function canAmend(booking: BookingFacts, now: Date): boolean {
  return (
    ["pending", "deposit", "paid", "reserved"].includes(booking.status) &&
    !booking.cancelRequest &&
    booking.startsAt.getTime() > now.getTime() &&
    (booking.paymentMode === "payLater" || booking.amendments)
  );
}

/** Whether `viewer` may do `action` on `booking` (and, for a status change, move it to `status`). */
export function mayAct(
  viewer: Viewer,
  booking: BookingFacts,
  action: BookingAction,
  now: Date,
  status?: BookingStatus,
): boolean {
  if (!canSee(viewer, booking)) return false;
  switch (action) {
    case "view":
      return true;
    case "amend":
      return viewer.role === "user" && canAmend(booking, now);
    case "cancelRequest":
      return viewer.role === "user" && canRequestCancellation(booking, now);
    case "delete":
      // Only from the driver's own list, and only once the booking no longer holds a car.
      return viewer.role === "user" && !holdsCar(booking, now);
    case "setStatus":
      return viewer.role !== "user" && status !== undefined && canTransition(booking.status, status);
  }
}
