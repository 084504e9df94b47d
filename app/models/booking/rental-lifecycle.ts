/**
 * A booking's rental lifecycle (decision 040), beside its payment status: the car not yet out, out with the driver,
 * or returned, as the desk's events say; overdue is derived (out past its drop-off). One rule answers whether an
 * action on a booking may happen in its rental state, for staff and drivers alike, so no path can cancel a rental
 * under way or change one already used. Pure: the caller reads the events (under the booking's lock) and asks here.
 */
import { RENTAL_STATES, type BookingEventKind, type BookingStatus, type RentalState } from "~/domain/enums";
import { canTransition } from "./booking";

export { RENTAL_STATES, type RentalState };

/** The state the desk's recorded events put a rental in. */
export function rentalStateOf(events: ReadonlyArray<{ kind: BookingEventKind }>): RentalState {
  if (events.some((event) => event.kind === "return")) return "returned";
  if (events.some((event) => event.kind === "handover")) return "out";
  return "notOut";
}

/** Out past its drop-off time: the car is still the driver's, and still not free for anyone else. */
export const isOverdue = (state: RentalState, endsAt: Date, now: Date) =>
  state === "out" && endsAt.getTime() <= now.getTime();

/** What may be done to a booking, by whoever does it. */
export const RENTAL_ACTIONS = ["cancel", "reactivate", "setStatus", "change", "handover", "return"] as const;
export type RentalAction = (typeof RENTAL_ACTIONS)[number];

/** Why an action is refused in a rental state; translated as `manage:lifecycle.<reason>` and `bookings:lifecycle…`. */
export type LifecycleRefusal = "underWay" | "returned" | "notOut";

/**
 * The one table: in which rental states each action may happen. A rental under way ends by its return (early if need
 * be), never by a cancellation; a returned rental is history; a status change (a payment recorded) is allowed while
 * the car is out, never after it is back; hand-over and return follow each other once.
 */
export const RENTAL_ACTION_STATES: Record<RentalAction, readonly RentalState[]> = {
  cancel: ["notOut"],
  reactivate: ["notOut"],
  setStatus: ["notOut", "out"],
  change: ["notOut"],
  handover: ["notOut"],
  return: ["out"],
};

export function rentalAllows(
  action: RentalAction,
  state: RentalState,
): { ok: true } | { ok: false; reason: LifecycleRefusal } {
  if (RENTAL_ACTION_STATES[action].includes(state)) return { ok: true };
  return { ok: false, reason: state === "out" ? "underWay" : state === "returned" ? "returned" : "notOut" };
}

/** A status change of a cancelled booking brings it back: the reactivation's own rules apply. */
export const isReactivation = (from: BookingStatus, to: BookingStatus) => from === "cancelled" && to !== "cancelled";

/** What a status change by staff would do: happen, nothing (already so), or why it may not. */
export type StatusChangeVerdict = "allowed" | "unchanged" | "refused" | LifecycleRefusal;

/**
 * The one answer to "may staff set this status" (the booking's page, the operators' list and its bulk form, the old
 * list's bulk form): the payment status's transition table, then the rental's state (a reactivation has its own
 * rule). A cancellation is not a status change: it has its own step, which states the refund.
 */
export function statusChangeVerdict(from: BookingStatus, to: BookingStatus, state: RentalState): StatusChangeVerdict {
  if (to === "cancelled" || to === "void") return "refused";
  if (from === to) return "unchanged";
  if (!canTransition(from, to)) return "refused";
  const lifecycle = rentalAllows(isReactivation(from, to) ? "reactivate" : "setStatus", state);
  return lifecycle.ok ? "allowed" : lifecycle.reason;
}
