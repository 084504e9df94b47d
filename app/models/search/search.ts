/**
 * The search URL (spec §2 /search, a GET form): what it may carry, how it is read leniently (an unknown value
 * is dropped, never an error) and how links that keep the current search are written.
 */
import type { SearchParams } from "./search-params";

/** Spec §9. */
export const CARS_PAGE_SIZE = 15;
/** Spec §9 page offset: after a page link, a list starting further down than this (px) is scrolled to, not the top. */
export const PAGE_OFFSET_PX = 200;
/** Spec §9 infinite-scroll offset: the next page loads once the end of the list is this close (px) to the window's. */
export const INFINITE_SCROLL_OFFSET_PX = 40;
export const DEPOSIT_THRESHOLDS = [250, 500, 750] as const;
export const RATING_THRESHOLDS = [1, 2, 3, 4] as const;
/**
 * Child seats a family needs (decision 033): only suppliers lending child seats, in cars with a passengers' seat for
 * each, and each total includes them, priced as the checkout prices them.
 */
export const CHILD_SEAT_COUNTS = [1, 2, 3] as const;
export const SEAT_OPTIONS = ["2", "4", "5", "5plus"] as const;
export const CAR_SPECS = ["aircon", "fourDoors", "fiveSeats"] as const;
export const MILEAGE_KINDS = ["limited", "unlimited"] as const;
/** price-covered: the total with the car's cheapest zero-excess cover, lowest first (decision 030). */
/** reviews: the supplier's average at the place from drivers' published reviews, best first (decision 034). */
export const SORT_ORDERS = ["price-asc", "price-desc", "price-covered", "rating", "reviews"] as const;
/**
 * The booking terms a driver can filter by (decision 021): cancelling for free, paying at the counter, and a cover
 * that leaves no excess (decision 030).
 */
export const BOOKING_TERMS = ["freeCancellation", "payAtPickUp", "zeroExcess"] as const;

export type SeatOption = (typeof SEAT_OPTIONS)[number];
export type CarSpec = (typeof CAR_SPECS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];
export type BookingTerm = (typeof BOOKING_TERMS)[number];

/** Every key a search URL may carry, in the order links write them. */
export const SEARCH_KEYS = [
  "pickup",
  "dropoff",
  "same",
  "from",
  "to",
  "terms",
  "range",
  "rating",
  "seats",
  "specs",
  "multimedia",
  "deposit",
  "fuelPolicy",
  "supplier",
  "gearbox",
  "mileage",
  "fuelType",
  "desk",
  "childSeats",
  "sort",
  "page",
] as const;
/** Keys that may repeat (checkbox groups). */
export const ARRAY_KEYS = [
  "terms",
  "range",
  "seats",
  "specs",
  "multimedia",
  "fuelPolicy",
  "supplier",
  "gearbox",
  "mileage",
  "fuelType",
  "desk",
] as const;

export type { SearchParams, SearchFilters } from "./search-params";

/** Whether the drop-off is the pick-up place: the box is ticked, or no other place was named. */
export function returnsToSameLocation(params: Pick<SearchParams, "same" | "dropoff" | "pickup">): boolean {
  return params.same !== undefined || !params.dropoff || params.dropoff === params.pickup;
}

/** How many filter choices the search carries (each ticked box, a minimum rating, a deposit ceiling). */
export function activeFilterCount(params: SearchParams): number {
  return (
    ARRAY_KEYS.reduce((count, key) => count + params[key].length, 0) +
    (params.rating !== undefined ? 1 : 0) +
    (params.childSeats !== undefined ? 1 : 0) +
    (params.deposit !== undefined ? 1 : 0)
  );
}

export function hasActiveFilters(params: SearchParams): boolean {
  return activeFilterCount(params) > 0;
}

/** The query string of a search, with `changes` applied (undefined removes a key). */
export function searchQuery(params: SearchParams, changes: Partial<Record<keyof SearchParams, unknown>> = {}): string {
  const merged = { ...params, ...changes } as Record<string, unknown>;
  const query = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = merged[key];
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else if (key === "sort" && value === "price-asc") continue;
    else if (key === "page" && value === 1) continue;
    else query.set(key, String(value));
  }
  return query.toString();
}

/** The same search without any filter (keeps place, dates and sort). */
export function clearedFilters(params: SearchParams): string {
  const cleared: Partial<Record<keyof SearchParams, unknown>> = {
    rating: undefined,
    deposit: undefined,
    childSeats: undefined,
    page: 1,
  };
  for (const key of ARRAY_KEYS) cleared[key] = [];
  return searchQuery(params, cleared);
}

/** Spec §9: truncate with an ellipsis only when the limit is 6 characters or more; shorter limits cut plainly. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return limit >= 6 ? `${text.slice(0, limit - 1).trimEnd()}…` : text.slice(0, Math.max(0, limit));
}
