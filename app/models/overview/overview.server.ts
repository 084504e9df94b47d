/**
 * The business at a glance (issue 52, point 1; decision 045): what a fleet manager asks every morning, for the
 * operator's scope (a supplier's bookings, or every supplier's for an admin), optionally one pick-up place. Each part
 * is one aggregate query; days are read on each pick-up place's own clock where a day is a desk's day (today's
 * pick-ups), and as UTC calendar days for the fleet's
 * utilisation. The period (the reports' from–to) sets what the charts and figures cover (`overview-windows.ts`).
 */
import { and, count, eq, gte, isNull, lt, ne, sql } from "drizzle-orm";
import { bookingScope, carScope, type FiguresScope } from "./figures-scope.server";
import { MADE_BY_MODE, readDayFigures } from "./day-figures.server";
import { bookings, cars, reviewMarkTotals } from "#db/schema";
import { PAYMENT_MODES, type PaymentMode } from "~/domain/enums";
import { allOf } from "~/utils/sql.server";
import type { Executor } from "~/utils/db.server";
import { bookingReference } from "~/models/booking/booking";
import { deskCounts } from "./desk-counts.server";
import { idleCars } from "./idle-cars.server";
import { topEarners } from "./top-earners.server";
import { overviewWindows, type OverviewWindows } from "./overview-windows";
import type { ReportPeriod } from "./report-period";

export type OverviewScope = FiguresScope;

const DAY_MS = 86_400_000;

export interface OverdueRental {
  bookingId: string;
  reference: string;
  car: string;
  dueAt: Date;
}

/** Cars out with a driver past their drop-off time, longest overdue first (the partial index of cars out serves it). */
async function overdueRentals(db: Executor, scope: OverviewScope, now: Date): Promise<OverdueRental[]> {
  const rows = await db
    .select({ bookingId: bookings.id, car: cars.name, dueAt: bookings.endsAt })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(allOf(bookingScope(scope), eq(bookings.rentalState, "out"), lt(bookings.endsAt, now)))
    .orderBy(bookings.endsAt)
    .limit(10);
  return rows.map((row) => ({ ...row, reference: bookingReference(row.bookingId) }));
}

export interface UtilisationDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  booked: number;
  blocked: number;
}

/** Cars booked and cars off the road per UTC day of the window (kept per day, decision 050). */
async function utilisation(db: Executor, scope: OverviewScope, window: OverviewWindows["utilisation"]) {
  const days = await readDayFigures(db, scope, window, "day");
  return days.map(({ key, booked, blocked }): UtilisationDay => ({ day: key, booked, blocked }));
}

/** The cars offered now: available and not retired, in the scope. */
async function carsOffered(db: Executor, scope: OverviewScope): Promise<number> {
  const [row] = await db
    .select({ offered: count() })
    .from(cars)
    .where(allOf(carScope(scope), eq(cars.available, true), isNull(cars.retiredAt)));
  return row?.offered ?? 0;
}

export interface WeekOfBookings {
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: string;
  bookings: Record<PaymentMode, number>;
  /** Booked amounts (cents, USD), by payment mode. */
  revenue: Record<PaymentMode, number>;
}

/** Bookings made per week (by when they were made) over the window's weeks, by payment mode; cancelled ones left out. */
async function weeklyBookings(
  db: Executor,
  scope: OverviewScope,
  { firstMonday: from, count: weeks, madeFrom, madeTo }: OverviewWindows["weeks"],
): Promise<WeekOfBookings[]> {
  const days = await readDayFigures(db, scope, { from: madeFrom, to: madeTo }, "day");
  const empty = () => Object.fromEntries(PAYMENT_MODES.map((mode) => [mode, 0])) as Record<PaymentMode, number>;
  const byWeek = new Map<string, WeekOfBookings>();
  for (let index = 0; index < weeks; index++) {
    const week = new Date(from.getTime() + index * 7 * DAY_MS).toISOString().slice(0, 10);
    byWeek.set(week, { week, bookings: empty(), revenue: empty() });
  }
  for (const day of days) {
    const week = byWeek.get(mondayOf(day.key));
    if (!week) continue;
    for (const mode of PAYMENT_MODES) {
      week.bookings[mode] += day[MADE_BY_MODE[mode].made];
      week.revenue[mode] += day[MADE_BY_MODE[mode].revenue];
    }
  }
  return [...byWeek.values()];
}

