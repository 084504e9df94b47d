/**
 * The operators' menu, from the permission table: an entry shows when the operator's role may take its page's action
 * at all, so a menu never offers a page that would answer 403 (and a new role gets its menu without a template edit).
 */
import type { KeysUnder } from "~/utils/translation-keys";
import { mayTake, teamPlace, type Operator, type OperatorAction } from "./operator-access";

export interface MenuEntry {
  to: string;
  label: `nav.${KeysUnder<"manage", "nav">}` | "reviews.nav";
  /** Active on this exact path only (a list whose children have entries of their own). */
  end: boolean;
}

interface Entry extends Omit<MenuEntry, "to"> {
  to: string | ((operator: Operator) => string);
  action: OperatorAction;
  /** A supplier's own page: an admin reaches every supplier's through the suppliers' list instead. */
  ownSupplierOnly?: true;
}

const ENTRIES: readonly Entry[] = [
  { to: "/manage", label: "nav.overview", end: true, action: "viewReports" },
  { to: "/manage/reports", label: "nav.reports", end: false, action: "viewReports" },
  { to: "/manage/cars", label: "nav.fleet", end: true, action: "viewFleet" },
  { to: "/manage/cars/new", label: "nav.newCar", end: false, action: "editFleet" },
  { to: "/manage/cars/import", label: "nav.import", end: false, action: "editFleet" },
  { to: "/manage/desk", label: "nav.desk", end: false, action: "runDesk" },
  { to: "/manage/bookings", label: "nav.bookings", end: true, action: "handleBookings" },
  { to: "/manage/bookings/new", label: "nav.newBooking", end: false, action: "handleBookings" },
  { to: "/manage/calendar", label: "nav.calendar", end: false, action: "viewFleet" },
  {
    to: (operator) => `/manage/suppliers/${teamPlace(operator)?.supplierId ?? operator.id}`,
    label: "nav.settings",
    end: false,
    action: "editSupplier",
    ownSupplierOnly: true,
  },
  { to: "/manage/team", label: "nav.team", end: false, action: "manageTeam", ownSupplierOnly: true },
  // An admin keeps every desk from the places' pages.
  { to: "/manage/desks", label: "nav.desks", end: false, action: "editOwnDesks", ownSupplierOnly: true },
  { to: "/manage/suppliers", label: "nav.suppliers", end: false, action: "createSupplier" },
  { to: "/manage/places", label: "nav.places", end: false, action: "editPlaces" },
  { to: "/manage/countries", label: "nav.countries", end: false, action: "editPlaces" },
  { to: "/manage/users", label: "nav.people", end: false, action: "manageDrivers" },
  { to: "/manage/reviews", label: "reviews.nav", end: false, action: "moderateReviews" },
  { to: "/manage/platform", label: "nav.platform", end: false, action: "editPlatform" },
];

export function operatorMenu(operator: Operator): MenuEntry[] {
  return ENTRIES.filter(
    ({ action, ownSupplierOnly }) => mayTake(operator, action) && (!ownSupplierOnly || teamPlace(operator) !== null),
  ).map(({ to, label, end }) => ({ to: typeof to === "string" ? to : to(operator), label, end }));
}
