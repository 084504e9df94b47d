/**
 * The bookings a viewer may see (booking-access.ts's scope in SQL), filtered and paged for /bookings, and the
 * actions that change them — each one re-reading every row under the same scope and asking `mayAct`, so an id that
 * is not the viewer's is simply not found.
 */
import { notify } from "~/models/messages/notifications.server";
import { isOperator, supplierScope } from "~/models/access/operator-access";
import { allOf, anyOf } from "~/utils/sql.server";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookings, cars, locations, users } from "#db/schema";
import { type BookingStatus, type Currency, type Language, type RentalState } from "~/domain/enums";
import { isOverdue } from "./rental-lifecycle";
import type { Database, Executor } from "~/utils/db.server";
import { assertTransition, bookingReference } from "./booking";
import { cancelsAtOnce, mayAct, type BookingAction, type BookingFacts, type Viewer } from "./booking-access";
import { encodeCursor, type ListCursor, type StaffBookingSort, type StaffRentalFilter } from "./booking-filters";
import type { PgColumn } from "drizzle-orm/pg-core";
import { cancellationTerms, termsAt, type CancellationTerms } from "./cancellation-terms";
import { localizedName } from "~/domain/localized-name";
import { convertMinorUnits } from "~/domain/money";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { isUuid } from "~/domain/ids";
import { queueCancellationMail, queueNotificationEmails } from "./booking-mails.server";
import { capturedTotal, oweCancelledBookingPayments, refundAfterAnswer } from "~/models/payments/payments.server";
import { changeBookingStatus } from "./bookings.server";
import { setStatusLocked } from "./staff/booking-status.server";
import { cancelByStaff } from "./staff/cancellation.server";
import type { Actor } from "~/models/audit/audit.server";
import { containsPattern, rowsOf } from "~/utils/sql.server";

/** Spec §9: bookings page size 20, 10 on mobile. */
export const BOOKINGS_PAGE_SIZE = 20;
export const BOOKINGS_PAGE_SIZE_MOBILE = 10;
/** Most rows one bulk action may touch (a page's worth, twice over). */
export const BULK_LIMIT = 40;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export interface BookingFilters {
  statuses: BookingStatus[];
  /** 'YYYY-MM-DD': bookings whose rental touches [from, to]. */
  from?: string;
  to?: string;
  /** Free text over the car's name and the places' names. */
  q?: string;
  /** Only these bookings (a browser's own, for a visitor who is not signed in: decision 023). */
  ids?: readonly string[];
  /**
   * The operators' list (issue 50, point 2): the text also finds the driver by name, e-mail or phone, the car by its
   * plate and (for an admin) the supplier; and the rental's state and a place narrow it.
   */
  staff?: {
    rental?: StaffRentalFilter;
    placeId?: string;
    sort?: StaffBookingSort;
    now: Date;
    /** How many matches of the text are resolved first (TEXT_MATCHES_RESOLVED; a test lowers it to try the other way). */
    resolveUpTo?: number;
  };
}

/** Each order's column and direction; ties go by id the other way, so an index (column desc, id) serves both ways. */
const ORDERS = {
  pickupDesc: { column: bookings.startsAt, descending: true },
  pickupAsc: { column: bookings.startsAt, descending: false },
  returnAsc: { column: bookings.endsAt, descending: false },
  bookedDesc: { column: bookings.createdAt, descending: true },
} satisfies Record<StaffBookingSort, { column: PgColumn; descending: boolean }>;

function listOrder(sort: StaffBookingSort = "pickupDesc") {
  const { column, descending } = ORDERS[sort];
  return {
    column,
    by: descending ? [desc(column), asc(bookings.id)] : [asc(column), desc(bookings.id)],
    /** The rows after `cursor` in this order. */
    after: (cursor: ListCursor) =>
      descending
        ? or(lt(column, cursor.at), and(eq(column, cursor.at), gt(bookings.id, cursor.id)))
        : or(gt(column, cursor.at), and(eq(column, cursor.at), lt(bookings.id, cursor.id))),
  };
}

/**
 * The viewer's scope: own bookings (not removed from their list), their cars' bookings, or all. Unpaid holds never
 * show, nor holds released unpaid (kept for their payments record, decision 019): they never were bookings.
 */
