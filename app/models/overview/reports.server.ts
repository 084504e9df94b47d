/**
 * The business's reports (issue 52, point 2; decision 046), each for any period of whole UTC days and the scope of
 * the overview: revenue per month, per pick-up place and per car; utilisation per car and per category; the money
 * moved per day (payments taken and refunds given, with the gateways' references). Each reads the same bookings as the
 * overview's charts (`figures-scope.server.ts`), so a chart and a report of the same days agree.
 *
 * Revenue is a booking's total as priced (base-currency cents, tax included), counted in the period of its pick-up;
 * utilisation counts a car's days with a kept booking touching them, as the overview's chart does.
 */
import { asc, count, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { bookings, cars, EVERY, moneyDayTotals, movedMoney, paymentEvents, payments, users } from "#db/schema";
import { CAR_RANGES, isOneOf, type CarRange, type Language, type PAYMENT_GATEWAYS } from "~/domain/enums";
import { bookingReference } from "~/models/booking/booking";
import type { Executor } from "~/utils/db.server";
import { allOf, rowsOf } from "~/utils/sql.server";
import {
  bookingScope,
  carScope,
  KEPT_STATUSES,
  bookedCarDays,
  bookedDayCount,
  utcDaysTouched,
  type FiguresScope,
} from "./figures-scope.server";
import { pickupReader, readDayFigures, readRangeFigures, type PickupFigures } from "./day-figures.server";
import type { ReportPeriod } from "./report-period";

export const REPORTS = [
  "revenueByMonth",
  "revenueByPlace",
  "revenueByCar",
  "utilisationByCar",
  "utilisationByCategory",
  "payments",
  "documents",
] as const;
export type ReportName = (typeof REPORTS)[number];

/** Rows a report page shows at once; its CSV holds every row (up to `CSV_ROW_CAP`). */
export const REPORT_PAGE_SIZE = 100;
export const CSV_ROW_CAP = 100_000;

export interface Slice {
  /** Rows to skip and rows to take. */
  offset: number;
  limit: number;
}

export interface RevenueFigures {
  bookings: number;
  /** Rental days billed. */
  days: number;
  /** Cents, base currency (USD), tax included. */
  revenue: number;
  tax: number;
}

const revenueColumns = {
  bookings: count(),
  days: sql<number>`coalesce(sum(${bookings.days}), 0)::int`,
  revenue: sql<number>`coalesce(sum(${bookings.totalPrice}), 0)::bigint`,
  tax: sql<number>`coalesce(sum(${bookings.taxAmount}), 0)::bigint`,
};

const revenueOf = (row: { bookings: number; days: number; revenue: number; tax: number }): RevenueFigures => ({
  bookings: Number(row.bookings),
  days: Number(row.days),
  revenue: Number(row.revenue),
  tax: Number(row.tax),
});

/** The kept bookings picked up in the period, in the scope. */
const pickedUpIn = (scope: FiguresScope, period: ReportPeriod): SQL =>
  allOf(
    bookingScope(scope),
    inArray(bookings.status, KEPT_STATUSES),
    gte(bookings.startsAt, period.start),
    lt(bookings.startsAt, period.end),
  );

/** Every calendar month the period touches, YYYY-MM, in order. */
export function monthsOf(period: ReportPeriod): string[] {
  const months: string[] = [];
  for (let month = period.from.slice(0, 7); month <= period.to.slice(0, 7);) {
    months.push(month);
    const [year = 0, index = 0] = month.split("-").map(Number);
    month = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
  }
  return months;
}

/** The revenue figures of a row kept per day or place (decision 050). */
const pickedUpFigures = (row: PickupFigures): RevenueFigures => ({
  bookings: row.picked_up,
  days: row.picked_up_days,
  revenue: row.picked_up_revenue,
  tax: row.picked_up_tax,
});

/** Revenue per month of pick-up, every month of the period listed (a month without bookings shows zeros). */
export async function revenueByMonth(db: Executor, scope: FiguresScope, period: ReportPeriod) {
  const days = await readDayFigures(db, scope, { from: period.start, to: period.end }, "day");
  const byMonth = new Map(monthsOf(period).map((month) => [month, { bookings: 0, days: 0, revenue: 0, tax: 0 }]));
  for (const day of days) {
    const month = byMonth.get(day.key.slice(0, 7));
    if (!month) continue;
    const figures = pickedUpFigures(day);
    month.bookings += figures.bookings;
    month.days += figures.days;
    month.revenue += figures.revenue;
    month.tax += figures.tax;
  }
  return [...byMonth].map(([month, figures]) => ({ month, ...figures }));
}

const PLACE_NAME_COLUMN = { en: "name_en", fr: "name_fr", es: "name_es" } as const satisfies Record<Language, string>;

/**
 * Revenue per pick-up place, every place of the scope in name order (a place without pick-ups in the period shows
 * zeros), a page at a time (decision 046, amended), with the scope's totals. The places listed: one when the scope is
 * one; a supplier's, the places its cars serve and those it ever had a pick-up at (and any with a pick-up not yet
 * kept); for an admin, every place. The page, its count and each place's figures (two running sums, `pickupReader`)
 * in one statement: a page costs the same for 1M bookings or for 17.
 */
export async function revenueByPlace(
  db: Executor,
  scope: FiguresScope,
  period: ReportPeriod,
  slice: Slice,
  language: Language,
) {
  const pickups = await pickupReader(db, scope, { from: period.start, to: period.end });
  const listed = scope.placeId
    ? sql`l.id = ${scope.placeId}`
    : scope.supplierId
      ? sql`l.id in (select location_id from supplier_places where supplier_id = ${scope.supplierId}
          union select place_id from supplier_pickup_places where supplier_id = ${scope.supplierId}
          union select unnest(${`{${pickups.livePlaces.join(",")}}`}::uuid[]))`
      : sql`true`;
  const name = PLACE_NAME_COLUMN[language];
  const totalKey = scope.placeId ?? EVERY;
  type Row = PickupFigures & { key: string; name_en: string | null; name_fr: string; name_es: string; places: number };
  // The count beside each row of the page (one pass over the scope's list); a page past the end counts apart.
  const rows = pickups.withLive(
    await rowsOf<Row>(
      db,
      sql`with page as (
          select l.id, l.name_en, l.name_fr, l.name_es, count(*) over () as places from locations l where ${listed}
          order by ${sql.raw(`l.${name}`)}, l.id offset ${slice.offset} limit ${slice.limit}
        ), figures as (${pickups.keptFigures(sql`select id from page union select ${totalKey}::uuid`)})
        select figures.*, page.name_en, page.name_fr, page.name_es, page.places::int as places
        from figures left join page on page.id::text = figures.key
        order by ${sql.raw(`page.${name}`)} nulls last, page.id`,
    ),
  );
  const figuresOf = (row: Row | undefined) =>
    row ? pickedUpFigures(row) : { bookings: 0, days: 0, revenue: 0, tax: 0 };
  const placeRows = rows.filter((row) => row.name_en !== null);
  const counted = async () =>
    (await rowsOf<{ places: number }>(db, sql`select count(*)::int as places from locations l where ${listed}`))[0]
      ?.places ?? 0;
  const total = Number(placeRows[0]?.places ?? (slice.offset > 0 ? await counted() : 0));
  return {
    rows: placeRows.map((row) => ({
      placeId: row.key,
      names: { nameEn: row.name_en ?? "", nameFr: row.name_fr, nameEs: row.name_es },
      ...figuresOf(row),
    })),
    total,
    totals: figuresOf(rows.find((row) => row.key === totalKey)),
  };
}

/**
 * A car retired before the period that still worked in it: a car is retired with its bookings to come (and may keep
 * a block), so its kept bookings or blocks touching the period keep it among the period's cars.
 */
const workedIn = (period: ReportPeriod): SQL =>
  sql`(exists (${bookedCarDays({ supplierId: null, placeId: null }, period.start, period.end, sql`${cars.id}`)})
    or exists (select 1 from car_blocks k where k.car_id = ${cars.id}
      and k.starts_at < ${period.end} and k.ends_at > ${period.start}))`;

/** Retired before the period and idle in it: the cars the period's reports leave out (few: a partial index). */
const retiredAndGone = (period: ReportPeriod): SQL =>
  sql`${cars.retiredAt} <= ${period.start} and not ${workedIn(period)}`;

/** Not retired before the period, or working in it: tested in that order, so a car in service never reaches the probes. */
const servedIn = (period: ReportPeriod): SQL =>
  sql`(${cars.retiredAt} is null or ${cars.retiredAt} > ${period.start} or ${workedIn(period)})`;

const carsReported = (scope: FiguresScope, period: ReportPeriod) => allOf(carScope(scope), servedIn(period));

/**
 * The per-car reports list every car of the scope in the fleet's order (name, then id: the order of the cars'
 * `(supplier_id, name, id)` and `(name, id)` indexes), a page at a time, and read the figures of that page's cars
 * alone, each by its `(car_id, starts_at)` index (decision 046, amended): a page costs the same for 164 cars or for
 * 16,701. Ranked by their figures instead, every car's figures would be counted for each page (0.24 s for the largest
 * supplier's month at `bench:data` size); the overview ranks its five top earners, and the CSV sorts in a spreadsheet.
 * A car retired before the period is left out.
 */
const carsPage = (scope: FiguresScope, period: ReportPeriod, slice: Slice): SQL => sql`
  select ${cars.id} as car_id, ${cars.name} as name, ${cars.licensePlate} as plate, ${cars.range} as range,
    ${cars.supplierId} as supplier_id
  from ${cars}
  where ${carsReported(scope, period)}
  order by ${cars.name}, ${cars.id}
  offset ${slice.offset} limit ${slice.limit}`;

/**
 * How many cars the per-car reports list: the scope's, less those retired before the period. The scope's cars from
 * the kept count per supplier and category (`supplier_range_cars`, retired cars included: a few rows), or for one place
 * from its cars' index; the retired ones from the partial `cars_retired_idx` of the few retired cars. Counted from the
 * cars' index, an admin's 100,000 cars cost 10 ms, and a test of `retired_at` on every car reads every car's row.
 */
const carsReportedCount = async (db: Executor, scope: FiguresScope, period: ReportPeriod) => {
  const everyCar = scope.placeId
    ? sql`(select count(*) from ${cars} where ${carScope(scope)})`
    : sql`(select coalesce(sum(cars), 0) from supplier_range_cars
        ${scope.supplierId ? sql`where supplier_id = ${scope.supplierId}` : sql``})`;
  const [row] = await rowsOf<{ cars: number }>(
    db,
    sql`select ${everyCar}::int
      - (select count(*) from ${cars} where ${carScope(scope)} and ${retiredAndGone(period)})::int as cars`,
  );
  return Number(row?.cars ?? 0);
};

interface CarOfPage {
  car_id: string;
  name: string;
  plate: string;
  range: string;
  supplier: string;
}

/** Revenue per car (its bookings picked up in the period), a page of the scope's cars in the fleet's order. */
export async function revenueByCar(db: Executor, scope: FiguresScope, period: ReportPeriod, slice: Slice) {
  const [rows, total] = await Promise.all([
    rowsOf<CarOfPage & { bookings: number; days: number; revenue: number; tax: number }>(
      db,
      sql`select page.car_id, page.name, page.plate, page.range, ${users.fullName} as supplier, figures.*
        from (${carsPage(scope, period, slice)}) page
        inner join ${users} on ${users.id} = page.supplier_id
        cross join lateral (
          select ${sql.join(
            Object.entries(revenueColumns).map(([name, column]) => sql`${column} as ${sql.raw(name)}`),
            sql`, `,
          )}
          from ${bookings}
          where ${bookings.carId} = page.car_id and ${pickedUpIn(scope, period)}
        ) figures
        order by page.name, page.car_id`,
    ),
    carsReportedCount(db, scope, period),
  ]);
  return {
    total,
    rows: rows.map(({ car_id, name, plate, supplier, ...figures }) => ({
      carId: car_id,
      name,
      plate,
      supplier,
      ...revenueOf(figures),
    })),
  };
}

/** The UTC days of the period a car's blocks touch (`car` a column of an outer query, for a lateral join). */
const blockedDaysOf = (car: SQL, period: ReportPeriod): SQL => sql`
  select count(distinct d.day)::int as days
  from car_blocks k
  cross join lateral ${utcDaysTouched(sql`k.starts_at`, sql`k.ends_at`, period.start, period.end)} as d(day)
  where k.car_id = ${car} and k.starts_at < ${period.end} and k.ends_at > ${period.start}`;

/** The UTC days of the period a car's kept bookings of the scope touch (`car` as above). */
const bookedDaysOf = (car: SQL, scope: FiguresScope, period: ReportPeriod): SQL =>
  bookedDayCount(scope, period.start, period.end, car);

export interface CarUtilisation {
  carId: string;
  name: string;
  plate: string;
  range: CarRange;
  supplier: string;
  booked: number;
  blocked: number;
}

/**
 * Per car of the scope, the period's days it was booked (a kept booking touching the UTC day) and off the road (a
 * block touching it), a page of the cars in the fleet's order: the overview's chart counts the same car-days.
 */
export async function utilisationByCar(db: Executor, scope: FiguresScope, period: ReportPeriod, slice: Slice) {
  const [rows, total] = await Promise.all([
    rowsOf<CarOfPage & { booked: number; blocked: number }>(
      db,
      sql`select page.car_id, page.name, page.plate, page.range, ${users.fullName} as supplier,
          booked.days as booked, blocked.days as blocked
        from (${carsPage(scope, period, slice)}) page
        inner join ${users} on ${users.id} = page.supplier_id
        cross join lateral (${bookedDaysOf(sql`page.car_id`, scope, period)}) booked
        cross join lateral (${blockedDaysOf(sql`page.car_id`, period)}) blocked
        order by page.name, page.car_id`,
    ),
    carsReportedCount(db, scope, period),
  ]);
  return {
    total,
    rows: rows.flatMap((row): CarUtilisation[] =>
      isOneOf(CAR_RANGES, row.range)
        ? [
            {
              carId: row.car_id,
              name: row.name,
              plate: row.plate,
              range: row.range,
              supplier: row.supplier,
              booked: Number(row.booked),
              blocked: Number(row.blocked),
            },
          ]
        : [],
    ),
  };
}

/**
 * Per car, its range and the period's days booked and off the road, counted in bulk (one pass over the period's
 * bookings and blocks), as the overview's chart and `range_day_figures` count them: booked by the booking's pick-up
 * place (any car of the supplier's), off the road for a car serving the place; `reported` when the car is one of the
 * scope's cars for the period (`carsReported`).
 */
function carDays(scope: FiguresScope, period: ReportPeriod): SQL {
  const touchedDays = (starts: SQL, ends: SQL) => utcDaysTouched(starts, ends, period.start, period.end);
  const serving = carScope(scope);
  return sql`
    select ${cars.range} as range, (${carsReported(scope, period)}) as reported,
      coalesce(booked.days, 0)::int as booked,
      case when ${serving} then coalesce(blocked.days, 0) else 0 end::int as blocked
    from ${cars}
    left join (
      select car_id, count(distinct day)::int as days
      from (${bookedCarDays(scope, period.start, period.end)}) touched
      group by car_id
    ) booked on booked.car_id = ${cars.id}
    left join (
      select k.car_id, count(distinct d.day)::int as days
      from car_blocks k
      cross join lateral ${touchedDays(sql`k.starts_at`, sql`k.ends_at`)} as d(day)
      where k.starts_at < ${period.end} and k.ends_at > ${period.start}
      group by k.car_id
    ) blocked on blocked.car_id = ${cars.id}
    where ${carScope({ ...scope, placeId: null })} and (${serving} or booked.days is not null)`;
}

export interface CategoryUtilisation {
  range: CarRange;
  cars: number;
  booked: number;
  blocked: number;
}

const inCategoryOrder = (rows: Array<{ range: string; cars: number; booked: number; blocked: number }>) =>
  rows
    .filter((row): row is typeof row & { range: CarRange } => isOneOf(CAR_RANGES, row.range))
    .map((row): CategoryUtilisation => ({
      range: row.range,
      cars: Number(row.cars),
      booked: Number(row.booked),
      blocked: Number(row.blocked),
    }))
    .sort((a, b) => CAR_RANGES.indexOf(a.range) - CAR_RANGES.indexOf(b.range));

/**
 * The scope's cars per category, less those retired before the period: the kept counts per supplier
 * (`supplier_range_cars`) less the few retired cars (their partial index); for one place, its cars counted from the
 * place's side (a place holds a few hundred cars at most).
 */
async function carsPerCategory(db: Executor, scope: FiguresScope, period: ReportPeriod) {
  const rows = await rowsOf<{ range: string; cars: number }>(
    db,
    scope.placeId
      ? sql`select ${cars.range} as range, count(*)::int as cars
          from car_locations cl inner join ${cars} on ${cars.id} = cl.car_id
          where cl.location_id = ${scope.placeId}
            ${scope.supplierId ? sql`and ${cars.supplierId} = ${scope.supplierId}` : sql``}
            and ${servedIn(period)}
          group by ${cars.range}`
      : sql`select range, sum(cars)::int as cars from (
            select range, cars from supplier_range_cars
            ${scope.supplierId ? sql`where supplier_id = ${scope.supplierId}` : sql``}
            union all
            select ${cars.range}, -count(*)::int from ${cars}
            where ${retiredAndGone(period)}
              ${scope.supplierId ? sql`and ${cars.supplierId} = ${scope.supplierId}` : sql``}
            group by ${cars.range}
          ) counts group by range`,
  );
  return new Map(rows.map((row) => [row.range, Number(row.cars)]));
}

/**
 * Utilisation per category (the car's range): cars, car-days booked and off the road, in the categories' order. The
 * car-days are `range_day_figures`' (decision 050, amended), so the cost is a row per category and day, whatever the
 * fleet's size; a category with cars or car-days in the scope is listed.
 */
export async function utilisationByCategory(db: Executor, scope: FiguresScope, period: ReportPeriod) {
  const [carsOf, figures] = await Promise.all([
    carsPerCategory(db, scope, period),
    readRangeFigures(db, scope, { from: period.start, to: period.end }),
  ]);
  const figuresOf = new Map(figures.map((row) => [row.range, row]));
  const ranges = new Set([
    ...[...carsOf].filter(([, count]) => count > 0).map(([range]) => range),
    ...figuresOf.keys(),
  ]);
  return inCategoryOrder(
    [...ranges].map((range) => ({
      range,
      cars: carsOf.get(range) ?? 0,
      booked: figuresOf.get(range)?.booked ?? 0,
      blocked: figuresOf.get(range)?.blocked ?? 0,
    })),
  );
}

/** The same, counted from every car and booking of the period: what the kept figures are tested and measured against. */
export async function utilisationByCategoryCounted(db: Executor, scope: FiguresScope, period: ReportPeriod) {
  return inCategoryOrder(
    await rowsOf<{ range: string; cars: number; booked: number; blocked: number }>(
      db,
      sql`select range, count(*) filter (where reported)::int as cars, sum(booked)::int as booked,
          sum(blocked)::int as blocked
        from (${carDays(scope, period)}) per_car group by range`,
    ),
  ).filter((row) => row.cars > 0 || row.booked > 0 || row.blocked > 0);
}

export interface MoneyMovement {
  at: Date;
  /** YYYY-MM-DD (UTC). */
  day: string;
  bookingId: string;
  reference: string;
  gateway: (typeof PAYMENT_GATEWAYS)[number];
  kind: "payment" | "refund";
  /** Minor units of `currency`, as the gateway took or gave it back. */
  amount: number;
  currency: string;
  /** The gateway's own reference: its refund's id, or its payment's (intent, capture, order…). */
  gatewayReference: string;
}

/**
 * Every payment taken and refund given in the period, in order, from the payments' own history: a capture is the
 * event that recorded what the gateway took, a refund the event that recorded its refund id (whole or part).
 */
const movementsWhere = (scope: FiguresScope, period: ReportPeriod) =>
  allOf(
    gte(paymentEvents.at, period.start),
    lt(paymentEvents.at, period.end),
    // The event's own copy of its booking's supplier (migration 0049): its partial index walks the supplier's moves.
    scope.supplierId ? eq(paymentEvents.supplierId, scope.supplierId) : undefined,
    scope.placeId ? eq(bookings.pickupLocationId, scope.placeId) : undefined,
    movedMoney(paymentEvents),
  );

export async function moneyMovements(db: Executor, scope: FiguresScope, period: ReportPeriod, slice: Slice) {
  const [rows, totals] = await Promise.all([
    db
      .select({
        at: paymentEvents.at,
        detail: paymentEvents.detail,
        bookingId: payments.bookingId,
        gateway: payments.gateway,
        currency: payments.currency,
        capturedCurrency: payments.capturedCurrency,
        references: payments.references,
      })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(movementsWhere(scope, period))
      .orderBy(asc(paymentEvents.at), asc(paymentEvents.id))
      .offset(slice.offset)
      .limit(slice.limit),
    moneyTotals(db, scope, period),
  ]);
  return {
    total: totals.reduce((sum, row) => sum + row.payments + row.refunds, 0),
    totals,
    rows: rows.map((row): MoneyMovement => {
      const refundId = row.detail.refundId;
      const currency = String(
        (refundId ? row.capturedCurrency : row.detail.currency) ?? row.capturedCurrency ?? row.currency,
      ).toUpperCase();
      return {
        at: row.at,
        day: row.at.toISOString().slice(0, 10),
        bookingId: row.bookingId,
        reference: bookingReference(row.bookingId),
        gateway: row.gateway,
        kind: refundId ? "refund" : "payment",
        amount: Number(row.detail.amount ?? 0),
        currency,
        gatewayReference: refundId
          ? String(refundId)
          : Object.entries(row.references)
              .filter(([name]) => name !== "refundId")
              .map(([name, value]) => `${name} ${value}`)
              .join(" · "),
      };
    }),
  };
}

/** A currency's totals as numbers (PostgreSQL gives sums of bigints as strings). */
const currencyTotals = (row: {
  currency: string;
  payments: number;
  refunds: number;
  taken: number;
  givenBack: number;
}) => ({
  currency: row.currency,
  payments: Number(row.payments),
  refunds: Number(row.refunds),
  taken: Number(row.taken),
  givenBack: Number(row.givenBack),
});

/**
 * Per currency: how many payments and refunds, how much taken and given back. Kept per supplier and day as events are
 * recorded (decision 050); a pick-up place's (a booking's place may change after its money moved) counted live.
 */
async function moneyTotals(db: Executor, scope: FiguresScope, period: ReportPeriod) {
  if (scope.placeId) return moneyTotalsLive(db, scope, period);
  const rows = await db
    .select({
      currency: moneyDayTotals.currency,
      payments: sql<number>`sum(${moneyDayTotals.payments})::int`,
      refunds: sql<number>`sum(${moneyDayTotals.refunds})::int`,
      taken: sql<number>`sum(${moneyDayTotals.taken})::bigint`,
      givenBack: sql<number>`sum(${moneyDayTotals.givenBack})::bigint`,
    })
    .from(moneyDayTotals)
    .where(
      allOf(
        gte(moneyDayTotals.day, period.from),
        lte(moneyDayTotals.day, period.to),
        scope.supplierId ? eq(moneyDayTotals.supplierId, scope.supplierId) : undefined,
      ),
    )
    .groupBy(moneyDayTotals.currency)
    .orderBy(moneyDayTotals.currency);
  return rows.map(currencyTotals);
}

async function moneyTotalsLive(db: Executor, scope: FiguresScope, period: ReportPeriod) {
  const isRefund = sql`${paymentEvents.detail} ? 'refundId'`;
  const currency = sql<string>`upper(case when ${isRefund} then coalesce(${payments.capturedCurrency}, ${payments.currency})
    else coalesce(${paymentEvents.detail}->>'currency', ${payments.capturedCurrency}, ${payments.currency}) end)`;
  const amount = sql`(${paymentEvents.detail}->>'amount')::bigint`;
  const rows = await db
    .select({
      currency,
      payments: sql<number>`count(*) filter (where not ${isRefund})::int`,
      refunds: sql<number>`count(*) filter (where ${isRefund})::int`,
      taken: sql<number>`coalesce(sum(${amount}) filter (where not ${isRefund}), 0)::bigint`,
      givenBack: sql<number>`coalesce(sum(${amount}) filter (where ${isRefund}), 0)::bigint`,
    })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(movementsWhere(scope, period))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map(currencyTotals);
}
