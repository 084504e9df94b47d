/**
 * Who may do what on the operators' side (decision 027), as pure rules: every operator page and action asks
 * `canOperate` before it reads or writes, and the list queries apply the same scope in SQL (`supplierScope`). A
 * supplier acts on its own fleet, settings and trail; an admin on everything, choosing the supplier to act for; a
 * driver or a visitor on nothing. What a supplier may not reach answers exactly like a record that does not exist.
 */
import type { UserRole } from "~/domain/enums";

export interface Operator {
  id: string;
  role: UserRole;
}

export const OPERATOR_ACTIONS = [
  /** The operators' pages at all. */
  "enter",
  /** A supplier's cars: list, read, export. */
  "viewFleet",
  /** Create, edit, retire or delete a car; its prices and its availability blocks; import a fleet file. */
  "editFleet",
  /** A supplier's settings (fees, rules, contracts): read and change. */
  "editSupplier",
  /** The platform's markup on a supplier's prices. */
  "setMarkup",
  /** Create a supplier account. */
  "createSupplier",
  /** Countries, places, desks and hours. */
  "editPlaces",
  /** Drivers' accounts: list, suspend, reinstate, resend the activation link. */
  "manageDrivers",
  /** The audit trail of a supplier's records. */
  "viewAudit",
  /** The desk's day: a supplier's bookings picked up and returned at a place; hand-overs and returns recorded. */
  "runDesk",
  /** A supplier's bookings: find and export them, take one by phone, change, cancel, take money at the counter. */
  "handleBookings",
  /** Drivers' reviews (decision 034): publish or reject them. */
  "moderateReviews",
  /** The platform's rental rules and operators' sign-in rules (decision 043). */
  "editPlatform",
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** Actions on one supplier's records: a supplier may take them on its own only. */
const SUPPLIER_OWN: ReadonlySet<OperatorAction> = new Set([
  "enter",
  "viewFleet",
  "editFleet",
  "editSupplier",
  "viewAudit",
  "runDesk",
  "handleBookings",
]);

export const isOperator = (viewer: Pick<Operator, "role"> | null): boolean =>
  viewer !== null && (viewer.role === "admin" || viewer.role === "supplier");

/**
 * Whether `viewer` may take `action` on the records of supplier `ownerId` (null: platform records, or no record yet,
 * as for "enter").
 */
export function canOperate(viewer: Operator | null, action: OperatorAction, ownerId: string | null): boolean {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  if (viewer.role !== "supplier" || !SUPPLIER_OWN.has(action)) return false;
  return action === "enter" ? true : ownerId === viewer.id;
}

/**
 * Whether `viewer` may take `action` on any record at all: the gate every operator loader and action passes first
 * (`requireOperatorFor`), before it knows whose record it reads.
 */
export function mayTake(viewer: Operator | null, action: OperatorAction): boolean {
  if (!viewer) return false;
  return viewer.role === "admin" || (viewer.role === "supplier" && SUPPLIER_OWN.has(action));
}

/**
 * Whose records a list shows: a supplier always its own (whatever it asks for); an admin the supplier it chose, or
 * every supplier's (null).
 */
export function supplierScope(viewer: Operator, requested: string | null): string | null {
  return viewer.role === "supplier" ? viewer.id : requested;
}
