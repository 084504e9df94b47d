/**
 * The one PostgreSQL schema, shared by embedded PGlite and a real PostgreSQL server.
 * Money is stored as integer minor units (cents) of the base currency (USD); instants as
 * timestamptz; calendar dates (birth dates, date-based price periods) as date.
 * The overbooking guarantee (an exclusion constraint) and case-insensitive e-mail uniqueness live
 * in hand-written SQL in db/migrations (drizzle-kit cannot express an exclusion constraint).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type {
  Currency,
  Equipment,
  Extra,
  Language,
  Multimedia,
  OperatorMailKind,
  DocumentSeries,
  SignInMethod,
  SignInOutcome,
  StaffRole,
  UserRole,
} from "../app/domain/enums";
import type { WeeklyHours } from "../app/domain/pickup-desk";
import {
  USER_ROLES,
  STAFF_ROLES,
  OPERATOR_MAIL_KINDS,
  DOCUMENT_SERIES,
  SIGN_IN_METHODS,
  SIGN_IN_OUTCOMES,
  LANGUAGES,
  CURRENCIES,
  CAR_RANGES,
  FUEL_TYPES,
  GEARBOXES,
  FUEL_POLICIES,
  BOOKING_STATUSES,
  PAYMENT_MODES,
  PAYMENT_GATEWAYS,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  DESK_KINDS,
  OUTBOX_STATUSES,
  FLEET_IMPORT_STATUSES,
  TOKEN_PURPOSES,
  BLOCK_REASONS,
  AUDIT_ACTIONS,
  AUDITED_RECORDS,
  BOOKING_EVENT_KINDS,
  PAYMENT_LINK_PURPOSES,
  SOCIAL_PROVIDERS,
  EQUIPMENT,
  EQUIPMENT_CHARGES,
  REVIEW_STATUSES,
  RENTAL_STATES,
  COUNTER_PAYMENT_METHODS,
} from "../app/domain/enums";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(", ")})`);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    location: text("location"),
    bio: text("bio"),
    birthDate: date("birth_date"),
    language: char("language", { length: 2 }).$type<Language>().notNull().default("en"),
    currency: char("currency", { length: 3 }).$type<Currency>(),
    enableEmailNotifications: boolean("enable_email_notifications").notNull().default(true),
    avatar: text("avatar"),
    driverLicense: text("driver_license"),
    verified: boolean("verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    blacklisted: boolean("blacklisted").notNull().default(false),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("users_role_check", inList("role", USER_ROLES)),
    check("users_language_check", inList("language", LANGUAGES)),
    check("users_currency_check", sql`${table.currency} is null or ${inList("currency", CURRENCIES)}`),
    index("users_role_idx").on(table.role),
  ],
);

/**
 * A supplier's team (decision 044): each member is a user of role 'staff' with their own sign-in, working for one
 * supplier in one role.
 */
export const supplierStaff = pgTable(
  "supplier_staff",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("supplier_staff_role_check", inList("role", STAFF_ROLES)),
    index("supplier_staff_supplier_idx").on(table.supplierId),
  ],
);

/** Per-supplier rules; a supplier is a user whose role is 'supplier'. */
export const supplierSettings = pgTable(
  "supplier_settings",
  {
    supplierId: uuid("supplier_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    logo: text("logo"),
    payLater: boolean("pay_later").notNull().default(true),
    licenseRequired: boolean("license_required").notNull().default(false),
    /** Markup in hundredths of a percent (250 = 2.5 %); may be negative. */
    markupBasisPoints: integer("markup_basis_points").notNull().default(0),
    minimumRentalDays: smallint("minimum_rental_days").notNull().default(1),
    /**
     * Hourly rentals (decision 037): a rental under a day of a car with an hourly price is billed by the hour, at least
     * this many hours, and never more than the car's day.
     */
    hourlyMinimumHours: smallint("hourly_minimum_hours").notNull().default(1),
    /** How many of this supplier's cars one search may show; null = no limit. */
    maxCarsPerSearch: integer("max_cars_per_search"),
    /**
     * Late flights (decision 031): how long the desk keeps the car past the pick-up time for a driver who gave a flight
     * number, in minutes (0: not at all), and whether such a driver may collect up to that long after the desk closes.
     */
    flightGraceMinutes: integer("flight_grace_minutes").notNull().default(60),
    afterHoursForFlights: boolean("after_hours_for_flights").notNull().default(false),
    /** It rents a category, not a model (decision 032): its cars are named "or similar". */
    rentsByCategory: boolean("rents_by_category").notNull().default(false),
    /** Rental contract file per language, e.g. { "en": "/contracts/x-en.pdf" }. */
    contracts: jsonb("contracts").$type<Partial<Record<Language, string>>>().notNull().default({}),
    /** Sales tax in hundredths of a percent (2000 = 20 %), in the supplier's rates or added to them (decision 025). */
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    taxIncluded: boolean("tax_included").notNull().default(true),
    /** Cents charged once for a car returned to another place (0: none). */
    oneWayFee: integer("one_way_fee").notNull().default(0),
    /** Drivers younger than this pay the daily young-driver fee (null: no such fee). */
    youngDriverAge: smallint("young_driver_age"),
    youngDriverDailyFee: integer("young_driver_daily_fee").notNull().default(0),
    /**
     * What its invoices say of it (issue 52, decision 049): its legal name and address, and its tax id. A supplier
     * with a tax id issues invoices; one without issues receipts.
     */
    legalName: text("legal_name"),
    legalAddress: text("legal_address"),
    taxId: text("tax_id"),
  },
  (table) => [
    check("supplier_markup_check", sql`${table.markupBasisPoints} between -9999 and 100000`),
    check("supplier_min_days_check", sql`${table.minimumRentalDays} >= 1`),
    check("supplier_hourly_minimum_check", sql`${table.hourlyMinimumHours} between 1 and 12`),
    check("supplier_flight_grace_check", sql`${table.flightGraceMinutes} between 0 and 720`),
    check("supplier_tax_rate_check", sql`${table.taxRateBasisPoints} between 0 and 5000`),
    check("supplier_fees_check", sql`${table.oneWayFee} >= 0 and ${table.youngDriverDailyFee} >= 0`),
    check(
      "supplier_young_driver_age_check",
      sql`${table.youngDriverAge} is null or ${table.youngDriverAge} between 19 and 35`,
    ),
  ],
);

/**
 * What a supplier lends with any of its cars (decision 033): one row per piece it offers, its price in cents per day
 * (at most `cap` per piece and rental) or per rental. No row: not lent.
 */
export const supplierEquipment = pgTable(
  "supplier_equipment",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EQUIPMENT }).notNull(),
    charge: text("charge", { enum: EQUIPMENT_CHARGES }).notNull(),
    price: integer("price").notNull(),
    cap: integer("cap"),
  },
  (table) => [
    primaryKey({ columns: [table.supplierId, table.kind] }),
    check("supplier_equipment_kind_check", inList("kind", EQUIPMENT)),
    check("supplier_equipment_charge_check", inList("charge", EQUIPMENT_CHARGES)),
    check("supplier_equipment_price_check", sql`${table.price} between 0 and 1000000`),
    check(
      "supplier_equipment_cap_check",
      sql`${table.cap} is null or (${table.charge} = 'perDay' and ${table.cap} between ${table.price} and 1000000)`,
    ),
  ],
);

export const countries = pgTable("countries", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: char("code", { length: 2 }).notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  nameEs: text("name_es").notNull(),
});

