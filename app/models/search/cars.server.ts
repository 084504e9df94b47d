/**
 * Search (issue: search): which cars are offered for a period at a place, ranked and priced. A car is offered when
 * it meets `offerableCar` and is free for the period (offer-conditions.server.ts), serves the pick-up location or
 * one of its children, and the rental is at least the supplier's minimum days.
 */
import { reviews, supplierEquipment } from "#db/schema";
import { REVIEW_MARKS } from "~/domain/enums";
import { marksSumSql } from "~/models/reviews/reviews.server";
import { anyOf } from "~/utils/sql.server";
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cars, supplierSettings, users } from "#db/schema";
import type { Extra, Multimedia } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import {
  calendarDate,
  chargesOf,
  rentalDays,
  rentalPrice,
  type RentalPrice,
  type SupplierCharges,
} from "~/models/pricing/pricing";
import { periodHours } from "~/domain/rental-period";
import { CARS_PAGE_SIZE, type SearchFilters, type SortOrder } from "./search";
import { freeDuring, offerableCar } from "./offer-conditions.server";
import { placeAndChildren, type PlaceOption } from "~/models/catalogue/places.server";
import { freeCancellationOpen } from "~/models/booking/cancellation-terms";
import {
  carTierPrices,
  checkFirstDay,
  coverDailySql,
  withCoverSql,
  equipmentCostSql,
  checkRentalDays,
  datedBaseSql,
  billableHoursSql,
  billedHoursSql,
  hourlyOrDayBaseSql,
  rentalBaseOfSql,
  supplierChargesColumns,
  type ChargesColumns,
  withChargesSql,
  withMarkupSql,
} from "~/models/pricing/pricing.server";

export interface SearchCriteria {
  pickup: PlaceOption;
  from: Date;
  to: Date;
  filters: SearchFilters;
  sort: SortOrder;
  page: number;
  /** Supplier slugs resolved to ids by the caller. */
  supplierIds: string[];
  /** The pick-up place and the places below it, when the caller has them (else they are looked up). */
  placeIds?: string[];
  /** The car goes back to another place: suppliers' one-way fees apply (decision 025). */
  oneWay?: boolean;
  /**
   * Minutes after the airport desk closed that the pick-up is (decision 031): only suppliers that hand cars over then
   * to a late flight, within their grace period, are offered.
   */
  afterClosingMinutes?: number | null;
  /** When the search is made (free cancellation ends 24 hours before pick-up); now by default. */
  now?: Date;
  /**
   * Display-currency units per base unit (1 by default): the deposit filter's amounts are round numbers in the
   * currency the driver reads ("Less than €250", not "Less than €215.85"), compared with deposits in base cents.
   */
  displayRate?: number;
}

export interface CarOffer {
  id: string;
  name: string;
  image: string | null;
  range: (typeof cars.$inferSelect)["range"];
  fuelType: (typeof cars.$inferSelect)["fuelType"];
  gearbox: (typeof cars.$inferSelect)["gearbox"];
  fuelPolicy: (typeof cars.$inferSelect)["fuelPolicy"];
  aircon: boolean;
  seats: number;
  doors: number;
  /** The luggage it takes, and whether its supplier rents a category ("or similar"; decision 032). */
  largeBags: number;
  smallBags: number;
  orSimilar: boolean;
  mileage: number;
  deposit: number;
  /** What the driver owes at most if the car is damaged, or stolen, before any cover (decision 030). */
  damageExcess: number;
  theftExcess: number;
  rating: number | null;
  trips: number;
  minimumAge: number;
  multimedia: Multimedia[];
  extras: Record<Extra, number>;
  supplier: { name: string; slug: string; logo: string | null; payLater: boolean; charges: SupplierCharges };
  price: RentalPrice;
  /** The rental with the car's cheapest zero-excess cover (`zeroExcessCover`), as ranked; null when it has none. */
  coveredPrice: RentalPrice | null;
  /**
   * What drivers who returned a car of this supplier at this place (or a place within it) gave it, from the published
   * reviews (decision 034): the average of their marks out of 10, and how many; null before any.
   */
  reviews: { average: number; count: number } | null;
  /** The child seats every total here includes (decision 033), as the search asked; 0: none. */
  childSeats: number;
}

/**
 * Which filters a search sets, without their values: the text of its statement depends on this (and on the sort)
 * only, so each shape is built and prepared once per database and its values are bound on every run. Seat, spec and
 * mileage choices are few and turn into different conditions, so they are part of the shape.
 */
