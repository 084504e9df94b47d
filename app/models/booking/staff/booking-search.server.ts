/**
 * Every booking in an operator's scope, one search away (issue 50, point 2): the bookings list's own query (its
 * scope, statuses, dates, keyset pages past the counted ones) with the operators' filters added: the text finds a
 * reference, the driver's name, e-mail or phone, the plate and (for an admin) the supplier; the rental's state (out,
 * overdue, due back today) and a place narrow it. Also read as a CSV of the filtered list.
 */
import { isOneOf, type Language } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import type { Viewer } from "~/models/booking/booking-access";
import {
  decodeCursor,
  parseBookingQuery,
  STAFF_BOOKING_SORTS,
  STAFF_RENTAL_FILTERS,
  type BookingQuery,
  type StaffBookingSort,
  type StaffRentalFilter,
} from "~/models/booking/booking-filters";
import { BOOKINGS_COUNT_CAP, listBookings, type BookingRow } from "~/models/booking/booking-list.server";
import { csvLine, spreadsheetSafe } from "~/utils/csv";
import type { Executor } from "~/utils/db.server";

export const STAFF_BOOKINGS_PAGE_SIZE = 30;

export interface StaffBookingQuery extends BookingQuery {
  rental?: StaffRentalFilter;
  place?: string;
  /** Left out for the default order (latest pick-up first). */
  sort?: StaffBookingSort;
}

/** The list's GET query, read leniently like the drivers' list (a bad value is dropped, never an error). */
export function parseStaffBookingQuery(search: URLSearchParams): StaffBookingQuery {
  const rental = search.get("rental") ?? "";
  const place = search.get("place") ?? "";
  const sort = search.get("sort") ?? "";
  return {
    ...parseBookingQuery(search),
    rental: isOneOf(STAFF_RENTAL_FILTERS, rental) ? rental : undefined,
    place: isUuid(place) ? place : undefined,
    sort: isOneOf(STAFF_BOOKING_SORTS, sort) && sort !== "pickupDesc" ? sort : undefined,
  };
}

export async function searchStaffBookings(
  db: Executor,
  viewer: Viewer,
  query: StaffBookingQuery,
  language: Language,
  now: Date,
  pageSize = STAFF_BOOKINGS_PAGE_SIZE,
) {
  return listBookings(
    db,
    viewer,
    { ...query, staff: { rental: query.rental, placeId: query.place, sort: query.sort, now } },
    query.page,
    pageSize,
    language,
    now,
    decodeCursor(query.after),
  );
}

const CSV_COLUMNS = [
  "reference",
  "status",
  "rental",
  "driver",
  "email",
  "phone",
  "car",
  "plate",
  "supplier",
  "pickup",
  "dropoff",
  "from",
  "to",
  "total",
  "currency",
] as const;

/** The filtered list as CSV, every row (up to the list's count cap), cells a spreadsheet would run neutralised. */
export async function staffBookingsCsv(
  db: Executor,
  viewer: Viewer,
  query: StaffBookingQuery,
  language: Language,
  now: Date,
): Promise<string> {
  const lines = [csvLine([...CSV_COLUMNS])];
  let after: string | undefined;
  for (let read = 0; read < BOOKINGS_COUNT_CAP;) {
    const page = await searchStaffBookings(db, viewer, { ...query, page: 1, after }, language, now, 500);
    for (const row of page.rows) lines.push(csvLine(csvCells(row)));
    read += page.rows.length;
    if (!page.next) break;
    after = page.next;
  }
  return `${lines.join("\r\n")}\r\n`;
}

function csvCells(row: BookingRow): string[] {
  const text = [
    row.reference,
    row.status,
    row.overdue ? "overdue" : row.rental,
    row.driver,
    row.driverEmail,
    row.driverPhone ?? "",
    row.car,
    row.plate,
    row.supplier,
    row.pickup,
    row.dropoff ?? row.pickup,
    row.startsAt,
    row.endsAt,
    (row.total / 100).toFixed(2),
    row.currency,
  ];
  return text.map(spreadsheetSafe);
}