export const locations = pgTable(
  "locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => countries.id),
    /** Searching a parent location includes its children (e.g. a city and its airport). */
    parentId: uuid("parent_id").references((): AnyPgColumn => locations.id),
    nameEn: text("name_en").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEs: text("name_es").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** IANA zone; calendar days of date-based prices are counted in it. */
    timeZone: text("time_zone").notNull(),
    image: text("image"),
    /** The rental desk (decision 024): its street address, where it is, its phone and its weekly hours. */
    address: text("address"),
    deskKind: text("desk_kind", { enum: DESK_KINDS }),
    phone: text("phone"),
    /** Seven days, Monday first, each ['HH:MM', 'HH:MM'] in the place's zone or null (closed); null: any time. */
    openingHours: jsonb("opening_hours").$type<WeeklyHours>(),
    /** An airport (decision 031): drivers collecting here may give their flight number. */
    airport: boolean("airport").notNull().default(false),
    /**
     * The supplier that runs the place's desk (decision 048): its owner keeps the desk's address, phone, kind and
     * hours; the place itself (names, position, zone, parent) stays the admin's. Null: the admin keeps the desk too.
     */
    deskSupplierId: uuid("desk_supplier_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("locations_country_idx").on(table.countryId),
    index("locations_desk_supplier_idx").on(table.deskSupplierId),
    check("locations_desk_kind_check", sql`${table.deskKind} is null or ${inList("desk_kind", DESK_KINDS)}`),
    index("locations_parent_idx").on(table.parentId),
    // Places in name order, in each language, a page at a time (revenue per place: migration 0051).
    index("locations_name_en_idx").on(table.nameEn, table.id),
    index("locations_name_fr_idx").on(table.nameFr, table.id),
    index("locations_name_es_idx").on(table.nameEs, table.id),
    check("locations_latitude_check", sql`${table.latitude} between -90 and 90`),
    check("locations_longitude_check", sql`${table.longitude} between -180 and 180`),
  ],
);

export const parkingSpots = pgTable(
  "parking_spots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    locationId: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    nameEn: text("name_en").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEs: text("name_es").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (table) => [index("parking_spots_location_idx").on(table.locationId)],
);

/**
 * A car's lowest price per day over the tiers a rental of `band` days or more can use (greedy tiers: a 7-day rental
 * uses the daily, three-day and weekly tiers), in whole cents rounded down; 0 for a date-priced car, whose days may
 * cost anything. A rental of d days in that band costs at least d times this before the markup, so the cheapest
 * offers can be found by walking an index on it (car_locations keeps a copy per place; decision 022).
 */
function rateFloorSql(band: 1 | 3 | 7 | 30) {
  const tier = (discounted: string, full: string, days: number) =>
    `coalesce(nullif(greatest(${discounted}, 0), 0), nullif(greatest(${full}, 0), 0))${days > 1 ? ` / ${days}` : ""}`;
  const tiers = [
    tier("discounted_daily_price", "daily_price", 1),
    tier("discounted_bi_weekly_price", "bi_weekly_price", 3),
    tier("discounted_weekly_price", "weekly_price", 7),
    tier("discounted_monthly_price", "monthly_price", 30),
  ].slice(0, { 1: 1, 3: 2, 7: 3, 30: 4 }[band]);
  // least() skips nulls: a tier without a price does not lower the floor.
  return sql.raw(`case when is_date_based_price then 0 else least(${tiers.join(", ")}) end`);
}
const rateFloor = (band: 1 | 3 | 7 | 30) =>
  integer(`rate_floor_${band}`).notNull().generatedAlwaysAs(rateFloorSql(band));

/** Extras columns: -1 unavailable, 0 included, otherwise the price in cents (per day or flat, see pricing). */
const extraPrice = (name: string) => integer(name).notNull().default(-1);