interface FilterShape {
  terms: SearchFilters["terms"];
  /** Free cancellation asked for a pick-up within 24 hours: only paying at pick-up still cancels for free. */
  freeCancellationClosed: boolean;
  range: boolean;
  rating: boolean;
  seats: SearchFilters["seats"];
  specs: SearchFilters["specs"];
  multimedia: boolean;
  deposit: boolean;
  fuelPolicy: boolean;
  supplier: boolean;
  gearbox: boolean;
  mileage: SearchFilters["mileage"][number] | null;
  fuelType: boolean;
  /** A pick-up after the airport desk closed (decision 031). */
  afterHours: boolean;
  /** Child seats asked for (decision 033): their cost is in every total. */
  childSeats: boolean;
}

function filterShape(filters: SearchFilters, windowOpen: boolean, afterHours: boolean): FilterShape {
  return {
    afterHours,
    terms: [...filters.terms].sort(),
    freeCancellationClosed: filters.terms.includes("freeCancellation") && !windowOpen,
    range: filters.range.length > 0,
    rating: filters.rating !== undefined,
    seats: [...filters.seats].sort(),
    specs: [...filters.specs].sort(),
    multimedia: filters.multimedia.length > 0,
    deposit: filters.deposit !== undefined,
    fuelPolicy: filters.fuelPolicy.length > 0,
    supplier: filters.supplier.length > 0,
    gearbox: filters.gearbox.length > 0,
    mileage: filters.mileage.length === 1 ? filters.mileage[0]! : null,
    fuelType: filters.fuelType.length > 0,
    childSeats: filters.childSeats !== undefined,
  };
}

/** The statement's values by placeholder name; those of filters the shape leaves out are simply not read. */
function searchValues(criteria: SearchCriteria, days: number, placeIds: string[]) {
  const { filters } = criteria;
  return {
    days: checkRentalDays(days),
    // Under a day, its started hours: cars with an hourly price may be billed by them (decision 037).
    hours: periodHours(criteria.from, criteria.to, criteria.pickup.timeZone),
    firstDay: checkFirstDay(calendarDate(criteria.from, criteria.pickup.timeZone)),
    from: criteria.from.toISOString(),
    to: criteria.to.toISOString(),
    placeIds,
    range: filters.range,
    rating: filters.rating,
    multimedia: filters.multimedia,
    depositCents:
      filters.deposit === undefined ? undefined : Math.round((filters.deposit * 100) / (criteria.displayRate ?? 1)),
    fuelPolicy: filters.fuelPolicy,
    supplierIds: criteria.supplierIds,
    gearbox: filters.gearbox,
    fuelType: filters.fuelType,
    offset: (criteria.page - 1) * CARS_PAGE_SIZE,
    // Cheapest first: how many free cars the first pass takes (decision 022).
    firstPassSize: firstPassSize(criteria.page),
    walkedPerPlace: WALKED_PER_PLACE,
    oneWay: criteria.oneWay ?? false,
    afterClosing: criteria.afterClosingMinutes ?? 0,
    childSeats: filters.childSeats ?? 0,
  };
}

const value = (name: string) => sql.placeholder(name);
/** One of several values: a list is one array parameter, so its length does not change the statement. */
const oneOf = (column: AnyPgColumn, name: string, type: "text" | "uuid" = "text") =>
  sql`${column} = any(${value(name)}::${sql.raw(type)}[])`;

function filterConditions(shape: FilterShape): SQL[] {
  const conditions: SQL[] = [];
  // Free cancellation without buying anything: the option is included, or the booking can be paid at pick-up
  // (cancellation-terms.ts, `cancelsForFree`); within 24 hours of pick-up the option no longer makes it free.
  if (shape.freeCancellationClosed) conditions.push(eq(supplierSettings.payLater, true));
  else if (shape.terms.includes("freeCancellation"))
    conditions.push(anyOf(eq(cars.cancellation, 0), eq(supplierSettings.payLater, true)));
  if (shape.terms.includes("payAtPickUp")) conditions.push(eq(supplierSettings.payLater, true));
  if (shape.terms.includes("zeroExcess")) conditions.push(sql`${coverDailySql} is not null`);
  if (shape.range) conditions.push(oneOf(cars.range, "range"));
  if (shape.rating) conditions.push(gte(cars.rating, value("rating")));
  if (shape.seats.length) {
    const [first, ...rest] = shape.seats.map((option) =>
      option === "5plus" ? sql`${cars.seats} > 5` : eq(cars.seats, Number(option)),
    );
    if (first) conditions.push(anyOf(first, ...rest));
  }
  if (shape.specs.includes("aircon")) conditions.push(eq(cars.aircon, true));
  if (shape.specs.includes("fourDoors")) conditions.push(gte(cars.doors, 4));
  if (shape.specs.includes("fiveSeats")) conditions.push(gte(cars.seats, 5));
  if (shape.multimedia) conditions.push(sql`${cars.multimedia} @> ${value("multimedia")}::text[]`);
  if (shape.deposit) conditions.push(lt(cars.deposit, value("depositCents")));
  if (shape.fuelPolicy) conditions.push(oneOf(cars.fuelPolicy, "fuelPolicy"));
  // Slugs that name no supplier resolve to no ids: an empty list, which matches no car.
  if (shape.supplier) conditions.push(oneOf(cars.supplierId, "supplierIds", "uuid"));
  if (shape.gearbox) conditions.push(oneOf(cars.gearbox, "gearbox"));
  if (shape.mileage) conditions.push(shape.mileage === "unlimited" ? eq(cars.mileage, -1) : sql`${cars.mileage} > 0`);
  if (shape.fuelType) conditions.push(oneOf(cars.fuelType, "fuelType"));
  // Child seats: a supplier that lends them, and a passengers' seat in the car for each (decision 033); none on a
  // scooter (`childSeatPlaces` is the rule's twin).
  if (shape.childSeats)
    conditions.push(
      sql`exists (select 1 from ${supplierEquipment} e where e.supplier_id = ${cars.supplierId} and e.kind = 'childSeat')`,
      sql`${cars.seats} > ${value("childSeats")}`,
      sql`${cars.range} <> 'scooter'`,
    );
  if (shape.afterHours)
    conditions.push(
      eq(supplierSettings.afterHoursForFlights, true),
      gte(supplierSettings.flightGraceMinutes, value("afterClosing")),
    );
  return conditions;
}

