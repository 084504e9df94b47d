/**
 * Search (issue: search): which cars are offered for a period at a place, ranked and priced. A car is offered when
 * it meets `offerableCar` and is free for the period (offer-conditions.server.ts), serves the pick-up location or
 * one of its children, and the rental is at least the supplier's minimum days.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { cars, supplierSettings, users } from "#db/schema";
import type { Extra, Multimedia } from "./enums";
import type { Executor } from "~/utils/db.server";
import { calendarDate, quoteRental, rentalDays, type PriceBreakdown } from "./pricing";
import { CARS_PAGE_SIZE, type SearchFilters, type SortOrder } from "./search";
import { freeDuring, offerableCar } from "./offer-conditions.server";
import { placeAndChildren, type PlaceOption } from "./places.server";
import { rentalBaseSql, withMarkupSql } from "./pricing.server";

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
  mileage: number;
  deposit: number;
  rating: number | null;
  trips: number;
  minimumAge: number;
  multimedia: Multimedia[];
  extras: Record<Extra, number>;
  supplier: { name: string; slug: string; logo: string | null };
  price: PriceBreakdown;
}

function filterConditions(filters: SearchFilters, supplierIds: string[]): SQL[] {
  const conditions: SQL[] = [];
  if (filters.range.length) conditions.push(inArray(cars.range, filters.range));
  if (filters.rating !== undefined) conditions.push(gte(cars.rating, filters.rating));
  if (filters.seats.length) {
    const seatConditions = filters.seats.map((option) => (option === "5plus" ? sql`${cars.seats} > 5` : eq(cars.seats, Number(option))));
    conditions.push(or(...seatConditions)!);
  }
  if (filters.specs.includes("aircon")) conditions.push(eq(cars.aircon, true));
  if (filters.specs.includes("fourDoors")) conditions.push(gte(cars.doors, 4));
  if (filters.specs.includes("fiveSeats")) conditions.push(gte(cars.seats, 5));
  if (filters.multimedia.length) {
    conditions.push(sql`${cars.multimedia} @> array[${sql.join(filters.multimedia.map((item) => sql`${item}`), sql`, `)}]::text[]`);
  }
  if (filters.deposit !== undefined) conditions.push(lt(cars.deposit, filters.deposit * 100));
  if (filters.fuelPolicy.length) conditions.push(inArray(cars.fuelPolicy, filters.fuelPolicy));
  if (filters.supplier.length) conditions.push(inArray(cars.supplierId, supplierIds.length ? supplierIds : ["00000000-0000-0000-0000-000000000000"]));
  if (filters.gearbox.length) conditions.push(inArray(cars.gearbox, filters.gearbox));
  if (filters.mileage.length === 1) conditions.push(filters.mileage[0] === "unlimited" ? eq(cars.mileage, -1) : sql`${cars.mileage} > 0`);
  if (filters.fuelType.length) conditions.push(inArray(cars.fuelType, filters.fuelType));
  return conditions;
}

/** What a result card and its price need of a car, and no more (a results page reads 15 of them per view). */
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
  mileage: cars.mileage,
  deposit: cars.deposit,
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
  dailyPrice: cars.dailyPrice,
  discountedDailyPrice: cars.discountedDailyPrice,
  biWeeklyPrice: cars.biWeeklyPrice,
  discountedBiWeeklyPrice: cars.discountedBiWeeklyPrice,
  weeklyPrice: cars.weeklyPrice,
  discountedWeeklyPrice: cars.discountedWeeklyPrice,
  monthlyPrice: cars.monthlyPrice,
  discountedMonthlyPrice: cars.discountedMonthlyPrice,
  isDateBasedPrice: cars.isDateBasedPrice,
};
const offerSupplierColumns = { slug: supplierSettings.slug, logo: supplierSettings.logo, markupBasisPoints: supplierSettings.markupBasisPoints };

/**
 * A date-priced car's periods, in the order rentalBaseSql picks them (earliest start first, then id), read with the
 * page's cars: one statement for the page, and no read at all for the other cars.
 */
const datedPeriods = sql<Array<{ startDate: string; endDate: string; dailyPrice: number }> | null>`case when ${cars.isDateBasedPrice} then (
    select json_agg(json_build_object('startDate', p.start_date, 'endDate', p.end_date, 'dailyPrice', p.daily_price) order by p.start_date, p.id)
    from date_based_prices p where p.car_id = ${cars.id}) end`;