export const cars = pgTable(
  "cars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    licensePlate: text("license_plate").notNull(),
    minimumAge: smallint("minimum_age").notNull().default(21),
    dailyPrice: integer("daily_price").notNull(),
    discountedDailyPrice: integer("discounted_daily_price"),
    biWeeklyPrice: integer("bi_weekly_price"),
    discountedBiWeeklyPrice: integer("discounted_bi_weekly_price"),
    weeklyPrice: integer("weekly_price"),
    discountedWeeklyPrice: integer("discounted_weekly_price"),
    monthlyPrice: integer("monthly_price"),
    discountedMonthlyPrice: integer("discounted_monthly_price"),
    isDateBasedPrice: boolean("is_date_based_price").notNull().default(false),
    /** Cents per hour for a rental under a day (decision 037); null: rented by the day only. */
    hourlyPrice: integer("hourly_price"),
    rateFloor1: rateFloor(1),
    rateFloor3: rateFloor(3),
    rateFloor7: rateFloor(7),
    rateFloor30: rateFloor(30),
    deposit: integer("deposit").notNull().default(0),
    /**
     * What the driver owes, at most, if the car is damaged or stolen (decision 030), in cents; the protection extras
     * reduce them. Migration 0021 set a car's to its deposit until its operator states them.
     */
    damageExcess: integer("damage_excess").notNull().default(0),
    theftExcess: integer("theft_excess").notNull().default(0),
    available: boolean("available").notNull().default(true),
    fullyBooked: boolean("fully_booked").notNull().default(false),
    comingSoon: boolean("coming_soon").notNull().default(false),
    range: text("range", { enum: CAR_RANGES }).notNull(),
    fuelType: text("fuel_type", { enum: FUEL_TYPES }).notNull(),
    gearbox: text("gearbox", { enum: GEARBOXES }).notNull(),
    aircon: boolean("aircon").notNull().default(true),
    seats: smallint("seats").notNull(),
    doors: smallint("doors").notNull(),
    /** The luggage it takes (decision 032): large suitcases and small bags. */
    largeBags: smallint("large_bags").notNull().default(0),
    smallBags: smallint("small_bags").notNull().default(0),
    fuelPolicy: text("fuel_policy", { enum: FUEL_POLICIES }).notNull(),
    /** -1 unlimited, otherwise kilometres per day. */
    mileage: integer("mileage").notNull().default(-1),
    cancellation: extraPrice("cancellation"),
    amendments: extraPrice("amendments"),
    theftProtection: extraPrice("theft_protection"),
    collisionDamageWaiver: extraPrice("collision_damage_waiver"),
    fullInsurance: extraPrice("full_insurance"),
    additionalDriver: extraPrice("additional_driver"),
    multimedia: text("multimedia")
      .array()
      .$type<Multimedia[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: real("rating"),
    trips: integer("trips").notNull().default(0),
    co2: integer("co2"),
    image: text("image"),
    /**
     * Retired by an operator (decision 027): no longer offered, kept because bookings name it. A car without
     * bookings is deleted instead.
     */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /**
     * A lower bound of the end of its last rental started (migration 0045, written by triggers and the minute beat
     * only): the latest end among its kept bookings that started 10 minutes before it was counted, or null. The
     * overview's idle cars walk cars in this order and count each exactly (`idle-cars.server.ts`).
     */
    idleFloor: timestamp("idle_floor", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("cars_supplier_plate_idx").on(table.supplierId, table.licensePlate),
    check("cars_range_check", inList("range", CAR_RANGES)),
    check("cars_fuel_type_check", inList("fuel_type", FUEL_TYPES)),
    check("cars_gearbox_check", inList("gearbox", GEARBOXES)),
    check("cars_fuel_policy_check", inList("fuel_policy", FUEL_POLICIES)),
    check("cars_minimum_age_check", sql`${table.minimumAge} between 21 and 99`),
    check("cars_daily_price_check", sql`${table.dailyPrice} > 0`),
    check(
      "cars_prices_check",
      sql`coalesce(${table.discountedDailyPrice}, 1) > 0 and coalesce(${table.biWeeklyPrice}, 1) > 0
        and coalesce(${table.discountedBiWeeklyPrice}, 1) > 0 and coalesce(${table.weeklyPrice}, 1) > 0
        and coalesce(${table.discountedWeeklyPrice}, 1) > 0 and coalesce(${table.monthlyPrice}, 1) > 0
        and coalesce(${table.discountedMonthlyPrice}, 1) > 0 and coalesce(${table.hourlyPrice}, 1) > 0`,
    ),
    check("cars_deposit_check", sql`${table.deposit} >= 0`),
    check("cars_excess_check", sql`${table.damageExcess} >= 0 and ${table.theftExcess} >= 0`),
    check("cars_seats_check", sql`${table.seats} between 1 and 99`),
    check("cars_doors_check", sql`${table.doors} between 0 and 9`),
    check("cars_bags_check", sql`${table.largeBags} between 0 and 20 and ${table.smallBags} between 0 and 20`),
    check("cars_mileage_check", sql`${table.mileage} = -1 or ${table.mileage} > 0`),
    check(
      "cars_extras_check",
      sql`least(${table.cancellation}, ${table.amendments}, ${table.theftProtection}, ${table.collisionDamageWaiver}, ${table.fullInsurance}, ${table.additionalDriver}) >= -1`,
    ),
    check("cars_rating_check", sql`${table.rating} is null or ${table.rating} between 1 and 5`),
    check(
      "cars_multimedia_check",
      sql`${table.multimedia} <@ array['touchscreen','bluetooth','androidAuto','appleCarPlay']::text[]`,
    ),
    index("cars_supplier_idx").on(table.supplierId),
    // The overview's count of cars offered (decision 050), from the index alone.
    index("cars_offered_idx")
      .on(table.supplierId)
      .where(sql`${table.available} and ${table.retiredAt} is null`),
    // The overview's idle cars: offered cars by their kept lower bound, per supplier and for an admin.
    index("cars_idle_supplier_idx")
      .on(table.supplierId, table.idleFloor.asc().nullsFirst(), table.name, table.id)
      .where(sql`${table.available} and ${table.retiredAt} is null`),
    index("cars_idle_idx")
      .on(table.idleFloor.asc().nullsFirst(), table.name, table.id)
      .where(sql`${table.available} and ${table.retiredAt} is null`),
    // Search walks cheapest-first; a partial index over offerable cars keeps that walk short.
    index("cars_offerable_price_idx")
      .on(table.dailyPrice, table.id)
      .where(sql`${table.available} and not ${table.fullyBooked} and not ${table.comingSoon}`),
    index("cars_range_price_idx").on(table.range, table.dailyPrice),
    index("cars_multimedia_idx").using("gin", table.multimedia),
  ],
);

/** Which locations a car can be picked up from (at least one). */
export const carLocations = pgTable(
  "car_locations",
  {
    carId: uuid("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    // The car's rate floors, copied by triggers (migration 0008) so a place's cars can be walked cheapest first.
    rateFloor1: integer("rate_floor_1").notNull().default(0),
    rateFloor3: integer("rate_floor_3").notNull().default(0),
    rateFloor7: integer("rate_floor_7").notNull().default(0),
    rateFloor30: integer("rate_floor_30").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.carId] }),
    index("car_locations_car_idx").on(table.carId),
    ...([1, 3, 7, 30] as const).map((band) =>
      index(`car_locations_floor_${band}_idx`).on(table.locationId, table[`rateFloor${band}`], table.carId),
    ),
  ],
);

