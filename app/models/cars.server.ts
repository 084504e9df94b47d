/**
 * Search and availability (issue: search). A car is offered when it is available (not unavailable, fully booked
 * or coming soon), serves the pick-up location or one of its children, its supplier is not suspended, the rental
 * is at least the supplier's minimum days, and no booking that holds the car overlaps the period.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { carLocations, cars, countries, dateBasedPrices, locations, supplierSettings, users } from "#db/schema";
import { HOLDING_STATUSES, type Language, type Multimedia } from "./enums";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "~/utils/db.server";
import { localizedName } from "./localized-name";
import { calendarDate, quoteRental, rentalDays, type PriceBreakdown } from "./pricing";
import { CARS_PAGE_SIZE, type SearchFilters, type SortOrder } from "./search";

/** A tier's price as pricing.ts picks it: the discounted one when positive, else the full one when positive. */
const tierPrice = (discounted: AnyPgColumn, full: AnyPgColumn) =>
  sql`coalesce(nullif(greatest(${discounted}, 0), 0), nullif(greatest(${full}, 0), 0))`;

/**
 * The rental's base price (no extras, no markup) as SQL — the same arithmetic as `quoteRental`, which a test
 * checks car by car — so results can be sorted by the price they show. `days` and `firstDay` are inlined as
 * literals (an integer and a validated date) to keep the statement short.
 */