export function viewerScope(viewer: Viewer): SQL {
  const listed = allOf(ne(bookings.status, "void"), isNull(bookings.releasedAt));
  if (viewer.role === "admin") return listed;
  if (viewer.role === "supplier") return allOf(listed, eq(bookings.supplierId, viewer.id));
  return allOf(listed, eq(bookings.driverId, viewer.id), isNull(bookings.driverDeletedAt));
}

/** The operators' list's scope: their cars' bookings (all for an admin), holds awaiting payment included. */
function staffScope(viewer: Viewer): SQL {
  const listed = isNull(bookings.releasedAt);
  const supplierId = supplierScope(viewer, null);
  return supplierId === null ? listed : allOf(listed, eq(bookings.supplierId, supplierId));
}

const pickup = alias(locations, "pickup");
const dropoff = alias(locations, "dropoff");
const supplier = alias(users, "supplier");

function filterConditions(filters: BookingFilters, textMatches?: string[] | null): SQL[] {
  const conditions: SQL[] = [];
  if (filters.statuses.length) conditions.push(inArray(bookings.status, filters.statuses));
  if (filters.ids) conditions.push(inArray(bookings.id, filters.ids.length ? [...filters.ids] : [NIL_UUID]));
  if (filters.from) conditions.push(gte(bookings.endsAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lte(bookings.startsAt, new Date(`${filters.to}T23:59:59Z`)));
  const staff = filters.staff;
  if (staff?.placeId)
    conditions.push(anyOf(eq(bookings.pickupLocationId, staff.placeId), eq(bookings.dropoffLocationId, staff.placeId)));
  if (staff?.rental === "out") conditions.push(eq(bookings.rentalState, "out"));
  if (staff?.rental === "overdue")
    conditions.push(allOf(eq(bookings.rentalState, "out"), lte(bookings.endsAt, staff.now)));
  if (staff?.rental === "dueToday") {
    // The day on the clocks of the place the car goes back to: from its midnight to the next.
    conditions.push(
      ne(bookings.rentalState, "returned"),
      ne(bookings.status, "cancelled"),
      sql`(${bookings.endsAt} at time zone ${dropoff.timeZone})::date = (${staff.now.toISOString()}::timestamptz at time zone ${dropoff.timeZone})::date`,
    );
  }
  // The staff's search resolved to its few bookings (staffTextMatches), or for a common text each row checked.
  if (filters.q && staff)
    conditions.push(
      textMatches ? inArray(bookings.id, textMatches.length ? textMatches : [NIL_UUID]) : staffTextCondition(filters.q),
    );
  else if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      anyOf(
        ilike(cars.name, pattern),
        ilike(pickup.nameEn, pattern),
        ilike(pickup.nameFr, pattern),
        ilike(pickup.nameEs, pattern),
        ilike(dropoff.nameEn, pattern),
        ilike(dropoff.nameFr, pattern),
        ilike(dropoff.nameEs, pattern),
        sql`upper(left(${bookings.id}::text, 8)) = upper(${filters.q})`,
      ),
    );
  }
  return conditions;
}

/** Past this many matches a search is not selective: its rows are compared in list order, which stops early. */
const TEXT_MATCHES_RESOLVED = 2_000;

/**
 * The operators' text search (issue 50, point 2), resolved first to the bookings it matches: those of the drivers whose
 * name, e-mail or phone (by its digits) matches, of the cars whose name or plate matches, at the places whose name
 * matches, of the suppliers whose name matches, and the reference. Each part is found from its own table and reaches
 * the bookings through an index (driver, car, pick-up, return, supplier, id), so a search that matches a few bookings
 * among a supplier's 166,000 reads those few. Null when it matches more than TEXT_MATCHES_RESOLVED (a common name):
 * the list then compares its rows in order, and finds a page of them at once.
 */