/** A daily price that applies to calendar days from startDate to endDate inclusive. */
export const dateBasedPrices = pgTable(
  "date_based_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carId: uuid("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    dailyPrice: integer("daily_price").notNull(),
  },
  (table) => [
    index("date_based_prices_car_idx").on(table.carId, table.startDate),
    check("date_based_prices_order_check", sql`${table.endDate} >= ${table.startDate}`),
    check("date_based_prices_price_check", sql`${table.dailyPrice} > 0`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id),
    carId: uuid("car_id")
      .notNull()
      .references(() => cars.id),
    driverId: uuid("driver_id")
      .notNull()
      .references(() => users.id),
    pickupLocationId: uuid("pickup_location_id")
      .notNull()
      .references(() => locations.id),
    dropoffLocationId: uuid("dropoff_location_id")
      .notNull()
      .references(() => locations.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    /**
     * Where the car is (decision 040): not yet out, out with the driver, or returned, written with the desk's event in
     * its transaction. A car out past `ends_at` is overdue and stays occupied until its return is recorded.
     */
    rentalState: text("rental_state", { enum: RENTAL_STATES }).notNull().default("notOut"),
    paymentMode: text("payment_mode", { enum: PAYMENT_MODES }).notNull(),
    cancellation: boolean("cancellation").notNull().default(false),
    amendments: boolean("amendments").notNull().default(false),
    theftProtection: boolean("theft_protection").notNull().default(false),
    collisionDamageWaiver: boolean("collision_damage_waiver").notNull().default(false),
    fullInsurance: boolean("full_insurance").notNull().default(false),
    additionalDriver: boolean("additional_driver").notNull().default(false),
    /** Price breakdown computed on the server, in base-currency cents. */
    days: integer("days").notNull(),
    /** The hours billed when the rental was priced by the hour (decision 037); null when priced by the day. */
    hours: smallint("hours"),
    basePrice: integer("base_price").notNull(),
    extrasPrice: integer("extras_price").notNull(),
    markup: integer("markup").notNull(),
    /** The supplier's fees as quoted (decision 025), and its tax: added to the total, or the share of it included. */
    oneWayFee: integer("one_way_fee").notNull().default(0),
    youngDriverFee: integer("young_driver_fee").notNull().default(0),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    taxAdded: boolean("tax_added").notNull().default(false),
    taxAmount: integer("tax_amount").notNull().default(0),
    totalPrice: integer("total_price").notNull(),
    deposit: integer("deposit").notNull(),
    /**
     * The car's excesses when booked (decision 030), before the booking's protection extras reduce them; null for a
     * booking made before excesses were stated (its driver was never told one).
     */
    damageExcess: integer("damage_excess"),
    theftExcess: integer("theft_excess"),
    /** What the chosen payment mode takes online, in base-currency cents (0 when paying later). */
    amountDue: integer("amount_due").notNull(),
    displayCurrency: char("display_currency", { length: 3 }).$type<Currency>().notNull().default("USD"),
    /** Units of the display currency per base unit, as shown to the driver when booking. */
    displayRate: doublePrecision("display_rate").notNull().default(1),
    // A gateway's name is plain text: the registry (models/payments/gateways) knows the names, not the database,
    // so a new gateway needs no migration.
    paymentGateway: text("payment_gateway", { enum: PAYMENT_GATEWAYS }),
    /** Each chosen extra's cost in base cents (0 when included), and each piece of equipment's, as quoted. */
    extrasBreakdown: jsonb("extras_breakdown")
      .$type<Partial<Record<Extra | Equipment, number>>>()
      .notNull()
      .default({}),
    /** How many of each piece of the supplier's equipment the booking takes (decision 033); their costs are above. */
    equipment: jsonb("equipment").$type<Partial<Record<Equipment, number>>>().notNull().default({}),
    /** What the gateway confirmed it took, in display-currency minor units (null until paid online). */
    chargedAmount: integer("charged_amount"),
    /**
     * What a change by staff left to pay at the counter on a booking paid in full online (decision 029), in
     * display-currency minor units: the desk collects it with the car.
     */
    counterBalance: integer("counter_balance").notNull().default(0),
    /** The driver's licence file (in the uploads folder) given for this booking, when the supplier requires one. */
    driverLicense: text("driver_license"),
    /**
     * The birth date the driver gave at checkout, which the age rules and the young-driver fee were judged by (the
     * desk checks it against the licence). Kept on the booking: a checkout never rewrites a profile's birth date.
     */
    driverBirthDate: date("driver_birth_date"),
    /** The driver's arriving flight at an airport pick-up (decision 031), as 'AF 1234'. */
    flightNumber: text("flight_number"),
    /**
     * How long the supplier waits for a late flight, as the driver was told it when booking (or at the last change):
     * a supplier changing its grace period later changes it for new bookings only. Null on rows written before it
     * was kept (read as the supplier's current one).
     */
    flightGraceMinutes: integer("flight_grace_minutes"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The payment attempt's session, which names its return page (ours for the sandbox and PayPal, Stripe's for
     * Stripe). A gateway's own ids (order, payment intent, capture…) are `references` on the payments row.
     */
    checkoutSessionId: text("checkout_session_id"),
    cancelRequest: boolean("cancel_request").notNull().default(false),
    /** The driver removed it from their list (decision 011): the supplier still keeps the record. */
    driverDeletedAt: timestamp("driver_deleted_at", { withTimezone: true }),
    /** An unpaid ('void') booking holds the car only until this instant. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * When an unpaid hold was released (payment failed, abandoned or too late): it is then 'cancelled' and listed
     * nowhere, but kept, so a payment that completes later still finds its booking (decision 019).
     */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("bookings_status_check", inList("status", BOOKING_STATUSES)),
    check("bookings_payment_mode_check", inList("payment_mode", PAYMENT_MODES)),
    check("bookings_rental_state_check", inList("rental_state", RENTAL_STATES)),
    check("bookings_period_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("bookings_amounts_check", sql`${table.totalPrice} >= 0 and ${table.amountDue} >= 0 and ${table.days} >= 1`),
    check("bookings_excess_check", sql`${table.damageExcess} >= 0 and ${table.theftExcess} >= 0`),
    check("bookings_flight_number_check", sql`${table.flightNumber} is null or length(${table.flightNumber}) <= 10`),
    check(
      "bookings_flight_grace_check",
      sql`${table.flightGraceMinutes} is null or ${table.flightGraceMinutes} between 0 and 720`,
    ),
    check("bookings_counter_balance_check", sql`${table.counterBalance} >= 0`),
    check("bookings_void_expiry_check", sql`${table.status} <> 'void' or ${table.expiresAt} is not null`),
    // /bookings pages in (starts_at desc, id) order within the viewer's scope: driver, supplier, or all (decision 011).
    index("bookings_driver_list_idx").on(table.driverId, table.startsAt.desc().nullsFirst(), table.id),
    index("bookings_supplier_list_idx").on(table.supplierId, table.startsAt.desc().nullsFirst(), table.id),
    index("bookings_list_idx").on(table.startsAt.desc().nullsFirst(), table.id),
    // The operators' list (issue 50): its scope (every booking not released) in each of its orders, read either way,
    // so its pages and its count are index scans of the scope alone.
    ...(
      [
        ["pickup", table.startsAt],
        ["return", table.endsAt],
        ["booked", table.createdAt],
      ] as const
    ).flatMap(([order, column]) => [
      index(`bookings_staff_supplier_${order}_idx`)
        .on(table.supplierId, column.desc().nullsFirst(), table.id)
        .where(sql`${table.releasedAt} is null`),
      index(`bookings_staff_${order}_idx`)
        .on(column.desc().nullsFirst(), table.id)
        .where(sql`${table.releasedAt} is null`),
    ]),
    // bookings_car_period_idx (car_id, starts_at) INCLUDE (ends_at, status, expires_at) is in 0002_search_indexes.sql.
    index("bookings_void_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'void'`),
    uniqueIndex("bookings_checkout_session_idx").on(table.checkoutSessionId),
    // The cars out with a driver (a few per supplier at any time): search, checkout and blocks ask which are overdue.
    index("bookings_out_idx")
      .on(table.carId, table.endsAt)
      .where(sql`${table.rentalState} = 'out'`),
  ],
);

/**
 * What happened at the desk (decision 028): the car handed over and the car returned, each once per booking, with
 * when, by whom, the odometer and the fuel level. Recorded as events beside the booking's status, which they leave.
 */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: BOOKING_EVENT_KINDS }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    /** The odometer, in kilometres. */
    mileage: integer("mileage").notNull(),
    /** The fuel gauge in eighths: 0 empty, 8 full. */
    fuelEighths: smallint("fuel_eighths").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("booking_events_booking_kind_idx").on(table.bookingId, table.kind),
    check("booking_events_kind_check", inList("kind", BOOKING_EVENT_KINDS)),
    check("booking_events_mileage_check", sql`${table.mileage} between 0 and 5000000`),
    check("booking_events_fuel_check", sql`${table.fuelEighths} between 0 and 8`),
    check("booking_events_note_check", sql`length(${table.note}) <= 500`),
  ],
);

/**
 * Money the counter took for a booking (decision 040): how much, in the booking's currency, how, by whom and when.
 * What is left to pay at the counter is what the booking's terms leave there less these.
 */
export const counterPayments = pgTable(
  "counter_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** Minor units of `currency`, the booking's display currency. */
    amount: integer("amount").notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    method: text("method", { enum: COUNTER_PAYMENT_METHODS }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    index("counter_payments_booking_idx").on(table.bookingId),
    check("counter_payments_amount_check", sql`${table.amount} > 0`),
    check("counter_payments_method_check", inList("method", COUNTER_PAYMENT_METHODS)),
    check("counter_payments_note_check", sql`length(${table.note}) <= 500`),
  ],
);

/** A car taken off the road for a period by an operator (decision 027): repair, damage, private use. */
export const carBlocks = pgTable(
  "car_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carId: uuid("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason", { enum: BLOCK_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("car_blocks_period_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("car_blocks_reason_check", inList("reason", BLOCK_REASONS)),
    check("car_blocks_note_check", sql`length(${table.note}) <= 500`),
    index("car_blocks_car_period_idx").on(table.carId, table.startsAt),
  ],
);

/**
 * What holds each car when: one row per booking that holds it and per availability block, kept by triggers
 * (migration 0017). Its exclusion constraint is the database's guarantee that a block and a booking never overlap,
 * as `bookings_no_overlap` guarantees it for two bookings (decision 027). Never written by the application.
 */
export const carOccupancy = pgTable(
  "car_occupancy",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carId: uuid("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    bookingId: uuid("booking_id")
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    blockId: uuid("block_id")
      .unique()
      .references(() => carBlocks.id, { onDelete: "cascade" }),
  },
  (table) => [check("car_occupancy_one_source_check", sql`num_nonnulls(${table.bookingId}, ${table.blockId}) = 1`)],
);

