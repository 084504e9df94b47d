/** The /bookings filters as a GET query (shareable, works without JavaScript), read leniently: bad values are dropped. */
import { listPage } from "~/domain/list-page";
import { isOneOf, type BookingStatus } from "~/domain/enums";
import { isCalendarDay } from "~/domain/rental-period";

export const LISTED_STATUSES = [
  "pending",
  "deposit",
  "paid",
  "reserved",
  "cancelled",
] as const satisfies readonly BookingStatus[];

/** Where the car is, as the operators filter their list (decision 040): out, out past its drop-off, or due back today. */
export const STAFF_RENTAL_FILTERS = ["out", "overdue", "dueToday"] as const;
export type StaffRentalFilter = (typeof STAFF_RENTAL_FILTERS)[number];

/**
 * The operators' list's orders (issue 50, point 2): latest pick-up first (the default, as drivers see theirs), soonest
 * pick-up, soonest return, latest booked. Each is one column and the id, so a keyset cursor carries it.
 */
export const STAFF_BOOKING_SORTS = ["pickupDesc", "pickupAsc", "returnAsc", "bookedDesc"] as const;
export type StaffBookingSort = (typeof STAFF_BOOKING_SORTS)[number];

/** The statuses the operators' list sets in bulk; a cancellation states its refund booking by booking, on its page. */
export const BULK_SETTABLE_STATUSES = [
  "pending",
  "deposit",
  "paid",
  "reserved",
] as const satisfies readonly BookingStatus[];

export interface BookingQuery {
  statuses: BookingStatus[];
  from?: string;
  to?: string;
  q?: string;
  page: number;
  /** Past the counted pages (decision 011): the bookings after this one in list order (a keyset cursor). */
  after?: string;
}

/** Where a page of the list ends: its last booking's sort value (its start, unless sorted otherwise) and id. */
export interface ListCursor {
  at: Date;
  id: string;
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const encodeCursor = (cursor: ListCursor) => `${cursor.at.toISOString()}_${cursor.id}`;

/** A cursor from the query, or undefined when it is not one (read leniently, like every filter). */
export function decodeCursor(value: string | undefined): ListCursor | undefined {
  const match = CURSOR.exec(value ?? "");
  const at = match ? new Date(match[1]!) : null;
  return match && at && !Number.isNaN(at.getTime()) ? { at, id: match[2]! } : undefined;
}

const date = (value: string | null) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  return match && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) ? match[0] : undefined;
};

export function parseBookingQuery(query: URLSearchParams): BookingQuery {
  const statuses = [
    ...new Set(query.getAll("status").filter((status): status is BookingStatus => isOneOf(LISTED_STATUSES, status))),
  ];
  return {
    statuses,
    from: date(query.get("from")),
    to: date(query.get("to")),
    q: query.get("q")?.trim().slice(0, 80) || undefined,
    page: listPage(query),
    after: decodeCursor(query.get("after") ?? undefined) ? query.get("after")! : undefined,
  };
}

/** The query string of the list with `changes` applied (page 1 and empty values dropped). */
export function bookingQueryString(query: BookingQuery, changes: Partial<BookingQuery> = {}): string {
  const merged = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const status of merged.statuses) params.append("status", status);
  if (merged.from) params.set("from", merged.from);
  if (merged.to) params.set("to", merged.to);
  if (merged.q) params.set("q", merged.q);
  if (merged.after) params.set("after", merged.after);
  else if (merged.page > 1) params.set("page", String(merged.page));
  return params.toString();
}

export const hasBookingFilters = (query: BookingQuery) =>
  query.statuses.length > 0 || Boolean(query.from || query.to || query.q);