async function staffTextMatches(db: Executor, text: string, upTo = TEXT_MATCHES_RESOLVED): Promise<string[] | null> {
  const parts = staffTextParts(text);
  const found = await rowsOf<{ id: string }>(
    db,
    sql`select id from (
      select b.id from bookings b where b.driver_id in ${parts.drivers}
      union all select b.id from bookings b where b.car_id in ${parts.cars}
      union all select b.id from bookings b where b.pickup_location_id in ${parts.places}
      union all select b.id from bookings b where b.dropoff_location_id in ${parts.places}
      union all select b.id from bookings b where b.supplier_id in ${parts.suppliers}${
        parts.reference
          ? sql` union all select b.id from bookings b where b.id between ${parts.reference[0]}::uuid and ${parts.reference[1]}::uuid`
          : sql``
      }
    ) matched limit ${upTo + 1}`,
  );
  // "union all" streams, so a common name stops at the limit; a booking two parts match is counted once here.
  return found.length > upTo ? null : [...new Set(found.map((row) => row.id))];
}

/**
 * The same search as a condition on each booking row, for a common text (more than TEXT_MATCHES_RESOLVED): each part
 * a small set looked up per row, no join, so the list reads its rows in order and stops at a page.
 */
function staffTextCondition(text: string): SQL {
  const parts = staffTextParts(text);
  return sql`(${bookings.driverId} in ${parts.drivers} or ${bookings.carId} in ${parts.cars}
    or ${bookings.pickupLocationId} in ${parts.places} or ${bookings.dropoffLocationId} in ${parts.places}
    or ${bookings.supplierId} in ${parts.suppliers}${
      parts.reference
        ? sql` or ${bookings.id} between ${parts.reference[0]}::uuid and ${parts.reference[1]}::uuid`
        : sql``
    })`;
}