/**
 * Every change an operator makes (decision 027), written in the same transaction as the change: who (kept by name
 * too, should the account go), when, which record, and each field from and to. Never updated or deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role", { enum: USER_ROLES }).notNull(),
    /** A supplier's staff member's role on its team when they acted (decision 044): owner, manager or desk. */
    actorStaffRole: text("actor_staff_role", { enum: STAFF_ROLES }),
    record: text("record", { enum: AUDITED_RECORDS }).notNull(),
    recordId: uuid("record_id").notNull(),
    /** The supplier whose record it is (a supplier sees its own trail); null for the platform's records. */
    supplierId: uuid("supplier_id"),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    /** What the record is called, so the trail still reads after the record is gone. */
    label: text("label").notNull(),
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    check("audit_log_record_check", inList("record", AUDITED_RECORDS)),
    check("audit_log_action_check", inList("action", AUDIT_ACTIONS)),
    index("audit_log_record_idx").on(table.record, table.recordId, table.createdAt.desc()),
    index("audit_log_supplier_idx").on(table.supplierId, table.createdAt.desc()),
  ],
);

/**
 * A payment link mailed to a driver (decision 029): the hold of a booking staff took for them, or the balance a change
 * by staff left to pay. The token in its address is the only key: unguessable, and only its hash is stored.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** SHA-256 of the token the mail carries, base64url. */
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: PAYMENT_LINK_PURPOSES }).notNull(),
    /** Display-currency minor units, in the booking's display currency. */
    amount: integer("amount").notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Replaced by a later change, or its booking cancelled: no longer payable. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("payment_links_token_idx").on(table.tokenHash),
    index("payment_links_booking_idx").on(table.bookingId),
    check("payment_links_purpose_check", inList("purpose", PAYMENT_LINK_PURPOSES)),
    check("payment_links_amount_check", sql`${table.amount} > 0`),
  ],
);

/**
 * Every online payment, gateway-neutral (decision 019): written before the gateway is called, then moved through
 * PAYMENT_STATUSES by the return page, the webhook and the refund retries. `references` holds the gateway's own ids
 * (session, payment intent, order, capture, refund) as data. Money never lives only in a log line.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    /** Our reference for the attempt (the return page's address until the gateway gives its own; idempotency keys). */
    attemptId: text("attempt_id").notNull(),
    references: jsonb("references").$type<Record<string, string>>().notNull().default({}),
    /** Display-currency minor units, as the driver was shown and the gateway asked. */
    amount: integer("amount").notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    /** What the gateway reported taking (captured), in the currency it took, and what was given back. */
    capturedAmount: integer("captured_amount"),
    /** ISO 4217, as the gateway reported it: a payment made in another currency than asked is refunded in its own. */
    capturedCurrency: char("captured_currency", { length: 3 }),
    refundedAmount: integer("refunded_amount"),
    /**
     * Why a payment is given back: its hold had ended and the car was taken, it was not the amount shown, or the
     * driver cancelled the booking within its free window (decision 021).
     */
    refundReason: text("refund_reason", { enum: REFUND_REASONS }),
    /** Why nothing was taken: the gateway said so, or an approved payment was left uncaptured as its car was taken. */
    failureReason: text("failure_reason", { enum: ["gateway", "carTaken"] }),
    /**
     * How much of it is owed back when not all of it (a change by staff that made the rental cheaper, a staff
     * cancellation under the booking's terms: decision 029); null: all that is left of it.
     */
    refundOwed: integer("refund_owed"),
    /** The payment link it pays (a balance after a change by staff), if any. */
    linkId: uuid("link_id").references(() => paymentLinks.id, { onDelete: "set null" }),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    nextRefundAt: timestamp("next_refund_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("payments_status_check", inList("status", PAYMENT_STATUSES)),
    check("payments_amount_check", sql`${table.amount} >= 0`),
    check("payments_refund_owed_check", sql`${table.refundOwed} is null or ${table.refundOwed} > 0`),
    uniqueIndex("payments_attempt_idx").on(table.attemptId),
    index("payments_booking_idx").on(table.bookingId),
    // Refunds owed and not yet done (the retry job's queue).
    index("payments_refund_due_idx")
      .on(table.nextRefundAt)
      .where(sql`${table.refundReason} is not null and ${table.status} in ('captured', 'refundFailed')`),
  ],
);

/**
 * The events that moved money (decision 046): a capture that recorded what the gateway took, or a refund that recorded
 * its refund id. One definition for the payments report's filter and the partial index that serves it, so the
 * planner sees the index's condition in the query.
 */
export const movedMoney = (table: { status: AnyPgColumn; detail: AnyPgColumn }) =>
  sql`((${table.status} = 'captured' and ${table.detail} ? 'amount' and not ${table.detail} ? 'refundId') or ${table.detail} ? 'refundId')`;

/** Each change of a payment, in order: what happened, when, and what the gateway said. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The booking's supplier, written by a trigger as the event is inserted (0049_payment_events_supplier.sql), never
     * by the app: a supplier's payments report reads its own movements in order instead of every supplier's.
     */
    supplierId: uuid("supplier_id"),
  },
  (table) => [
    index("payment_events_payment_idx").on(table.paymentId, table.at),
    // The payments report reads a period's money movements across every payment, in order (the id breaks ties).
    index("payment_events_money_idx").on(table.at, table.id).where(movedMoney(table)),
    index("payment_events_supplier_money_idx").on(table.supplierId, table.at, table.id).where(movedMoney(table)),
  ],
);

/**
 * The transactional mail outbox (decision 020): a mail is a row written in the transaction of the change it
 * announces, delivered by a worker with retries and back-off, at least once, always under the same Message-ID.
 */
export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** '<uuid@host>': the same on every delivery attempt, so a repeated delivery is recognisable. */
    messageId: text("message_id").notNull().unique(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    message: jsonb("message").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: another worker skips the row until then (a worker killed mid-send is retried after it). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("outbox_mails_status_check", inList("status", OUTBOX_STATUSES)),
    index("outbox_mails_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
  ],
);

/**
 * A fleet file being imported (decision 027): posted by an operator, read and written by the app's background worker
 * (the one that delivers the outbox) in batches, each batch committed with the job's progress so a restarted app
 * carries on where it stopped. The file is kept until the job ends; the outcome (counts or problems) stays.
 */