/** The Monday (YYYY-MM-DD) of a UTC day's week. */
const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

export interface Attrition {
  /** Bookings whose pick-up fell in the last 30 days. */
  due: number;
  cancelled: number;
  /** Kept, the pick-up a day past, and the car never handed over. */
  noShows: number;
}

async function attrition(
  db: Executor,
  scope: OverviewScope,
  { from, to, noShowBefore }: OverviewWindows["attrition"],
): Promise<Attrition> {
  const [row] = await db
    .select({
      due: count(),
      cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')`,
      noShows: sql<number>`count(*) filter (where ${bookings.status} <> 'cancelled' and ${bookings.rentalState} = 'notOut' and ${bookings.startsAt} < ${noShowBefore})`,
    })
    .from(bookings)
    .where(
      allOf(bookingScope(scope), ne(bookings.status, "void"), gte(bookings.startsAt, from), lt(bookings.startsAt, to)),
    );
  return { due: row?.due ?? 0, cancelled: Number(row?.cancelled ?? 0), noShows: Number(row?.noShows ?? 0) };
}

export interface CarFigure {
  carId: string;
  name: string;
  plate: string;
  /** Cents (USD) booked over the last 90 days, for the top earners. */
  revenue: number;
  /** The end of its last rental, or null when never rented, for the idle ones. */
  lastRentalEnd: Date | null;
}

/** The five cars that earned most over the window, and the five offered cars idle longest as of its end. */
async function carFigures(
  db: Executor,
  scope: OverviewScope,
  { earners, idleAsOf }: Pick<OverviewWindows, "earners" | "idleAsOf">,
) {
  const top = await topEarners(db, scope, earners);
  const idle = await idleCars(db, scope, idleAsOf);
  return {
    topEarners: top.map((car) => ({ ...car, lastRentalEnd: null })),
    idleLongest: idle.map((car) => ({ ...car, revenue: 0 })),
  };
}

/**
 * The published reviews' average of the four marks (out of 10), and how many: from the kept totals per supplier and
 * place (`reviewMarkTotals`, always current: kept in the reviews' own transactions), a row per place.
 */
async function reviewMark(db: Executor, scope: OverviewScope) {
  const [row] = await db
    .select({
      mark: sql<string | null>`sum(${reviewMarkTotals.marks}) / (4.0 * nullif(sum(${reviewMarkTotals.reviews}), 0))`,
      reviews: sql<number>`coalesce(sum(${reviewMarkTotals.reviews}), 0)::int`,
    })
    .from(reviewMarkTotals)
    .where(
      and(
        scope.supplierId ? eq(reviewMarkTotals.supplierId, scope.supplierId) : undefined,
        scope.placeId ? eq(reviewMarkTotals.locationId, scope.placeId) : undefined,
      ),
    );
  return { mark: row?.mark === null || row?.mark === undefined ? null : Number(row.mark), reviews: row?.reviews ?? 0 };
}

export type BusinessOverview = Awaited<ReturnType<typeof businessOverview>>;

/**
 * Every part of the overview, read side by side: today's desk and what is overdue always as of now, the rest over
 * the period asked (or around today without one; `overviewWindows`).
 */
export async function businessOverview(
  db: Executor,
  scope: OverviewScope,
  now: Date,
  period: ReportPeriod | null = null,
) {
  const windows = overviewWindows(now, period);
  const [desk, overdue, days, offered, weeks, lost, figures, rating] = await Promise.all([
    deskCounts(db, scope, now),
    overdueRentals(db, scope, now),
    utilisation(db, scope, windows.utilisation),
    carsOffered(db, scope),
    weeklyBookings(db, scope, windows.weeks),
    attrition(db, scope, windows.attrition),
    carFigures(db, scope, windows),
    reviewMark(db, scope),
  ]);
  return { desk, overdue, utilisation: { offered, days }, weeks, attrition: lost, ...figures, rating };
}