/** The rows a staff search's text names, each from its own table (see staffTextMatches). */
function staffTextParts(text: string) {
  const pattern = containsPattern(text);
  const digits = text.replace(/\D/g, "");
  const phone =
    digits.length >= 4
      ? sql` or regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : sql``;
  const prefix = text.toLowerCase();
  return {
    drivers: sql`(select u.id from users u where u.full_name ilike ${pattern} or u.email ilike ${pattern}${phone})`,
    cars: sql`(select c.id from cars c where c.name ilike ${pattern} or c.license_plate ilike ${pattern})`,
    places: sql`(select l.id from locations l
      where l.name_en ilike ${pattern} or l.name_fr ilike ${pattern} or l.name_es ilike ${pattern})`,
    suppliers: sql`(select u.id from users u where u.role = 'supplier' and u.full_name ilike ${pattern})`,
    // A reference is the first 8 hex digits of the id: the ids between …-0000… and …-ffff… under that prefix.
    reference: /^[0-9a-f]{8}$/.test(prefix)
      ? ([`${prefix}-0000-0000-0000-000000000000`, `${prefix}-ffff-ffff-ffff-ffffffffffff`] as const)
      : null,
  };
}

export interface BookingRow {
  id: string;
  reference: string;
  car: string;
  plate: string;
  supplier: string;
  driver: string;
  driverEmail: string;
  driverPhone: string | null;
  /** Where the car is (decision 040), and whether it is out past its drop-off. */
  rental: RentalState;
  overdue: boolean;
  pickup: string;
  /** The drop-off place when the car goes back elsewhere (a one-way rental); null when it returns to the pick-up. */
  dropoff: string | null;
  /** Wall-clock times at the pick-up place. */
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  cancelRequest: boolean;
  /** In the currency the driver booked in. */
  total: number;
  currency: Currency;
  canAmend: boolean;
  canCancel: boolean;
  canDelete: boolean;
  /**
   * What cancelling it costs (decision 021), the deadline on the pick-up place's clock: for every booking still to
   * come, cancellable or not, so each non-refundable one says so alike (issue 53).
   */
  cancellation: { kind: CancellationTerms["kind"]; deadline: string | null } | null;
}

/** Whether the viewer may cancel a listed booking, and what cancelling a booking still to come costs. */
function cancelling(viewer: Viewer, booking: Parameters<typeof mayAct>[1], timeZone: string, now: Date) {
  const canCancel = mayAct(viewer, booking, "cancelRequest", now);
  const toCome = !["cancelled", "void"].includes(booking.status) && booking.startsAt.getTime() > now.getTime();
  return {
    canCancel,
    cancellation: canCancel || toCome ? termsAt(cancellationTerms(booking, now), timeZone) : null,
  };
}

/** Counted up to this many; beyond, the list says "more than 10,000" (an exact count of a million costs seconds). */
export const BOOKINGS_COUNT_CAP = 10_000;

export async function listBookings(
  db: Executor,
  viewer: Viewer,
  filters: BookingFilters,
  page: number,
  pageSize: number,
  language: Language,
  now = new Date(),
  after?: ListCursor,
) {
  // Operators also see a booking they took that waits for its payment link (an unpaid hold, never a released one).
  const scope = filters.staff && isOperator(viewer) ? staffScope(viewer) : viewerScope(viewer);
  const textMatches =
    filters.staff && filters.q ? await staffTextMatches(db, filters.q, filters.staff.resolveUpTo) : null;
  const where = and(scope, ...filterConditions(filters, textMatches));
  // The rows of the viewer's scope in list order: with no text to search, from the bookings alone (an index of the
  // scope's column, starts_at desc, id serves the order, so a page reads its rows and no more); the text search
  // needs the car's and places' names.
  const order = listOrder(filters.staff?.sort);
  const matching = (beyond?: SQL) => {
    const from = db.select({ id: bookings.id, at: order.column }).from(bookings);
    // The drivers' text search compares the names joined; the staff's needs no join.
    return (filters.q && !filters.staff) || filters.staff?.rental === "dueToday"
      ? from
          .innerJoin(cars, eq(cars.id, bookings.carId))
          .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
          .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
          .innerJoin(users, eq(users.id, bookings.driverId))
          .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
          .where(and(where, beyond))
      : from.where(and(where, beyond));
  };
  const counted = matching()
    .limit(BOOKINGS_COUNT_CAP + 1)
    .as("counted");
  const [{ value: counting } = { value: 0 }] = await db.select({ value: count() }).from(counted);
  const more = counting > BOOKINGS_COUNT_CAP;
  const total = Math.min(counting, BOOKINGS_COUNT_CAP);
  // A page by its number (up to the cap), or past the cap the rows after a cursor: (starts_at, id) beyond the last
  // shown, in list order, which the same index serves whatever the depth. One row more says whether a next exists.
  const beyond = after ? order.after(after) : undefined;
  const shown = matching(beyond)
    .orderBy(...order.by)
    .limit(pageSize + 1)
    .offset(after ? 0 : (page - 1) * pageSize)
    .as("shown");
  // Only the page's rows are joined to their car, people and places.
  const rows = await db
    .select({
      booking: {
        id: bookings.id,
        driverId: bookings.driverId,
        supplierId: bookings.supplierId,
        pickupLocationId: bookings.pickupLocationId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        status: bookings.status,
        paymentMode: bookings.paymentMode,
        cancellation: bookings.cancellation,
        amendments: bookings.amendments,
        cancelRequest: bookings.cancelRequest,
        driverDeletedAt: bookings.driverDeletedAt,
        totalPrice: bookings.totalPrice,
        displayRate: bookings.displayRate,
        displayCurrency: bookings.displayCurrency,
        rentalState: bookings.rentalState,
      },
      sortedBy: shown.at,
      car: cars.name,
      plate: cars.licensePlate,
      driverEmail: users.email,
      driverPhone: users.phone,
      supplier: supplier.fullName,
      driver: users.fullName,
      pickup: { nameEn: pickup.nameEn, nameFr: pickup.nameFr, nameEs: pickup.nameEs, timeZone: pickup.timeZone },
      dropoff: { id: dropoff.id, nameEn: dropoff.nameEn, nameFr: dropoff.nameFr, nameEs: dropoff.nameEs },
    })
    .from(shown)
    .innerJoin(bookings, eq(bookings.id, shown.id))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(supplier, eq(supplier.id, bookings.supplierId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .orderBy(...order.by);
  const hasNext = rows.length > pageSize;
  if (hasNext) rows.length = pageSize;
  const last = rows.at(-1);
  return {
    total,
    /** Where the next page starts (`?after=`), when there is one: past the cap, the list goes on from here. */
    next: hasNext && last ? encodeCursor({ at: last.sortedBy, id: last.booking.id }) : null,
    /** More bookings than BOOKINGS_COUNT_CAP: `total` is the cap, and the pages link up to it. */
    more,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    rows: rows.map((row): BookingRow => ({
      id: row.booking.id,
      reference: bookingReference(row.booking.id),
      car: row.car,
      plate: row.plate,
      supplier: row.supplier,
      driver: row.driver,
      driverEmail: row.driverEmail,
      driverPhone: row.driverPhone,
      rental: row.booking.rentalState,
      overdue: isOverdue(row.booking.rentalState, row.booking.endsAt, now),
      pickup: localizedName(row.pickup, language),
      dropoff: row.dropoff.id === row.booking.pickupLocationId ? null : localizedName(row.dropoff, language),
      startsAt: instantToLocalDateTime(row.booking.startsAt, row.pickup.timeZone),
      endsAt: instantToLocalDateTime(row.booking.endsAt, row.pickup.timeZone),
      status: row.booking.status,
      cancelRequest: row.booking.cancelRequest,
      total: convertMinorUnits(row.booking.totalPrice, row.booking.displayRate),
      currency: row.booking.displayCurrency,
      // Offered only where the server would allow them (it checks again when they are used).
      canAmend: mayAct(viewer, row.booking, "amend", now),
      ...cancelling(viewer, row.booking, row.pickup.timeZone, now),
      canDelete: mayAct(viewer, row.booking, "delete", now),
    })),
  };
}

/** The rows among `ids` the viewer may do `action` on (any other id is as if it did not exist). */
export async function actionableBookings(
  db: Executor,
  viewer: Viewer,
  ids: string[],
  action: BookingAction,
  now: Date,
  status?: BookingStatus,
  lock = false,
) {
  const wanted = [...new Set(ids)].filter(isUuid).slice(0, BULK_LIMIT);
  if (!wanted.length) return [];
  const query = db
    .select({
      id: bookings.id,
      driverId: bookings.driverId,
      supplierId: bookings.supplierId,
      status: bookings.status,
      paymentMode: bookings.paymentMode,
      cancellation: bookings.cancellation,
      amendments: bookings.amendments,
      cancelRequest: bookings.cancelRequest,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      driverDeletedAt: bookings.driverDeletedAt,
      chargedAmount: bookings.chargedAmount,
      deposit: bookings.deposit,
      displayRate: bookings.displayRate,
      rentalState: bookings.rentalState,
      car: cars.name,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(and(inArray(bookings.id, wanted), viewerScope(viewer)));
  // Changing them, the rows are locked as read: what is decided from them (a free cancellation's deadline, a
  // status) still holds when they are written.
  const rows = lock ? await query.for("update", { of: bookings }) : await query;
  return rows.filter((row) => mayAct(viewer, row, action, now, status));
}

/**
 * Whether the driver's cancellation of this booking takes effect at once (`cancelsAtOnce`). A booking charged online
 * whose payment is not on record (paid before the payments record, decision 019) cannot be refunded from here: its
 * cancellation stays a request, for staff to refund by hand.
 */
export async function cancelsAtOnceHere(
  db: Executor,
  row: BookingFacts & { id: string; chargedAmount: number | null },
  now: Date,
) {
  if (!cancelsAtOnce(row, now)) return false;
  return !row.chargedAmount || (await capturedTotal(db, row.id)) > 0;
}

/** The actions the bookings list applies to its selection (viewing and amending have pages of their own). */
export type ListAction = Exclude<BookingAction, "view" | "amend">;

/**
 * How many of the chosen bookings changed (of which `cancelled` were cancelled at once, the other cancellations
 * being requests), how many the viewer may not change, and how many lost their car to another booking meanwhile.
 */
export type BulkOutcome = { done: number; cancelled: number; refused: number; carTaken: number };

/**
 * Applies an action to the bookings among `ids` the viewer may act on; the others are left untouched and counted
 * as refused. A driver's cancellation takes effect at once within its free window (then its payments are refunded
 * once committed) and is a request otherwise. Cancellations and status changes notify the other side (supplier or
 * driver), and their e-mail copies are queued in the same transaction (decision 020).
 */
export async function applyBookingAction(
  db: Database,
  viewer: Viewer,
  ids: string[],
  action: ListAction,
  now: Date,
  origin: string,
  status?: BookingStatus,
): Promise<BulkOutcome> {
  const requested = [...new Set(ids)].length;
  const { outcome, refundIds } = await db.transaction(async (tx) => {
    const rows = await actionableBookings(tx, viewer, ids, action, now, status, true);
    const notificationIds: string[] = [];
    const notifyAndMail = async (values: Parameters<typeof notify>[1]) => {
      notificationIds.push(await notify(tx, values));
    };
    const refundIds: string[] = [];
    let done = 0;
    let cancelled = 0;
    let carTaken = 0;
    for (const row of rows) {
      const reference = bookingReference(row.id);
      // A switch the compiler checks: a new action that is not handled here fails to type-check.
      switch (action) {
        case "cancelRequest":
          if (await cancelsAtOnceHere(tx, row, now)) {
            // Within the free window: cancelled now, the car freed, anything paid online owed back (decision 021).
            assertTransition(row.status, "cancelled");
            if ((await changeBookingStatus(tx, row, "cancelled", now)) !== "changed") break;
            const refunds = await oweCancelledBookingPayments(tx, row.id, now);
            refundIds.push(...refunds.map((refund) => refund.id));
            await notifyAndMail({
              userId: row.supplierId,
              bookingId: row.id,
              messageKey: "notifications.cancelledByDriver",
              messageParams: { reference, car: row.car },
            });
            // The driver's own record, in their words ("You cancelled…", as the mail says); their mail is the
            // cancellation's confirmation, sent whatever their settings.
            await notify(tx, {
              userId: row.driverId,
              bookingId: row.id,
              messageKey: "notifications.youCancelled",
              messageParams: { reference, car: row.car },
            });
            await queueCancellationMail(tx, row.id, refunds, origin);
            cancelled += 1;
            done += 1;
            break;
          }
          await tx
            .update(bookings)
            .set({ cancelRequest: true, updatedAt: now })
            .where(and(eq(bookings.id, row.id), eq(bookings.cancelRequest, false)));
          await notifyAndMail({
            userId: row.supplierId,
            bookingId: row.id,
            messageKey: "notifications.cancellationRequested",
            messageParams: { reference, car: row.car },
          });
          done += 1;
          break;
        case "delete":
          await tx.update(bookings).set({ driverDeletedAt: now, updatedAt: now }).where(eq(bookings.id, row.id));
          done += 1;
          break;
        case "setStatus": {
          // The form's schema requires a status with this action: none is a caller's mistake.
          if (!status) throw new Error("setStatus without a status");
          const actor = await staffActor(tx, viewer);
          if (status === "cancelled") {
            // Staff cancelling (decision 029): at the driver's request when they asked for it, else the supplier's
            // doing; the refund, the links, the audit, one notification and one mail are the staff cancellation's.
            const cancellation = await cancelByStaff(tx, actor, row, row.cancelRequest, now, origin);
            if (cancellation.outcome !== "cancelled") break;
            refundIds.push(...cancellation.refundIds);
            done += 1;
            break;
          }
          // The same pipeline as the booking's page (its verdict includes the rental's state).
          const { outcome, notificationId } = await setStatusLocked(tx, actor, row, status, now);
          if (outcome === "carTaken") carTaken += 1;
          if (notificationId) notificationIds.push(notificationId);
          if (outcome === "changed") done += 1;
          break;
        }
        default:
          throw new Error(`no handler for the booking action ${String(action satisfies never)}`);
      }
    }
    await queueNotificationEmails(tx, notificationIds, origin);
    return { outcome: { done, cancelled, refused: requested - rows.length, carTaken }, refundIds };
  });
  // Once the cancellations are committed, and after the answer: a refund that fails stays owed for the retry job.
  if (refundIds.length) void refundAfterAnswer(db, refundIds, origin);
  return outcome;
}

/** Who changes bookings from the list, as the audit trail names them. */
async function staffActor(db: Executor, viewer: Viewer): Promise<Actor> {
  const [user] = await db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.id));
  return { id: viewer.id, role: viewer.role, fullName: user?.fullName || user?.email || viewer.id };
}

/** The names of the bookings a confirmation page lists ("these will be cancelled / removed"). */
export async function describeBookings(
  db: Executor,
  viewer: Viewer,
  ids: string[],
  action: Exclude<BookingAction, "view">,
  now: Date,
  status?: BookingStatus,
) {
  const rows = await actionableBookings(db, viewer, ids, action, now, status);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      reference: bookingReference(row.id),
      car: row.car,
      // Which of the cancellations take effect at once, free of charge, and which are requests.
      cancelsAtOnce: action === "cancelRequest" && (await cancelsAtOnceHere(db, row, now)),
    })),
  );
}
