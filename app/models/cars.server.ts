/**
 * Search (issue: search): which cars are offered for a period at a place, ranked and priced. A car is offered when
 * it meets `offerableCar` and is free for the period (offer-conditions.server.ts), serves the pick-up location or
 * one of its children, and the rental is at least the supplier's minimum days.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cars, supplierSettings, users } from "#db/schema";
import type { Extra, Multimedia } from "./enums";
import type { Executor } from "~/utils/db.server";
import { calendarDate, rentalDays, rentalPrice, type RentalPrice } from "./pricing";
import { CARS_PAGE_SIZE, type SearchFilters, type SortOrder } from "./search";
import { freeDuring, offerableCar } from "./offer-conditions.server";
import { placeAndChildren, type PlaceOption } from "./places.server";
import { carTierPrices, checkFirstDay, checkRentalDays, datedBaseSql, rentalBaseOfSql, withMarkupSql } from "./pricing.server";

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
  price: RentalPrice;
}

/**
 * Which filters a search sets, without their values: the text of its statement depends on this (and on the sort)
 * only, so each shape is built and prepared once per database and its values are bound on every run. Seat, spec and
 * mileage choices are few and turn into different conditions, so they are part of the shape.
 */
interface FilterShape {
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
}

function filterShape(filters: SearchFilters): FilterShape {
  return {
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
  };
}

/** The statement's values by placeholder name; those of filters the shape leaves out are simply not read. */
function searchValues(criteria: SearchCriteria, days: number, placeIds: string[]): Record<string, unknown> {
  const { filters } = criteria;
  return {
    days: checkRentalDays(days),
    firstDay: checkFirstDay(calendarDate(criteria.from, criteria.pickup.timeZone)),
    from: criteria.from.toISOString(),
    to: criteria.to.toISOString(),
    placeIds,
    range: filters.range,
    rating: filters.rating,
    multimedia: filters.multimedia,
    depositCents: filters.deposit === undefined ? undefined : filters.deposit * 100,
    fuelPolicy: filters.fuelPolicy,
    supplierIds: criteria.supplierIds,
    gearbox: filters.gearbox,
    fuelType: filters.fuelType,
    offset: (criteria.page - 1) * CARS_PAGE_SIZE,
  };
}

const value = (name: string) => sql.placeholder(name);
/** One of several values: a list is one array parameter, so its length does not change the statement. */
const oneOf = (column: AnyPgColumn, name: string, type: "text" | "uuid" = "text") => sql`${column} = any(${value(name)}::${sql.raw(type)}[])`;