/**
 * `OFFSET 0` keeps a subquery of its own: flattened, PostgreSQL copies the rental-base expression into every
 * reference to it (the markup, the ranking, the sort) and planned longer than it ran. Drizzle drops a numeric
 * `offset(0)` (it is falsy), so the fence is a literal.
 */
export const SUBQUERY_FENCE = sql`0` as unknown as number;

export async function searchCars(db: Executor, criteria: SearchCriteria): Promise<{ offers: CarOffer[]; total: number; days: number }> {
  const days = rentalDays(criteria.from, criteria.to, criteria.pickup.timeZone);
  const placeIds = criteria.placeIds ?? (await placeAndChildren(db, criteria.pickup.id));
  const where = and(
    offerableCar,
    lte(supplierSettings.minimumRentalDays, days),
    sql`exists (select 1 from car_locations cl where cl.car_id = ${cars.id} and cl.location_id in (${sql.join(placeIds.map((id) => sql`${id}::uuid`), sql`, `)}))`,
    freeDuring(criteria.from, criteria.to),
    ...filterConditions(criteria.filters, criteria.supplierIds),
  );

  // Three steps so the price is computed once per car: candidates → ranked within their supplier → one page.
  const candidates = db
    .select({
      id: cars.id,
      supplierId: cars.supplierId,
      rating: cars.rating,
      base: rentalBaseSql(days, calendarDate(criteria.from, criteria.pickup.timeZone)).as("base"),
      markup: sql<number>`${supplierSettings.markupBasisPoints}`.as("markup_bps"),
      supplierCap: sql<number>`coalesce(${supplierSettings.maxCarsPerSearch}, 2147483647)`.as("supplier_cap"),
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(where)
    .offset(SUBQUERY_FENCE)
    .as("candidates");
  const priced = db
    .select({
      id: candidates.id,
      supplierId: candidates.supplierId,
      rating: candidates.rating,
      supplierCap: candidates.supplierCap,
      price: withMarkupSql(sql`${candidates.base}`, sql`${candidates.markup}`).as("price"),
    })
    .from(candidates)
    .as("priced");
  const matching = db
    .select({
      id: priced.id,
      price: priced.price,
      rating: priced.rating,
      // Suppliers may cap how many of their cars one search shows: keep each supplier's cheapest ones.
      supplierRank: sql<number>`row_number() over (partition by ${priced.supplierId} order by ${priced.price}, ${priced.id})`.as("supplier_rank"),
      supplierCap: priced.supplierCap,
    })
    .from(priced)
    .as("matching");

  const order =
    criteria.sort === "price-desc"
      ? [desc(matching.price), asc(matching.id)]
      : criteria.sort === "rating"
        ? [sql`${matching.rating} desc nulls last`, asc(matching.price), asc(matching.id)]
        : [asc(matching.price), asc(matching.id)];

  const withinCap = sql`${matching.supplierRank} <= ${matching.supplierCap}`;
  // The page's cars come with their details in the same statement: one round trip for the whole page.
  const page = db
    .select({
      id: matching.id,
      total: sql<number>`count(*) over ()`.as("total"),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("position"),
    })
    .from(matching)
    .where(withinCap)
    .orderBy(...order)
    .limit(CARS_PAGE_SIZE)
    .offset((criteria.page - 1) * CARS_PAGE_SIZE)
    .as("page");
  const carRows = await db
    .select({ total: sql<number>`${page.total}`.mapWith(Number), car: offerColumns, supplierName: users.fullName, settings: offerSupplierColumns, periods: datedPeriods })
    .from(page)
    .innerJoin(cars, eq(cars.id, page.id))
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .orderBy(asc(page.position));

  let matches = carRows[0]?.total ?? 0;
  if (carRows.length === 0 && criteria.page > 1) {
    // Past the last page: still say how many there are, so the page can link back.
    matches = (await db.select({ value: count() }).from(matching).where(withinCap))[0]?.value ?? 0;
  }
  if (carRows.length === 0) return { offers: [], total: matches, days };

  const offers = carRows.map(({ car, supplierName, settings, periods }) => {
    const price = quoteRental({
      car: { ...car, dateBasedPrices: periods ?? [] },
      markupBasisPoints: settings.markupBasisPoints,
      from: criteria.from,
      to: criteria.to,
      timeZone: criteria.pickup.timeZone,
    });
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
      mileage: car.mileage,
      deposit: car.deposit,
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
      supplier: { name: supplierName, slug: settings.slug, logo: settings.logo },
      price,
    } satisfies CarOffer;
  });
  return { offers, total: matches, days };
}