/** What a result card shows of a car, and no more (a results page reads 15 of them per view); its price comes ranked. */
const offerColumns = {
  id: cars.id,
  name: cars.name,
  image: cars.image,
  range: cars.range,
  fuelType: cars.fuelType,
  gearbox: cars.gearbox,
  fuelPolicy: cars.fuelPolicy,
  aircon: cars.aircon,
  seats: cars.seats,
  doors: cars.doors,
  largeBags: cars.largeBags,
  smallBags: cars.smallBags,
  orSimilar: supplierSettings.rentsByCategory,
  mileage: cars.mileage,
  deposit: cars.deposit,
  damageExcess: cars.damageExcess,
  theftExcess: cars.theftExcess,
  rating: cars.rating,
  trips: cars.trips,
  minimumAge: cars.minimumAge,
  multimedia: cars.multimedia,
  cancellation: cars.cancellation,
  amendments: cars.amendments,
  theftProtection: cars.theftProtection,
  collisionDamageWaiver: cars.collisionDamageWaiver,
  fullInsurance: cars.fullInsurance,
  additionalDriver: cars.additionalDriver,
  supplierName: users.fullName,
  supplierSlug: supplierSettings.slug,
  supplierLogo: supplierSettings.logo,
  supplierPayLater: supplierSettings.payLater,
  // The supplier's charges, named as `SupplierCharges` names them (no car column shares these names).
  taxRateBasisPoints: supplierSettings.taxRateBasisPoints,
  taxIncluded: supplierSettings.taxIncluded,
  oneWayFee: supplierSettings.oneWayFee,
  youngDriverAge: supplierSettings.youngDriverAge,
  youngDriverDailyFee: supplierSettings.youngDriverDailyFee,
};

/**
 * A page's car as one JSON object instead of a column each: the driver then decodes one value per car instead of one
 * per column (a third of a millisecond per page on embedded PGlite). Every field here is text, a number, a boolean
 * or a text array, so JSON gives back the same values; `price` is the rental's, markup included, as ranked.
 */