export const fleetImports = pgTable(
  "fleet_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who posted it, as the audit rows of its cars will name them. */
    actor: jsonb("actor")
      .$type<{
        id: string;
        role: UserRole;
        fullName: string;
        staffRole?: StaffRole | null;
        supplierId?: string | null;
      }>()
      .notNull(),
    fileName: text("file_name").notNull(),
    content: text("content"),
    status: text("status", { enum: FLEET_IMPORT_STATUSES }).notNull().default("queued"),
    /** The file's car rows once read; `processed` of them written so far (committed with each batch). */
    rowCount: integer("row_count"),
    processed: integer("processed").notNull().default(0),
    added: integer("added").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    /** Every problem of a refused file (the first 500), and how many there were. */
    problems: jsonb("problems")
      .$type<Array<{ line: number; column: string | null; key: string; params?: Record<string, string | number> }>>()
      .notNull()
      .default([]),
    problemCount: integer("problem_count").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    /** A worker's claim, renewed with each batch: another worker takes the job over once it lapses. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("fleet_imports_status_check", inList("status", FLEET_IMPORT_STATUSES)),
    index("fleet_imports_open_idx")
      .on(table.createdAt)
      .where(sql`${table.status} in ('queued', 'running')`),
    index("fleet_imports_supplier_idx").on(table.supplierId, table.createdAt.desc()),
  ],
);

/**
 * A driver's review of a supplier at the place they collected the car (decision 034): one per returned booking, four
 * marks out of 10 and a text, shown and counted once the admin publishes it.
 */
export const reviews = pgTable(
  "reviews",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The pick-up place: a supplier's average is per place (a desk's queue is not another desk's). */
    locationId: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    driverId: uuid("driver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The driver's name as they signed the review (their first name by default). */
    authorName: text("author_name").notNull(),
    staffMark: smallint("staff_mark").notNull(),
    conditionMark: smallint("condition_mark").notNull(),
    valueMark: smallint("value_mark").notNull(),
    queueMark: smallint("queue_mark").notNull(),
    text: text("text").notNull().default(""),
    language: text("language", { enum: LANGUAGES }).$type<Language>().notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("reviews_status_check", inList("status", REVIEW_STATUSES)),
    check("reviews_language_check", inList("language", LANGUAGES)),
    check(
      "reviews_marks_check",
      sql`least(${table.staffMark}, ${table.conditionMark}, ${table.valueMark}, ${table.queueMark}) >= 1 and greatest(${table.staffMark}, ${table.conditionMark}, ${table.valueMark}, ${table.queueMark}) <= 10`,
    ),
    check("reviews_text_check", sql`length(${table.text}) <= 2000 and length(${table.authorName}) <= 60`),
    // The results' averages: a place's published reviews by supplier, their marks read from the index alone (its
    // INCLUDE of the four marks is in 0025_reviews.sql: drizzle's index builder has no INCLUDE).
    index("reviews_published_idx")
      .on(table.locationId, table.supplierId)
      .where(sql`${table.status} = 'published'`),
    // The admin's queue, oldest first.
    index("reviews_status_idx").on(table.status, table.createdAt),
  ],
);

/** The drivers a booking adds beside its driver, in the order given (1 to 3: decision 038). */
export const additionalDrivers = pgTable(
  "additional_drivers",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(1),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    birthDate: date("birth_date").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.position] }),
    check("additional_drivers_position_check", sql`${table.position} between 1 and 3`),
  ],
);

/** In-app notifications; the text is a translation key with parameters, rendered in the reader's language. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    messageKey: text("message_key").notNull(),
    messageParams: jsonb("message_params").$type<Record<string, string | number>>().notNull().default({}),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.createdAt),
    index("notifications_unread_idx")
      .on(table.userId)
      .where(sql`not ${table.isRead}`),
    // Purging an abandoned payment hold deletes its booking, which nulls these references.
    index("notifications_booking_idx").on(table.bookingId),
  ],
);

/** One-time links (activation, e-mail validation, reset); only a SHA-256 of the token is kept. */
export const tokens = pgTable(
  "tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    /** The booking a "Find my booking" link opens (purpose bookingAccess); null for the account links. */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("tokens_purpose_check", inList("purpose", TOKEN_PURPOSES)),
    // A booking link names its booking; an account link names none.
    check("tokens_booking_check", sql`(${table.purpose} = 'bookingAccess') = (${table.bookingId} is not null)`),
    index("tokens_user_idx").on(table.userId, table.purpose),
  ],
);

/** Social sign-in identities: a provider's subject id, linked to one account (by verified e-mail or at creation). */
export const userIdentities = pgTable(
  "user_identities",
  {
    provider: text("provider", { enum: SOCIAL_PROVIDERS }).notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    check("user_identities_provider_check", inList("provider", SOCIAL_PROVIDERS)),
    index("user_identities_user_idx").on(table.userId),
  ],
);

/** Server-side sessions: the signed cookie carries only the id, so sign-out and renewal are real. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_expiry_idx").on(table.expiresAt)],
);

/**
 * Each supplier's last document number per series (decision 049): a document takes the next number by updating this
 * row in its own transaction, so numbers are consecutive, never skipped (a rolled-back transaction gives its number
 * back) and never taken twice (the row's lock orders concurrent documents).
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    series: text("series").$type<DocumentSeries>().notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.supplierId, table.series] }),
    check("document_counters_series_check", inList("series", DOCUMENT_SERIES)),
  ],
);

/** Bytes as PostgreSQL keeps them (`bytea`), read and written as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres reads a Buffer, PGlite a Uint8Array; both write a Buffer.
  fromDriver: (value) => new Uint8Array(value),
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The documents a business must keep (issue 52, decision 049): a booking's invoice (or receipt, when its supplier has
 * no tax id) once paid in full or handed over, and a credit note for each refund. What the document says is kept as
 * issued (`content`): a later change of the booking, the supplier's name or the driver's never rewrites it.
 */
export const businessDocuments = pgTable(
  "business_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** The booking's pick-up place when issued: the reports' place filter reads it without the booking. */
    placeId: uuid("place_id")
      .notNull()
      .references(() => locations.id),
    series: text("series").$type<DocumentSeries>().notNull(),
    number: integer("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** The amount it states, in the booking's display currency's minor units (a credit note's: what went back). */
    amount: integer("amount").notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    language: text("language").$type<Language>().notNull(),
    /** The refund a credit note answers (one note per refund). */
    refundKey: text("refund_key"),
    /**
     * The payment a supplementary invoice or receipt answers (one per payment): the difference a change that made a
     * documented sale dearer collected (decision 049, amended). Null for the sale's own document.
     */
    paymentId: uuid("payment_id").references(() => payments.id),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    /** Its PDF, kept once first drawn (the document never changes): an accountant's ZIP reads it, never redraws it. */
    pdf: bytea("pdf"),
  },
  (table) => [
    uniqueIndex("business_documents_number_idx").on(table.supplierId, table.series, table.number),
    uniqueIndex("business_documents_sale_idx")
      .on(table.bookingId)
      .where(sql`${table.series} in ('invoice', 'receipt') and ${table.paymentId} is null`),
    uniqueIndex("business_documents_refund_idx").on(table.refundKey),
    uniqueIndex("business_documents_payment_idx").on(table.paymentId),
    index("business_documents_supplier_issued_idx").on(table.supplierId, table.issuedAt),
    // An admin's documents report and ZIP: every supplier's, by the day issued; or one place's.
    index("business_documents_issued_idx").on(table.issuedAt, table.series, table.number),
    index("business_documents_place_issued_idx").on(table.placeId, table.issuedAt, table.series, table.number),
    check("business_documents_series_check", inList("series", DOCUMENT_SERIES)),
    check("business_documents_number_check", sql`${table.number} >= 1`),
  ],
);

/**
 * Issued documents summed per supplier, pick-up place, UTC day and currency (decision 049, amended): how many, and
 * what they state net of credit notes. Written in the transaction that issues each document, so the documents
 * report's totals read a few rows instead of a period's documents, and are never stale.
 */
export const documentDayTotals = pgTable(
  "document_day_totals",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: uuid("place_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    documents: integer("documents").notNull(),
    net: bigint("net", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.supplierId, table.day, table.placeId, table.currency] }),
    index("document_day_totals_day_idx").on(table.day),
  ],
);

/**
 * The business's figures per supplier and UTC day (issue 52, point 4; decision 050), for every place (`place_id`
 * null) and per pick-up place: the fleet's use (cars a kept booking touches; cars off the road, by the places the car
 * serves), the kept bookings made that day by payment mode, and those picked up that day. The overview and the
 * revenue reports read these few rows instead of every booking; `day_figures_stale` names the days a change has
 * touched since (filled by triggers on bookings, car_blocks and car_locations), which the minute beat recounts and a
 * reader counts live meanwhile, so no figure is ever behind the bookings.
 */
