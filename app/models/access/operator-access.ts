/**
 * Who may do what on the operators' side (decision 027), as pure rules: every operator page and action asks
 * `canOperate` before it reads or writes, and the list queries apply the same scope in SQL (`supplierScope`). A
 * supplier acts on its own fleet, settings and trail; an admin on everything, choosing the supplier to act for; a
 * driver or a visitor on nothing. What a supplier may not reach answers exactly like a record that does not exist.
 */
import type { StaffRole, UserRole } from "~/domain/enums";

/**
 * Who acts. A supplier's own account acts for itself as its owner; a staff member (decision 044) for the supplier
 * it works for (`supplierId`) in its team role (`staffRole`).
 */
export interface Operator {
  id: string;
  role: UserRole;
  supplierId?: string | null;
  staffRole?: StaffRole | null;
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
  /** The desks a supplier runs (decision 048): their address, phone, kind and weekly hours; never the place itself. */
  "editOwnDesks",
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
  /** A supplier's team: invite members, change their roles, remove them (decision 044). */
  "manageTeam",
  /** The business at a glance and its figures: bookings, revenue, utilisation (decision 045). */
  "viewReports",
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** What each role on a supplier's team may do, on that supplier's records only (decision 044). */
const TEAM_ROLE_ACTIONS: Record<StaffRole, ReadonlySet<OperatorAction>> = {
  owner: new Set([
    "enter",
    "viewFleet",
    "editFleet",
    "editSupplier",
    "viewAudit",
    "runDesk",
    "handleBookings",
    "manageTeam",
    "viewReports",
    "editOwnDesks",
  ]),
  manager: new Set(["enter", "viewFleet", "editFleet", "viewAudit", "runDesk", "handleBookings", "viewReports"]),
  desk: new Set(["enter", "viewFleet", "runDesk", "handleBookings"]),
};

export const isOperator = (viewer: Pick<Operator, "role"> | null): boolean =>
  viewer !== null && (viewer.role === "admin" || viewer.role === "supplier" || viewer.role === "staff");

/** The supplier a supplier-side operator acts for, and in which role; null for anyone else. */
export function teamPlace(viewer: Operator): { supplierId: string; staffRole: StaffRole } | null {
  if (viewer.role === "supplier") return { supplierId: viewer.id, staffRole: "owner" };
  if (viewer.role === "staff" && viewer.supplierId && viewer.staffRole)
    return { supplierId: viewer.supplierId, staffRole: viewer.staffRole };
  return null;
}

/**
 * Whether `viewer` may take `action` on any record at all: the gate every operator loader and action passes first
 * (`requireOperatorFor`), before it knows whose record it reads.
 */
export function mayTake(viewer: Operator | null, action: OperatorAction): boolean {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  const team = teamPlace(viewer);
  return team !== null && TEAM_ROLE_ACTIONS[team.staffRole].has(action);
}

/**
 * Whether `viewer` may take `action` on the records of supplier `ownerId` (null: platform records, or no record yet,
 * as for "enter").
 */
export function canOperate(viewer: Operator | null, action: OperatorAction, ownerId: string | null): boolean {
  if (!viewer || !mayTake(viewer, action)) return false;
  if (viewer.role === "admin") return true;
  return action === "enter" ? true : ownerId === teamPlace(viewer)?.supplierId;
}

/**
 * Whose records a list shows: a supplier always its own (whatever it asks for); an admin the supplier it chose, or
 * every supplier's (null).
 */
export function supplierScope(viewer: Operator, requested: string | null): string | null {
  if (viewer.role === "admin") return requested;
  // Anyone else sees their own supplier's records, or (neither admin nor on a team) nobody's.
  return teamPlace(viewer)?.supplierId ?? NOBODY;
}

/** A supplier id no record has: the scope of a viewer who may see no supplier's records. */
const NOBODY = "00000000-0000-0000-0000-000000000000";