function offerJson(price: SQL, billedHours: SQL, coveredPrice: SQL, reviewTotals: SQL) {
  const fields = [
    ...Object.entries(offerColumns),
    ["price", price] as const,
    ["billedHours", billedHours] as const,
    ["coveredPrice", coveredPrice] as const,
    ["reviewTotals", reviewTotals] as const,
  ];
  // json_build_object takes at most 100 arguments: past 50 fields, nest a second object.
  if (fields.length > 50) throw new Error(`${fields.length} fields: json_build_object takes 50 at most`);
  type OfferRow = {
    [K in keyof typeof offerColumns]:
      (typeof offerColumns)[K]["_"]["data"] | ((typeof offerColumns)[K]["_"]["notNull"] extends true ? never : null);
  } & {
    price: number;
    billedHours: number | null;
    coveredPrice: number | null;
    reviewTotals: [marks: number | null, count: number];
  };
  return sql<OfferRow>`json_build_object(${sql.join(
    fields.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
}

/**
 * `OFFSET 0` keeps a subquery of its own: flattened, PostgreSQL copies the rental-base expression into every
 * reference to it (the markup, the ranking, the sort) and planned longer than it ran. Drizzle drops a numeric
 * `offset(0)` (it is falsy), so the fence is a literal.
 */
export const SUBQUERY_FENCE = sql`0` as unknown as number;

/**
 * How many cars a results page counts at most when ranked by price (ten pages of 15). A dense place has thousands free;
 * checking each one's bookings to say "5,637" cost 200 ms of a 220 ms page at 100k cars, so past this the page says
 * "at least" (decision 022). Deeper pages count as far as they show.
 */
export const RESULTS_COUNTED_UP_TO = 150;

/**
 * Twice what the pages up to this one show (supplier caps may set some aside), or the cars counted, and one more: a
 * first pass that found fewer saw every free car.
 */
const firstPassSize = (page: number) => Math.max(2 * page * CARS_PAGE_SIZE, RESULTS_COUNTED_UP_TO) + 1;

/**
 * How many of a place's cars the first pass reads at most, cheapest floor first. Past it the page is ranked from all
 * (a period when under 1 % of them are free: no walk that stops early finds them; decision 022).
 */
const WALKED_PER_PLACE = 1000;

type RateBand = 1 | 3 | 7 | 30;
/** The longest price tier a rental of `days` can use, which names the rate floor that bounds its price. */
export function rateBand(days: number): RateBand {
  return days >= 30 ? 30 : days >= 7 ? 7 : days >= 3 ? 3 : 1;
}

/**
 * The statements of a search shape, built with placeholders: the page of cars, and how many cars match (asked only
 * past the last page). Building a statement this size costs drizzle about a millisecond of CPU; prepared, a search
 * only binds its values, and the text each engine sees is the same every time (decision 015).
 *
 * Cheapest first (the default order), a search does not price every free car (decision 022). `first` walks each
 * place's cars in the order of their rate floor (at most WALKED_PER_PLACE of them) and ranks the first
 * `firstPassSize` that are free; when that was all of them, its page is the answer. Otherwise the price P of the
 * page's last car bounds the answer: a subset's n-th price is never below the whole set's, and no car whose
 * floor × days (with the lowest markup) exceeds P can cost P or less, so `bounded` ranks only the cars at or under
 * that floor, found by the same index. When the walk found too few free cars to fill the page (a fully booked
 * period), and in the other orders, every free car is ranked (`page`).
 */
function buildSearch(db: Executor, shape: FilterShape, sort: SortOrder, band: RateBand | null, name: string) {
  const ranksCovered = sort === "price-covered";
  // A place's published reviews (and its children's), by supplier: one hash join, not a lookup per car.
  const publishedAtPlace = and(
    eq(reviews.status, "published"),
    sql`${reviews.locationId} = any(${value("placeIds")}::uuid[])`,
  );
  const scores = db
    .select({
      supplierId: sql<string>`${reviews.supplierId}`.as("scored_supplier"),
      average: sql<number>`sum(${marksSumSql})::float8 / (${REVIEW_MARKS.length} * count(*))`.as("average"),
    })
    .from(reviews)
    .where(publishedAtPlace)
    .groupBy(reviews.supplierId)
    .as("scores");
  // A search does not know the driver's age: the card names the young-driver fee, checkout prices it.
  const rental = { days: value("days"), oneWay: value("oneWay"), driverAge: null };
  /** A base with a daily cover added, marked up, with the supplier's fees and tax: null without a cover. */
  const coveredPriceSql = (base: SQL, coverDaily: SQL, markup: SQL, charges: ChargesColumns) =>
    withChargesSql(withMarkupSql(withCoverSql(base, coverDaily, value("days")), markup), charges, rental);
  const where = (place: SQL | null, probeEachCar: boolean) =>
    and(
      offerableCar,
      lte(supplierSettings.minimumRentalDays, value("days")),
      ...(place ? [place] : []),
      // Probed car by car where the walk decides the order: as an anti-join, PostgreSQL would check them all first.
      freeDuring(value("from"), value("to"), { probeEachCar }),
      ...filterConditions(shape),
    );
  const atPlace = sql`exists (select 1 from car_locations cl where cl.car_id = ${cars.id} and cl.location_id = any(${value("placeIds")}::uuid[]))`;

  // Each place's cars cheapest floor first, at most WALKED_PER_PLACE of each (a car at two of the places once), with
  // how many rows the walk read: under the limit, it read every car of every place.
  const floor = band === null ? null : sql.raw(`rate_floor_${band}`);
  const walked =
    floor &&
    db
      .select({
        carId: sql<string>`w.car_id`.as("car_id"),
        floor: sql<number>`w.floor`.as("floor"),
        walkedCount: sql<number>`w.walked_count`.as("walked_count"),
      })
      // A car at two of the places comes twice, with the same floor: next to each other once sorted, kept once.
      // Ordered here, so the join reads the walk in this order and stops at the first pass's size.
      .from(
        sql`(select distinct on (x.floor, x.car_id) x.car_id, x.floor, count(*) over () as walked_count
          from unnest(${value("placeIds")}::uuid[]) as place(id)
          cross join lateral (select cl.car_id, cl.${floor} as floor from car_locations cl where cl.location_id = place.id
            order by cl.${floor} limit ${value("walkedPerPlace")}) x
          order by x.floor, x.car_id) w`,
      )
      .as("walked");

  // In steps, so each part of the price is computed once per car: the candidates with their tier prices (and the
  // base of a date-priced car) → each one's base → its price → ranked within their supplier → one page.
  const candidateFields = {
    id: cars.id,
    supplierId: cars.supplierId,
    rating: cars.rating,
    // The greedy arithmetic reads each tier price several times: as columns, not as expressions copied each time.
    daily: sql<number | null>`${carTierPrices.daily}`.as("daily"),
    threeDays: sql<number | null>`${carTierPrices.threeDays}`.as("three_days"),
    weekly: sql<number | null>`${carTierPrices.weekly}`.as("weekly"),
    monthly: sql<number | null>`${carTierPrices.monthly}`.as("monthly"),
    dated: datedBaseSql(value("days"), value("firstDay")).as("dated"),
    // A rental under a day of a car with an hourly price: the hours it would be billed (decision 037), else null.
    hourly: sql<number | null>`${cars.hourlyPrice}`.as("hourly"),
    billableHours: billableHoursSql(value("hours"), cars.hourlyPrice, supplierSettings.hourlyMinimumHours).as(
      "billable_hours",
    ),
    // The child seats asked for, at the supplier's price (decision 033), added to the base as the checkout adds them.
    seatCost: (shape.childSeats
      ? sql<number>`(select ${equipmentCostSql(
          { charge: sql`e.charge`, price: sql`e.price`, cap: sql`e.cap` },
          value("childSeats"),
          value("days"),
        )} from ${supplierEquipment} e where e.supplier_id = ${cars.supplierId} and e.kind = 'childSeat')`
      : sql<number>`0`
    ).as("seat_cost"),
    // Ranked by only in the zero-excess order; a page's cars get their covered total in its last step.
    coverDaily: (ranksCovered ? coverDailySql : sql<number | null>`null::int`).as("cover_daily"),
    markup: sql<number>`${supplierSettings.markupBasisPoints}`.as("markup_bps"),
    taxRate: sql<number>`${supplierSettings.taxRateBasisPoints}`.as("tax_rate"),
    taxIncluded: sql<boolean>`${supplierSettings.taxIncluded}`.as("tax_included"),
    oneWayFee: sql<number>`${supplierSettings.oneWayFee}`.as("one_way_fee"),
    youngDriverAge: sql<number | null>`${supplierSettings.youngDriverAge}`.as("young_driver_age"),
    youngDriverFee: sql<number>`${supplierSettings.youngDriverDailyFee}`.as("young_driver_fee"),
    supplierCap: sql<number>`coalesce(${supplierSettings.maxCarsPerSearch}, 2147483647)`.as("supplier_cap"),
    walkedCount: sql<number>`0`.as("walked_count"),
  };
  const candidates = (condition: SQL | undefined) =>
    db
      .select(candidateFields)
      .from(cars)
      .innerJoin(users, eq(users.id, cars.supplierId))
      .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
      .where(condition)
      .$dynamic();
  const walkedCandidates = (source: NonNullable<typeof walked>) =>
    db
      .select({ ...candidateFields, walkedCount: sql<number>`${source.walkedCount}`.as("walked_count") })
      .from(source)
      .innerJoin(cars, eq(cars.id, source.carId))
      .innerJoin(users, eq(users.id, cars.supplierId))
      .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
      .where(where(null, true))
      .orderBy(asc(source.floor), asc(source.carId))
      .limit(value("firstPassSize"))
      .$dynamic();

  /**
   * The cars of `source` priced and ranked within their supplier. Only the first pass asks how many it ranked (a
   * window over every row): ranking every free car, that count is a constant nobody reads.
   */
  type Candidates = ReturnType<typeof candidates> | ReturnType<typeof walkedCandidates>;
  const matchingOf = (source: Candidates, firstPass = false) => {
    const found = source.as("candidates");
    const based = db
      .select({
        id: found.id,
        supplierId: found.supplierId,
        rating: found.rating,
        supplierCap: found.supplierCap,
        walkedCount: found.walkedCount,
        markup: found.markup,
        taxRate: found.taxRate,
        taxIncluded: found.taxIncluded,
        oneWayFee: found.oneWayFee,
        youngDriverAge: found.youngDriverAge,
        youngDriverFee: found.youngDriverFee,
        coverDaily: found.coverDaily,
        hourly: found.hourly,
        billableHours: found.billableHours,
        seatCost: found.seatCost,
        dayBase: sql<number>`${rentalBaseOfSql(value("days"), {
          dated: sql`${found.dated}`,
          tiers: {
            daily: sql`${found.daily}`,
            threeDays: sql`${found.threeDays}`,
            weekly: sql`${found.weekly}`,
            monthly: sql`${found.monthly}`,
          },
        })}`.as("day_base"),
      })
      .from(found)
      .offset(SUBQUERY_FENCE)
      .as("based");
    const charges = {
      taxRateBasisPoints: sql`${based.taxRate}`,
      taxIncluded: sql`${based.taxIncluded}`,
      oneWayFee: sql`${based.oneWayFee}`,
      youngDriverAge: sql`${based.youngDriverAge}`,
      youngDriverDailyFee: sql`${based.youngDriverFee}`,
    };
    // By the hour when that is cheaper than the day (decision 037), then the child seats asked for.
    const hourlyParts = [sql`${based.dayBase}`, sql`${based.hourly}`, sql`${based.billableHours}`] as const;
    const baseOfRow = sql<number>`(${hourlyOrDayBaseSql(...hourlyParts)} + ${based.seatCost})`;
    const priced = db
      .select({
        id: based.id,
        supplierId: based.supplierId,
        rating: based.rating,
        supplierCap: based.supplierCap,
        walkedCount: based.walkedCount,
        // The supplier's fees and added tax on top (decision 025): only ever more, so decision 022's floor bound holds.
        price: withChargesSql(withMarkupSql(baseOfRow, sql`${based.markup}`), charges, rental).as("price"),
        base: sql<number>`${baseOfRow}`.as("base"),
        billedHours: sql<number | null>`${billedHoursSql(...hourlyParts)}`.as("billed_hours"),
        // The same with the cheapest zero-excess cover added as a daily extra (decision 030); null without one.
        coveredPrice: ranksCovered
          ? coveredPriceSql(baseOfRow, sql`${based.coverDaily}`, sql`${based.markup}`, charges).as("covered_price")
          : sql<number | null>`null::bigint`.as("covered_price"),
      })
      .from(based)
      .as("priced");
    return db
      .select({
        id: priced.id,
        price: priced.price,
        coveredPrice: priced.coveredPrice,
        base: priced.base,
        billedHours: priced.billedHours,
        rating: priced.rating,
        supplierId: priced.supplierId,
        // Suppliers may cap how many of their cars one search shows: keep each supplier's cheapest ones.
        supplierRank:
          sql<number>`row_number() over (partition by ${priced.supplierId} order by ${priced.price}, ${priced.id})`.as(
            "supplier_rank",
          ),
        supplierCap: priced.supplierCap,
        walkedCount: priced.walkedCount,
        // How many cars the ranking started from, before supplier caps (the first pass: whether it saw them all).
        pooled: (firstPass ? sql<number>`count(*) over ()` : sql<number>`0`).as("pooled"),
      })
      .from(priced)
      .as("matching");
  };
  const withinCap = (matching: ReturnType<typeof matchingOf>) =>
    sql`${matching.supplierRank} <= ${matching.supplierCap}`;

  const pageOf = (source: Candidates, statementName: string, firstPass = false) => {
    const matching = matchingOf(source, firstPass);
    const order =
      sort === "price-desc"
        ? [desc(matching.price), asc(matching.id)]
        : sort === "rating"
          ? [sql`${matching.rating} desc nulls last`, asc(matching.price), asc(matching.id)]
          : sort === "price-covered"
            ? [sql`${matching.coveredPrice} asc nulls last`, asc(matching.price), asc(matching.id)]
            : sort === "reviews"
              ? [sql`${scores.average} desc nulls last`, asc(matching.price), asc(matching.id)]
              : [asc(matching.price), asc(matching.id)];
    // The page's cars come with their details in the same statement: one round trip for the whole page.
    const ranked = db
      .select({
        id: matching.id,
        price: matching.price,
        base: matching.base,
        billedHours: matching.billedHours,
        total: sql<number>`count(*) over ()`.as("total"),
        pooled: matching.pooled,
        walkedCount: matching.walkedCount,
        position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("position"),
      })
      .from(matching)
      .$dynamic();
    // Best reviewed first: each car's supplier's average at the place, joined once per statement (decision 034).
    const page = (sort === "reviews" ? ranked.leftJoin(scores, eq(scores.supplierId, matching.supplierId)) : ranked)
      .where(withinCap(matching))
      .orderBy(...order)
      .limit(CARS_PAGE_SIZE)
      .offset(value("offset"))
      .as("page");
    return db
      .select({
        total: sql<number>`${page.total}`.mapWith(Number),
        pooled: sql<number>`${page.pooled}`.mapWith(Number),
        walkedCount: sql<number>`${page.walkedCount}`.mapWith(Number),
        lowestMarkup: (firstPass
          ? sql<number>`(select min(${supplierSettings.markupBasisPoints}) from ${supplierSettings})`
          : sql<number>`0`
        ).mapWith(Number),
        // The page's cars with their cheapest zero-excess cover, priced as the zero-excess order ranks them.
        offer: offerJson(
          sql`${page.price}`,
          sql`${page.billedHours}`,
          coveredPriceSql(
            sql`${page.base}`,
            coverDailySql,
            sql`${supplierSettings.markupBasisPoints}`,
            supplierChargesColumns,
          ),
          // The supplier's published reviews at the place, read once from the covering index: [marks, count].
          sql`(select json_build_array(sum(${marksSumSql})::int, count(*)::int) from ${reviews} where ${reviews.supplierId} = ${cars.supplierId} and ${publishedAtPlace})`,
        ),
      })
      .from(page)
      .innerJoin(cars, eq(cars.id, page.id))
      .innerJoin(users, eq(users.id, cars.supplierId))
      .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
      .orderBy(asc(page.position))
      .prepare(statementName);
  };
  const everyFreeCar = () => candidates(where(atPlace, false)).offset(SUBQUERY_FENCE);
  const allMatching = matchingOf(everyFreeCar());
  const atMostFloor =
    floor &&
    sql`${cars.id} in (select cl.car_id from car_locations cl where cl.location_id = any(${value("placeIds")}::uuid[]) and cl.${floor} <= ${value("floorBound")})`;
  // Only the walk is named (planned once per connection, generically: its plan is the same for a place of ten cars
  // or ten thousand). The others are unnamed, so PostgreSQL plans each run for the place and bound it is given: a
  // generic plan cannot see how few cars a place has and read every car of its suppliers (decision 022).
  // How many cars the walk reads, counted without it (up to its limit): a first pass that found no free car returns
  // no row to say so, and this tells whether it read them all for the price of an index-only count.
  const placeCars = db
    .select({ one: sql`1`.as("one") })
    .from(sql`car_locations cl`)
    .where(sql`cl.location_id = any(${value("placeIds")}::uuid[])`)
    .limit(value("walkedPerPlace"))
    .as("place_cars");
  return {
    page: pageOf(everyFreeCar(), ""),
    count: db.select({ value: count() }).from(allMatching).where(withinCap(allMatching)).prepare(""),
    walkable: db.select({ value: count() }).from(placeCars).prepare(""),
    first: walked && pageOf(walkedCandidates(walked), name && `${name}_first`, true),
    bounded: atMostFloor && pageOf(candidates(where(atMostFloor, true)).offset(SUBQUERY_FENCE), ""),
  };
}

type SearchStatements = ReturnType<typeof buildSearch>;

/**
 * Shapes kept per database, most recently used last; a shape past the limit is built again when it comes back.
 * Embedded PGlite keeps 200 statements prepared (STATEMENT_CACHE_SIZE): searches take at most a quarter of them.
 */
const SEARCH_SHAPES_KEPT = 50;

const unfiltered = (shape: FilterShape) =>
  Object.values(shape).every((set) => set === false || set === null || (Array.isArray(set) && set.length === 0));
const searchStatements = new WeakMap<Executor, Map<string, SearchStatements>>();

function searchStatementsFor(
  db: Executor,
  shape: FilterShape,
  sort: SortOrder,
  days: number,
  underADay: boolean,
): SearchStatements {
  let shapes = searchStatements.get(db);
  if (!shapes) searchStatements.set(db, (shapes = new Map()));
  // Cheapest first walks the rate floor of the rental's band: one statement per band. A rental under a day may be
  // billed by the hour, below any car's day floor (decision 037): every free car is ranked.
  const band = sort === "price-asc" && !underADay ? rateBand(days) : null;
  const key = JSON.stringify([sort, band, shape]);
  let statements = shapes.get(key);
  if (statements) shapes.delete(key);
  else {
    // PostgreSQL keeps a named statement on each pooled connection until it closes, so only the searches most pages
    // are, cheapest first without filters (one walk per band), are named: what visitors can make a connection hold
    // stays at four statements. A filtered shape goes unnamed (an empty name), parsed on each run. A name comes from
    // the shape, whose text never changes, so a shape built again (or inside a transaction) reuses the statement.
    const name = unfiltered(shape) ? `search_${createHash("sha256").update(key).digest("hex").slice(0, 20)}` : "";
    statements = buildSearch(db, shape, sort, band, name);
    if (shapes.size >= SEARCH_SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
  }
  shapes.set(key, statements);
  return statements;
}

/** A supplier's mark at the place from its published reviews' totals (decision 034); null before any. */
function reviewsOf([marks, count]: [marks: number | null, count: number]): CarOffer["reviews"] {
  return count > 0 && marks !== null ? { average: marks / (REVIEW_MARKS.length * count), count } : null;
}

export interface SearchResults {
  offers: CarOffer[];
  /** How many cars match, or when `more`, how many at least (decision 022). */
  total: number;
  more: boolean;
  days: number;
}

export async function searchCars(db: Executor, criteria: SearchCriteria): Promise<SearchResults> {
  const days = rentalDays(criteria.from, criteria.to, criteria.pickup.timeZone);
  const placeIds = criteria.placeIds ?? (await placeAndChildren(db, criteria.pickup.id));
  const windowOpen = freeCancellationOpen(criteria.from, criteria.now ?? new Date());
  const afterHours = criteria.afterClosingMinutes != null;
  const values = searchValues(criteria, days, placeIds);
  const statements = searchStatementsFor(
    db,
    filterShape(criteria.filters, windowOpen, afterHours),
    criteria.sort,
    days,
    values.hours !== null,
  );
  let carRows: Awaited<ReturnType<SearchStatements["page"]["execute"]>>;
  let more = false;
  if (statements.first && statements.bounded) {
    carRows = await statements.first.execute(values);
    const first = carRows[0];
    const sawEveryCar =
      first !== undefined && first.walkedCount < WALKED_PER_PLACE && first.pooled < firstPassSize(criteria.page);
    if (!sawEveryCar) {
      if (first && carRows.length === CARS_PAGE_SIZE) {
        // The first pass did not see every free car: rank those at or under the floor the page's last price allows.
        const lastPrice = carRows.at(-1)!.offer.price;
        const floorBound = Math.floor(((lastPrice + 1) * 10_000) / (days * (10_000 + first.lowestMarkup)));
        carRows = await statements.bounded.execute({ ...values, floorBound });
        more = true;
        // The bounded pool may count fewer than the first pass did: both are lower bounds, keep the larger.
        for (const row of carRows) row.total = Math.max(row.total, first.total);
      } else if (first || ((await statements.walkable.execute(values))[0]?.value ?? 0) >= WALKED_PER_PLACE) {
        // The walk found too few free cars to fill the page, or none where it could not read every car: rank every
        // free car. (None where it read every car is the answer: a fully booked period needs no second statement.)
        carRows = await statements.page.execute(values);
      }
    }
  } else {
    carRows = await statements.page.execute(values);
  }

  let matches = carRows[0]?.total ?? 0;
  if (carRows.length === 0 && criteria.page > 1) {
    // Past the last page: still say how many there are, so the page can link back.
    matches = (await statements.count.execute(values))[0]?.value ?? 0;
  }
  if (carRows.length === 0) return { offers: [], total: matches, more: false, days };

  const offers = carRows.map(({ offer: car }) => {
    return {
      id: car.id,
      name: car.name,
      image: car.image,
      range: car.range,
      fuelType: car.fuelType,
      gearbox: car.gearbox,
      fuelPolicy: car.fuelPolicy,
      aircon: car.aircon,
      seats: car.seats,
      doors: car.doors,
      largeBags: car.largeBags,
      smallBags: car.smallBags,
      orSimilar: car.orSimilar,
      mileage: car.mileage,
      deposit: car.deposit,
      damageExcess: car.damageExcess,
      theftExcess: car.theftExcess,
      rating: car.rating,
      trips: car.trips,
      minimumAge: car.minimumAge,
      multimedia: car.multimedia,
      extras: {
        cancellation: car.cancellation,
        amendments: car.amendments,
        theftProtection: car.theftProtection,
        collisionDamageWaiver: car.collisionDamageWaiver,
        fullInsurance: car.fullInsurance,
        additionalDriver: car.additionalDriver,
      },
      supplier: {
        name: car.supplierName,
        slug: car.supplierSlug,
        logo: car.supplierLogo,
        payLater: car.supplierPayLater,
        charges: chargesOf(car),
      },
      // The statement's own price, which it ranked by: pricing.server.test.ts checks it is quoteRental's total.
      price: rentalPrice(car.price, days, car.billedHours),
      coveredPrice: car.coveredPrice === null ? null : rentalPrice(car.coveredPrice, days, car.billedHours),
      childSeats: criteria.filters.childSeats ?? 0,
      reviews: reviewsOf(car.reviewTotals),
    } satisfies CarOffer;
  });
  return { offers, total: matches, more, days };
}