export const dayFigures = pgTable(
  "day_figures",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: uuid("place_id").references(() => locations.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    booked: integer("booked").notNull(),
    blocked: integer("blocked").notNull(),
    madePayLater: integer("made_pay_later").notNull(),
    madeDeposit: integer("made_deposit").notNull(),
    madeFull: integer("made_full").notNull(),
    madeRevenuePayLater: bigint("made_revenue_pay_later", { mode: "number" }).notNull(),
    madeRevenueDeposit: bigint("made_revenue_deposit", { mode: "number" }).notNull(),
    madeRevenueFull: bigint("made_revenue_full", { mode: "number" }).notNull(),
    pickedUp: integer("picked_up").notNull(),
    pickedUpDays: integer("picked_up_days").notNull(),
    pickedUpRevenue: bigint("picked_up_revenue", { mode: "number" }).notNull(),
    pickedUpTax: bigint("picked_up_tax", { mode: "number" }).notNull(),
  },
  (table) => [
    index("day_figures_supplier_idx").on(table.supplierId, table.placeId, table.day),
    index("day_figures_place_idx").on(table.placeId, table.day),
  ],
);

/**
 * The fleet's use per supplier, car category (the car's `range`) and UTC day (decision 050, amended), for every place
 * (`place_id` null) and per place as `day_figures` counts it: cars a kept booking touches (by its pick-up place) and
 * cars off the road (by the places the car serves). Recounted with `day_figures` from the same stale days (a car's
 * category changed marks the days of its bookings and blocks), so utilisation per category reads a row per category
 * and day instead of every car.
 */
export const rangeDayFigures = pgTable(
  "range_day_figures",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placeId: uuid("place_id").references(() => locations.id, { onDelete: "cascade" }),
    range: text("range").notNull(),
    day: date("day").notNull(),
    booked: integer("booked").notNull(),
    blocked: integer("blocked").notNull(),
  },
  (table) => [
    index("range_day_figures_supplier_idx").on(table.supplierId, table.placeId, table.day),
    index("range_day_figures_place_idx").on(table.placeId, table.day),
  ],
);

/** Stands for "every supplier" or "every place" in `place_pickup_sums` (a key, not a row of users or locations). */
export const EVERY = "00000000-0000-0000-0000-000000000000";

/**
 * Running sums of the kept bookings picked up, per supplier and pick-up place (migration 0051): each row holds the
 * figures of every day up to and including its own, on the days with pick-ups, at four levels: a supplier at a
 * place, every supplier at a place, a supplier everywhere and everyone everywhere (`EVERY` in either key). Revenue per
 * place over any period is then two rows per place (the last on or before its end, less the last before its start),
 * whatever the period's length or the bookings' number. Written afresh from `day_figures` by the minute beat for the
 * places whose pick-ups it recounted, from their first changed day on (`place_pickup_sums_recount`); a reader takes
 * the days a change touched since from `day_figures_stale`, as `day_figures`' readers do.
 */
export const placePickupSums = pgTable(
  "place_pickup_sums",
  {
    supplierId: uuid("supplier_id").notNull(),
    placeId: uuid("place_id").notNull(),
    day: date("day").notNull(),
    pickedUp: bigint("picked_up", { mode: "number" }).notNull(),
    pickedUpDays: bigint("picked_up_days", { mode: "number" }).notNull(),
    pickedUpRevenue: bigint("picked_up_revenue", { mode: "number" }).notNull(),
    pickedUpTax: bigint("picked_up_tax", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.placeId, table.day] })],
);

/**
 * The places where each supplier ever had a kept pick-up counted (migration 0051, written with `place_pickup_sums`):
 * with the places its cars serve now (`supplier_places`), the rows of its revenue per place, a period without
 * pick-ups there showing zeros.
 */
export const supplierPickupPlaces = pgTable(
  "supplier_pickup_places",
  {
    supplierId: uuid("supplier_id").notNull(),
    placeId: uuid("place_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.placeId] })],
);

/**
 * How many cars each supplier has per category, retired ones included (decision 050, amended), kept by triggers on
 * `cars` in the writing transaction: utilisation per category reads these few rows instead of counting every car.
 * No foreign key, as `review_mark_totals`: a row at nothing is deleted.
 */
export const supplierRangeCars = pgTable(
  "supplier_range_cars",
  {
    supplierId: uuid("supplier_id").notNull(),
    range: text("range").notNull(),
    cars: integer("cars").notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.range] })],
);

/**
 * The money moved per supplier, UTC day and currency (decision 050): payments taken and refunds given, as the
 * payments report counts them (`movedMoney`). Added to by a trigger in the transaction that records the event
 * (payment events are only ever inserted), so the report's totals read a row per day.
 */
export const moneyDayTotals = pgTable(
  "money_day_totals",
  {
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    payments: integer("payments").notNull(),
    refunds: integer("refunds").notNull(),
    taken: bigint("taken", { mode: "number" }).notNull(),
    givenBack: bigint("given_back", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.supplierId, table.day, table.currency] }),
    index("money_day_totals_day_idx").on(table.day),
  ],
);

/**
 * The published reviews per supplier and pick-up place: how many and the sum of their four marks (decision 050,
 * amended), kept by a row trigger on `reviews` in the writing transaction (0043_review_mark_totals.sql), so the
 * overview's average mark reads a row per place instead of every review. No foreign key: a supplier's or a place's
 * reviews going (cascades in any order) take their counts down to nothing, and a row at nothing is deleted.
 */
export const reviewMarkTotals = pgTable(
  "review_mark_totals",
  {
    supplierId: uuid("supplier_id").notNull(),
    locationId: uuid("location_id").notNull(),
    reviews: integer("reviews").notNull(),
    /** The sum of every review's four marks (1 to 10 each): the average out of 10 is marks / (4 * reviews). */
    marks: bigint("marks", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.locationId] })],
);

/**
 * The desk's pick-ups and returns to come and gone, counted per quarter hour (migration 0046, written by triggers and
 * the minute beat only): per supplier, pick-up place (whose figures they are) and the place on whose clock the day is
 * read (the pick-up place for a pick-up, the drop-off place for a return). Every time zone's midnight falls on a
 * quarter hour, so a quarter's bookings share one local day, read on the place's clock as it is now. A writer only
 * adds a row of what its statement changed (`fresh`), never updates one: bookings of one place and quarter never wait
 * on each other for a shared row; the beat merges a key's rows into one. Readers sum the rows.
 */
export const deskMoments = pgTable(
  "desk_moments",
  {
    supplierId: uuid("supplier_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    placeId: uuid("place_id").notNull(),
    clockPlaceId: uuid("clock_place_id").notNull(),
    kind: text("kind", { enum: ["pickup", "return"] }).notNull(),
    bookings: integer("bookings").notNull(),
    /** Added by a writer since the beat last merged this key's rows. */
    fresh: boolean("fresh").notNull().default(true),
  },
  (table) => [
    index("desk_moments_supplier_idx").on(table.supplierId, table.at),
    index("desk_moments_at_idx").on(table.at),
    index("desk_moments_fresh_idx")
      .on(table.supplierId, table.at, table.placeId, table.clockPlaceId, table.kind)
      .where(sql`${table.fresh}`),
  ],
);

/**
 * The merged desk moments summed per supplier, time zone, local day and kind (migration 0052), as of the minute beat's
 * last merge (`desk_zone_days_as_of`), over the days any clock's today and tomorrow can be within an hour of it. An
 * overview without a place reads these few rows (zones × days) and the fresh moments since, instead of every place's
 * quarter hours (2,406 rows for an admin at `bench:data` size).
 */
export const deskZoneDays = pgTable(
  "desk_zone_days",
  {
    supplierId: uuid("supplier_id").notNull(),
    timeZone: text("time_zone").notNull(),
    day: date("day").notNull(),
    kind: text("kind", { enum: ["pickup", "return"] }).notNull(),
    bookings: integer("bookings").notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.timeZone, table.day, table.kind] })],
);