export function rentalBaseSql(days: number, firstDay: string): SQL {
  if (!Number.isInteger(days) || days < 1) throw new Error(`invalid day count ${days}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) throw new Error(`invalid date ${firstDay}`);
  const daysLiteral = sql.raw(String(days));
  const dayLiteral = sql.raw(`'${firstDay}'::date`);
  const daily = tierPrice(cars.discountedDailyPrice, cars.dailyPrice);
  const monthly = tierPrice(cars.discountedMonthlyPrice, cars.monthlyPrice);
  const weekly = tierPrice(cars.discountedWeeklyPrice, cars.weeklyPrice);
  const threeDays = tierPrice(cars.discountedBiWeeklyPrice, cars.biWeeklyPrice);
  // Greedy blocks: each tier takes what it can of the days the longer tiers left, when it has a price.
  const monthBlocks = sql`(case when ${monthly} is null then 0 else ${sql.raw(String(Math.floor(days / 30)))} end)`;
  const afterMonths = sql`(${daysLiteral} - 30 * ${monthBlocks})`;
  const weekBlocks = sql`(case when ${weekly} is null then 0 else ${afterMonths} / 7 end)`;
  const afterWeeks = sql`(${afterMonths} - 7 * ${weekBlocks})`;
  const threeDayBlocks = sql`(case when ${threeDays} is null then 0 else ${afterWeeks} / 3 end)`;
  const afterThreeDays = sql`(${afterWeeks} - 3 * ${threeDayBlocks})`;
  const tiered = sql`(${monthBlocks}::bigint * coalesce(${monthly}, 0) + ${weekBlocks}::bigint * coalesce(${weekly}, 0)
    + ${threeDayBlocks}::bigint * coalesce(${threeDays}, 0) + ${afterThreeDays}::bigint * ${daily})`;
  const dateBased = sql`(select sum(coalesce(
      (select p.daily_price from date_based_prices p
        where p.car_id = ${cars.id} and day::date between p.start_date and p.end_date
        order by p.start_date, p.id limit 1),
      ${daily}))::bigint
    from generate_series(${dayLiteral}, ${dayLiteral} + ${sql.raw(String(days - 1))}, interval '1 day') as day)`;
  return sql`(case when ${cars.isDateBasedPrice} and exists (select 1 from date_based_prices p where p.car_id = ${cars.id})
    then ${dateBased} else ${tiered} end)`;
}

/** `base` plus the markup in basis points, rounded half away from zero to the cent, like divideRounded. */
export function withMarkupSql(base: SQL | SQL.Aliased, basisPoints: SQL | SQL.Aliased | typeof supplierSettings.markupBasisPoints): SQL {
  // In bigint from the start: a price in cents times a markup in basis points overflows a 32-bit integer quickly.
  const amount = sql`(${base})::bigint`;
  return sql`(${amount} + sign(${amount} * ${basisPoints}) * floor((abs(${amount} * ${basisPoints}) + 5000) / 10000))::bigint`;
}

/** Conditions every offered car meets, whatever the period. */
export const offerableCar: SQL = and(
  eq(cars.available, true),
  eq(cars.fullyBooked, false),
  eq(cars.comingSoon, false),
  eq(users.blacklisted, false),
)!;

/**
 * No booking holding the car overlaps [from, to); an unpaid booking past its expiry no longer holds it.
 * One probe per candidate car, answered from the covering index bookings_car_period_idx.
 */
export function freeDuring(from: Date, to: Date, exceptBookingId?: string): SQL {
  // An amendment checks the car is free apart from the booking being amended.
  const except = exceptBookingId ? sql`and b.id <> ${exceptBookingId}::uuid` : sql``;
  return sql`not exists (
    select 1 from bookings b
    where b.car_id = ${cars.id} ${except}
      and b.starts_at < ${to.toISOString()}::timestamptz and b.ends_at > ${from.toISOString()}::timestamptz
      and b.status in (${sql.join(HOLDING_STATUSES.map((status) => sql`${status}`), sql`, `)})
      and (b.status <> 'void' or b.expires_at > now()))`;
}

export interface PlaceOption {
  id: string;
  slug: string;
  name: string;
  countryCode: string;
  countryName: string;
  parentSlug: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Offerable cars serving this place (dates aside). */
  carCount: number;
}

/** Every location with its country and how many offerable cars serve it, in the reader's language. */
export async function listPlaces(db: Executor, language: Language): Promise<PlaceOption[]> {
  const carCounts = db
    .select({ locationId: carLocations.locationId, carCount: count().as("car_count") })
    .from(carLocations)
    .innerJoin(cars, eq(cars.id, carLocations.carId))
    .innerJoin(users, eq(users.id, cars.supplierId))
    .where(offerableCar)
    .groupBy(carLocations.locationId)
    .as("car_counts");
  const parents = db.select({ id: locations.id, slug: locations.slug }).from(locations).as("parents");
  const rows = await db
    .select({
      id: locations.id,
      slug: locations.slug,
      nameEn: locations.nameEn,
      nameFr: locations.nameFr,
      nameEs: locations.nameEs,
      latitude: locations.latitude,
      longitude: locations.longitude,
      timeZone: locations.timeZone,
      parentSlug: parents.slug,
      countryCode: countries.code,
      countryEn: countries.nameEn,
      countryFr: countries.nameFr,
      countryEs: countries.nameEs,
      carCount: sql<number>`coalesce(${carCounts.carCount}, 0)::int`,
    })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .leftJoin(parents, eq(parents.id, locations.parentId))
    .leftJoin(carCounts, eq(carCounts.locationId, locations.id));
  return rows
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      name: localizedName(row, language),
      countryCode: row.countryCode,
      countryName: localizedName({ nameEn: row.countryEn, nameFr: row.countryFr, nameEs: row.countryEs }, language),
      parentSlug: row.parentSlug,
      latitude: row.latitude,
      longitude: row.longitude,
      timeZone: row.timeZone,
      carCount: row.carCount,
    }))
    .sort((a, b) => a.countryName.localeCompare(b.countryName, language) || a.name.localeCompare(b.name, language));
}

/** The places the picker offers: those with an offerable car of their own or at a child place (one pass each). */
export function availablePlaces(places: PlaceOption[]): PlaceOption[] {
  const parentsWithCars = new Set(places.filter((place) => place.carCount > 0 && place.parentSlug).map((place) => place.parentSlug));
  return places.filter((place) => place.carCount > 0 || parentsWithCars.has(place.slug));
}

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
  extras: Record<"cancellation" | "amendments" | "theftProtection" | "collisionDamageWaiver" | "fullInsurance" | "additionalDriver", number>;
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

/**
 * The place and every place below it, from a list already loaded (the catalogue's): a search then needs no query
 * for it. A place added in the last seconds joins its parent's searches when the catalogue is next recounted.
 */
export function placeSubtree(places: Pick<PlaceOption, "id" | "slug" | "parentSlug">[], root: Pick<PlaceOption, "id" | "slug">): string[] {
  const children = new Map<string, typeof places>();
  for (const place of places) if (place.parentSlug) children.set(place.parentSlug, [...(children.get(place.parentSlug) ?? []), place]);
  const ids = [root.id];
  const visited = new Set([root.slug]);
  for (let queue = [root.slug]; queue.length; ) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (visited.has(child.slug)) continue;
      visited.add(child.slug);
      ids.push(child.id);
      queue.push(child.slug);
    }
  }
  return ids;
}

/** The place and every place below it (searching a city includes its airport). */
export async function placeAndChildren(db: Executor, placeId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive tree(id) as (
      select ${placeId}::uuid
      union
      select l.id from locations l join tree on l.parent_id = tree.id
    )
    select id from tree`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
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
    .select({ total: sql<number>`${page.total}`.mapWith(Number), car: offerColumns, supplierName: users.fullName, settings: offerSupplierColumns })
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

  const ids = carRows.map((row) => row.car.id);
  const datedIds = carRows.filter((row) => row.car.isDateBasedPrice).map((row) => row.car.id);
  // The order rentalBaseSql picks periods in: earliest start first, then id. Only cars priced by date have any use.
  const periods = datedIds.length
    ? await db.select().from(dateBasedPrices).where(inArray(dateBasedPrices.carId, datedIds)).orderBy(asc(dateBasedPrices.startDate), asc(dateBasedPrices.id))
    : [];
  const byId = new Map(carRows.map((row) => [row.car.id, row]));
  const offers = ids.map((id) => {
    const { car, supplierName, settings } = byId.get(id)!;
    const price = quoteRental({
      car: { ...car, dateBasedPrices: periods.filter((period) => period.carId === id) },
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

export interface SupplierSummary {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  carCount: number;
}

/** Suppliers that are not suspended, with how many offerable cars each has. */
export async function listSuppliers(db: Executor): Promise<SupplierSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      slug: supplierSettings.slug,
      name: users.fullName,
      logo: supplierSettings.logo,
      carCount: sql<number>`count(${cars.id}) filter (where ${cars.available} and not ${cars.fullyBooked} and not ${cars.comingSoon})`.mapWith(Number),
    })
    .from(supplierSettings)
    .innerJoin(users, eq(users.id, supplierSettings.supplierId))
    .leftJoin(cars, eq(cars.supplierId, users.id))
    .where(eq(users.blacklisted, false))
    .groupBy(users.id, supplierSettings.slug, supplierSettings.logo)
    .orderBy(asc(users.fullName));
  return rows;
}

/**
 * Each range's cheapest one-day rental, markup included ('from' prices on the home page): a price a driver can
 * really be quoted — the daily price (discounted when set), or for a car with date-based prices the lowest of a
 * period that has not ended yet, as quoteRental would charge it.
 */
export async function lowestDailyPrices(db: Executor): Promise<Partial<Record<(typeof cars.$inferSelect)["range"], number>>> {
  const daily = tierPrice(cars.discountedDailyPrice, cars.dailyPrice);
  const lowestPeriod = sql`(select min(p.daily_price) from date_based_prices p where p.car_id = ${cars.id} and p.end_date >= current_date)`;
  const oneDay = sql`(case when ${cars.isDateBasedPrice} then least(${daily}, ${lowestPeriod}) else ${daily} end)`;
  const rows = await db
    .select({ range: cars.range, price: sql<number>`min(${withMarkupSql(oneDay, supplierSettings.markupBasisPoints)})`.mapWith(Number) })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(offerableCar)
    .groupBy(cars.range);
  return Object.fromEntries(rows.map((row) => [row.range, row.price]));
}