function filterConditions(shape: FilterShape): SQL[] {
  const conditions: SQL[] = [];
  if (shape.range) conditions.push(oneOf(cars.range, "range"));
  if (shape.rating) conditions.push(gte(cars.rating, value("rating")));
  if (shape.seats.length) {
    const seatConditions = shape.seats.map((option) => (option === "5plus" ? sql`${cars.seats} > 5` : eq(cars.seats, Number(option))));
    conditions.push(or(...seatConditions)!);
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
  supplierName: users.fullName,
  supplierSlug: supplierSettings.slug,
  supplierLogo: supplierSettings.logo,
};

/**
 * A page's car as one JSON object instead of a column each: the driver then decodes one value per car instead of one
 * per column (a third of a millisecond per page on embedded PGlite). Every field here is text, a number, a boolean
 * or a text array, so JSON gives back the same values; `price` is the rental's, markup included, as ranked.
 */
function offerJson(price: SQL) {
  const fields = [...Object.entries(offerColumns), ["price", price] as const];
  // json_build_object takes at most 100 arguments: past 50 fields, nest a second object.
  if (fields.length > 50) throw new Error(`${fields.length} fields: json_build_object takes 50 at most`);
  type OfferRow = { [K in keyof typeof offerColumns]: (typeof offerColumns)[K]["_"]["data"] | ((typeof offerColumns)[K]["_"]["notNull"] extends true ? never : null) } & { price: number };
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
 * The two statements of a search shape, built with placeholders: the page of cars, and how many cars match (asked
 * only past the last page). Building a statement this size costs drizzle about a millisecond of CPU; prepared, a
 * search only binds its values, and the text each engine sees is the same every time (decision 015).
 */
function buildSearch(db: Executor, shape: FilterShape, sort: SortOrder, name: string) {
  const where = and(
    offerableCar,
    lte(supplierSettings.minimumRentalDays, value("days")),
    sql`exists (select 1 from car_locations cl where cl.car_id = ${cars.id} and cl.location_id = any(${value("placeIds")}::uuid[]))`,
    freeDuring(value("from"), value("to")),
    ...filterConditions(shape),
  );

  // In steps, so each part of the price is computed once per car: the candidates with their tier prices (and the
  // base of a date-priced car) → each one's base → its price → ranked within their supplier → one page.
  const candidates = db
    .select({
      id: cars.id,
      supplierId: cars.supplierId,
      rating: cars.rating,
      // The greedy arithmetic reads each tier price several times: as columns, not as expressions copied each time.
      daily: sql<number | null>`${carTierPrices.daily}`.as("daily"),
      threeDays: sql<number | null>`${carTierPrices.threeDays}`.as("three_days"),
      weekly: sql<number | null>`${carTierPrices.weekly}`.as("weekly"),
      monthly: sql<number | null>`${carTierPrices.monthly}`.as("monthly"),
      dated: datedBaseSql(value("days"), value("firstDay")).as("dated"),
      markup: sql<number>`${supplierSettings.markupBasisPoints}`.as("markup_bps"),
      supplierCap: sql<number>`coalesce(${supplierSettings.maxCarsPerSearch}, 2147483647)`.as("supplier_cap"),
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(where)
    .offset(SUBQUERY_FENCE)
    .as("candidates");
  const based = db
    .select({
      id: candidates.id,
      supplierId: candidates.supplierId,
      rating: candidates.rating,
      supplierCap: candidates.supplierCap,
      markup: candidates.markup,
      base: sql<number>`${rentalBaseOfSql(value("days"), {
        dated: sql`${candidates.dated}`,
        tiers: { daily: sql`${candidates.daily}`, threeDays: sql`${candidates.threeDays}`, weekly: sql`${candidates.weekly}`, monthly: sql`${candidates.monthly}` },
      })}`.as("base"),
    })
    .from(candidates)
    .offset(SUBQUERY_FENCE)
    .as("based");
  const priced = db
    .select({
      id: based.id,
      supplierId: based.supplierId,
      rating: based.rating,
      supplierCap: based.supplierCap,
      price: withMarkupSql(sql`${based.base}`, sql`${based.markup}`).as("price"),
    })
    .from(based)
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
    sort === "price-desc"
      ? [desc(matching.price), asc(matching.id)]
      : sort === "rating"
        ? [sql`${matching.rating} desc nulls last`, asc(matching.price), asc(matching.id)]
        : [asc(matching.price), asc(matching.id)];

  const withinCap = sql`${matching.supplierRank} <= ${matching.supplierCap}`;
  // The page's cars come with their details in the same statement: one round trip for the whole page.
  const page = db
    .select({
      id: matching.id,
      price: matching.price,
      total: sql<number>`count(*) over ()`.as("total"),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("position"),
    })
    .from(matching)
    .where(withinCap)
    .orderBy(...order)
    .limit(CARS_PAGE_SIZE)
    .offset(value("offset"))
    .as("page");
  return {
    page: db
      .select({ total: sql<number>`${page.total}`.mapWith(Number), offer: offerJson(sql`${page.price}`) })
      .from(page)
      .innerJoin(cars, eq(cars.id, page.id))
      .innerJoin(users, eq(users.id, cars.supplierId))
      .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
      .orderBy(asc(page.position))
      .prepare(name && `${name}_page`),
    count: db
      .select({ value: count() })
      .from(matching)
      .where(withinCap)
      .prepare(name && `${name}_count`),
  };
}

type SearchStatements = ReturnType<typeof buildSearch>;

/**
 * Shapes kept per database, most recently used last; a shape past the limit is built again when it comes back.
 * Embedded PGlite keeps 200 statements prepared (STATEMENT_CACHE_SIZE): searches take at most a quarter of them.
 */
const SEARCH_SHAPES_KEPT = 50;

const unfiltered = (shape: FilterShape) => Object.values(shape).every((set) => set === false || set === null || (Array.isArray(set) && set.length === 0));
const searchStatements = new WeakMap<Executor, Map<string, SearchStatements>>();

function searchStatementsFor(db: Executor, shape: FilterShape, sort: SortOrder): SearchStatements {
  let shapes = searchStatements.get(db);
  if (!shapes) searchStatements.set(db, (shapes = new Map()));
  const key = JSON.stringify([sort, shape]);
  let statements = shapes.get(key);
  if (statements) shapes.delete(key);
  else {
    // PostgreSQL keeps a named statement on each pooled connection until it closes, so only the searches most pages
    // are, without filters (one per sort), are named: what visitors can make a connection hold stays at six
    // statements. A filtered shape goes unnamed (an empty name), parsed on each run as before. A name comes from the
    // shape, whose text never changes, so a shape built again (or inside a transaction) reuses the statement.
    const name = unfiltered(shape) ? `search_${createHash("sha256").update(key).digest("hex").slice(0, 20)}` : "";
    statements = buildSearch(db, shape, sort, name);
    if (shapes.size >= SEARCH_SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
  }
  shapes.set(key, statements);
  return statements;
}

export async function searchCars(db: Executor, criteria: SearchCriteria): Promise<{ offers: CarOffer[]; total: number; days: number }> {
  const days = rentalDays(criteria.from, criteria.to, criteria.pickup.timeZone);
  const placeIds = criteria.placeIds ?? (await placeAndChildren(db, criteria.pickup.id));
  const statements = searchStatementsFor(db, filterShape(criteria.filters), criteria.sort);
  const values = searchValues(criteria, days, placeIds);
  const carRows = await statements.page.execute(values);

  let matches = carRows[0]?.total ?? 0;
  if (carRows.length === 0 && criteria.page > 1) {
    // Past the last page: still say how many there are, so the page can link back.
    matches = (await statements.count.execute(values))[0]?.value ?? 0;
  }
  if (carRows.length === 0) return { offers: [], total: matches, days };

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
      supplier: { name: car.supplierName, slug: car.supplierSlug, logo: car.supplierLogo },
      // The statement's own price, which it ranked by: pricing.server.test.ts checks it is quoteRental's total.
      price: rentalPrice(car.price, days),
    } satisfies CarOffer;
  });
  return { offers, total: matches, days };
}