/** When `desk_zone_days` was counted (one row). */
export const deskZoneDaysAsOf = pgTable(
  "desk_zone_days_as_of",
  {
    id: smallint("id").primaryKey().default(1),
    asOf: timestamp("as_of", { withTimezone: true }).notNull(),
  },
  (table) => [check("desk_zone_days_as_of_one_row", sql`${table.id} = 1`)],
);

/**
 * Where each supplier's cars are offered, with how many (migration 0044, written by triggers only): the operators'
 * forms list a supplier's places on every page, and reading them from `car_locations` costs one row per car offered
 * (a supplier of 5,000 cars: 5,000 rows per page). No foreign key: a car, a place or a supplier going takes its
 * counts down, and a row at nothing is deleted.
 */
export const supplierPlaces = pgTable(
  "supplier_places",
  {
    supplierId: uuid("supplier_id").notNull(),
    locationId: uuid("location_id").notNull(),
    cars: integer("cars").notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.locationId] })],
);

/**
 * Up to when the minute beat has raised the cars' idle floors (migration 0045): bookings started before `as_of`
 * count in their car's floor; one row.
 */
export const carIdleFloorsAsOf = pgTable(
  "car_idle_floors_as_of",
  {
    id: smallint("id").primaryKey().default(1),
    asOf: timestamp("as_of", { withTimezone: true }).notNull(),
  },
  (table) => [check("car_idle_floors_as_of_one_row", sql`${table.id} = 1`)],
);

/**
 * What each car earned over the 90 days before `car_earnings_as_of` (migration 0050): its kept bookings picked up
 * then, summed (base-currency cents); a car that earned nothing has no row. The minute beat moves the window and counts
 * again the cars a change or the window's move touched (`car_earnings_advance()`); the overview's top earners walk the
 * index and count exactly only the cars touched since (`top-earners.server.ts`).
 */
export const carEarnings = pgTable(
  "car_earnings",
  {
    carId: uuid("car_id").primaryKey(),
    supplierId: uuid("supplier_id").notNull(),
    earned: bigint("earned", { mode: "number" }).notNull(),
  },
  (table) => [
    index("car_earnings_supplier_idx").on(table.supplierId, table.earned.desc(), table.carId),
    index("car_earnings_idx").on(table.earned.desc(), table.carId),
  ],
);

/** The end of the window `car_earnings` counts (one row). */
export const carEarningsAsOf = pgTable(
  "car_earnings_as_of",
  {
    id: smallint("id").primaryKey().default(1),
    asOf: timestamp("as_of", { withTimezone: true }).notNull(),
  },
  (table) => [check("car_earnings_as_of_one_row", sql`${table.id} = 1`)],
);

/** Cars whose bookings changed since `car_earnings` last counted them (written by a trigger only). */
export const carEarningsStale = pgTable(
  "car_earnings_stale",
  {
    carId: uuid("car_id").notNull(),
    supplierId: uuid("supplier_id").notNull(),
  },
  (table) => [index("car_earnings_stale_supplier_idx").on(table.supplierId)],
);

/** Days of a supplier's figures changed since `day_figures` last counted them (written by triggers only). */
export const dayFiguresStale = pgTable(
  "day_figures_stale",
  {
    supplierId: uuid("supplier_id").notNull(),
    fromDay: date("from_day").notNull(),
    toDay: date("to_day").notNull(),
  },
  (table) => [index("day_figures_stale_supplier_idx").on(table.supplierId, table.fromDay)],
);

/**
 * An account's sign-ins (issue 51), kept after their session ends: each session begun and each attempt refused at the
 * password or the code, with the browser as its owner would name it. No address is kept: the history says when and
 * how, for the account's owner and the admins; purged after `SIGN_IN_HISTORY_DAYS`.
 */
export const signIns = pgTable(
  "sign_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    method: text("method").$type<SignInMethod>().notNull(),
    outcome: text("outcome").$type<SignInOutcome>().notNull(),
    browser: text("browser"),
  },
  (table) => [
    index("sign_ins_user_at_idx").on(table.userId, table.at),
    index("sign_ins_at_idx").on(table.at),
    check("sign_ins_method_check", inList("method", SIGN_IN_METHODS)),
    check("sign_ins_outcome_check", inList("outcome", SIGN_IN_OUTCOMES)),
  ],
);

/**
 * What an operator chose to be mailed about (issue 51) and how far their digests have read: events after `since` are
 * not mailed yet, and a digest goes out at most once per quarter-hour after `lastSentAt`.
 */
export const operatorMailChoices = pgTable(
  "operator_mail_choices",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    kinds: text("kinds")
      .array()
      .$type<OperatorMailKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "operator_mail_choices_kinds_check",
      sql`${table.kinds} <@ array[${sql.raw(OPERATOR_MAIL_KINDS.map((kind) => `'${kind}'`).join(", "))}]::text[]`,
    ),
  ],
);

/**
 * An account's authenticator app (decision 043): the TOTP secret, encrypted with the server's key (never stored in
 * clear), confirmed once a first code from the app was accepted; `lastStep` is the time step of the last code
 * accepted, so a code cannot be used twice in its window.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per account with two-factor sign-in, kept as keyed hashes; a used code stays, dated. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("recovery_codes_user_code_idx").on(table.userId, table.codeHash)],
);

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  language: char("language", { length: 2 }).$type<Language>().notNull().default("en"),
  createdAt: createdAt(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);

/** Fixed-window counters shared by every app instance (used when Redis is not configured). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Business settings: a single row (id = 1). */
export const settings = pgTable(
  "settings",
  {
    id: smallint("id").primaryKey().default(1),
    minPickupHours: smallint("min_pickup_hours").notNull().default(1),
    minRentalHours: smallint("min_rental_hours").notNull().default(1),
    earliestHour: smallint("earliest_hour").notNull().default(0),
    latestHour: smallint("latest_hour").notNull().default(23),
    /** Operators (suppliers' staff and admins) must sign in with a second factor (decision 043). */
    operatorsNeedTwoFactor: boolean("operators_need_two_factor").notNull().default(false),
    /** An operator's session ends after this many hours without a request (decision 043). */
    staffIdleHours: smallint("staff_idle_hours").notNull().default(12),
  },
  (table) => [
    check("settings_single_row_check", sql`${table.id} = 1`),
    check("settings_hours_check", sql`${table.minPickupHours} >= 0 and ${table.minRentalHours} >= 1`),
    check("settings_staff_idle_check", sql`${table.staffIdleHours} between 1 and 720`),
    check(
      "settings_opening_check",
      sql`${table.earliestHour} between 0 and 23 and ${table.latestHour} between 0 and 23 and ${table.earliestHour} <= ${table.latestHour}`,
    ),
  ],
);
