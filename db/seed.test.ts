import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../tests/support/test-database";
import { deskFromColumns } from "../app/domain/pickup-desk";
import { CAR_RANGES, DESK_KINDS, EXTRAS, FUEL_POLICIES, FUEL_TYPES, GEARBOXES, MULTIMEDIA } from "../app/domain/enums";
import * as schema from "./schema";
import { DEMO_DRIVER, DEMO_RENTALS_UNDER_WAY } from "./demo-catalogue";
import { instantToLocalDateTime } from "../app/domain/rental-period";
import { deskDay } from "../app/models/desk/desk-day.server";
import { isDatabaseEmpty, seedDemoData } from "./seed";

describe.each(testEngines)("demo data on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemoData(database.db);
  }, 120_000);
  afterAll(() => database?.destroy());

  const tableCounts = async () => {
    const { db } = database;
    const tables = [
      schema.users,
      schema.countries,
      schema.locations,
      schema.cars,
      schema.carLocations,
      schema.dateBasedPrices,
      schema.supplierSettings,
      schema.parkingSpots,
      schema.bookings,
      schema.bookingEvents,
    ];
    return Promise.all(tables.map(async (table) => (await db.select({ value: count() }).from(table))[0]!.value));
  };

  it("is a realistic catalogue: 6+ suppliers with logos, 3+ countries of 4+ places, 150+ cars", async () => {
    const { db } = database;
    const suppliers = await db.select().from(schema.supplierSettings);
    expect(suppliers.length).toBeGreaterThanOrEqual(6);
    expect(suppliers.every((supplier) => supplier.logo?.endsWith(".svg"))).toBe(true);
    const perCountry = await db
      .select({ code: schema.countries.code, places: count(schema.locations.id) })
      .from(schema.countries)
      .innerJoin(schema.locations, eq(schema.locations.countryId, schema.countries.id))
      .groupBy(schema.countries.code);
    expect(perCountry.filter((row) => row.places >= 4).length).toBeGreaterThanOrEqual(3);
    const [cars] = await db.select({ value: count() }).from(schema.cars);
    expect(cars!.value).toBeGreaterThanOrEqual(150);
    const [nearDefaultCentre] = await db
      .select({ value: count() })
      .from(schema.locations)
      .where(
        sql`abs(${schema.locations.latitude} - 36.8065) < 0.2 and abs(${schema.locations.longitude} - 10.1815) < 0.2`,
      );
    expect(nearDefaultCentre!.value).toBeGreaterThanOrEqual(4);
  });

  it("gives every place a desk: address, where it is, phone and a week of hours (decision 024)", async () => {
    const places = await database.db.select().from(schema.locations);
    expect(places.length).toBe(23);
    for (const place of places) {
      const desk = deskFromColumns(place);
      expect({ slug: place.slug, address: Boolean(desk?.address), phone: Boolean(desk?.phone) }).toEqual({
        slug: place.slug,
        address: true,
        phone: true,
      });
      expect(DESK_KINDS).toContain(desk!.kind);
      expect(desk!.hours, place.slug).not.toBeNull();
    }
    // Every kind of desk, and at least one that closes for a day, so the demo shows what the rule does.
    expect(new Set(places.map((place) => place.deskKind))).toEqual(new Set(DESK_KINDS));
    expect(places.some((place) => deskFromColumns(place)!.hours!.includes(null))).toBe(true);
  });

  it("covers every enumeration and the extras semantics", async () => {
    const cars = await database.db.select().from(schema.cars);
    const values = <K extends keyof (typeof cars)[number]>(key: K) => new Set(cars.map((car) => car[key]));
    expect(values("range")).toEqual(new Set(CAR_RANGES));
    expect(values("fuelType")).toEqual(new Set(FUEL_TYPES));
    expect(values("gearbox")).toEqual(new Set(GEARBOXES));
    expect(values("fuelPolicy")).toEqual(new Set(FUEL_POLICIES));
    expect(new Set(cars.flatMap((car) => car.multimedia))).toEqual(new Set(MULTIMEDIA));
    expect(cars.some((car) => car.mileage === -1) && cars.some((car) => car.mileage > 0)).toBe(true);
    for (const extra of EXTRAS) {
      const prices = new Set(cars.map((car) => car[extra]));
      expect(prices.has(-1), `${extra} unavailable somewhere`).toBe(true);
      expect(prices.has(0), `${extra} included somewhere`).toBe(true);
      expect(
        [...prices].some((price) => price > 0),
        `${extra} priced somewhere`,
      ).toBe(true);
    }
    expect(cars.some((car) => car.discountedDailyPrice !== null)).toBe(true);
    expect(cars.some((car) => car.isDateBasedPrice)).toBe(true);
    expect(
      cars.some((car) => !car.available) && cars.some((car) => car.fullyBooked) && cars.some((car) => car.comingSoon),
    ).toBe(true);
  });

  it("creates the demo driver the README names", async () => {
    const [driver] = await database.db.select().from(schema.users).where(eq(schema.users.email, DEMO_DRIVER.email));
    expect(driver).toMatchObject({ role: "user", verified: true, blacklisted: false });
    expect(driver!.passwordHash).toMatch(/^scrypt\$/);
  });

  it("starts the Sousse desk's day with rentals under way, due back earlier today and not returned (decision 029)", async () => {
    const { db } = database;
    const [place] = await db.select().from(schema.locations).where(eq(schema.locations.slug, "sousse"));
    const [supplier] = await db
      .select()
      .from(schema.supplierSettings)
      .where(eq(schema.supplierSettings.slug, "carthage-cars"));
    const now = new Date();
    const today = instantToLocalDateTime(now, place!.timeZone).slice(0, 10);
    const day = await deskDay(db, { supplierId: supplier!.supplierId, place: place!, day: today }, now);
    const overdue = day.returns.filter((stop) =>
      DEMO_RENTALS_UNDER_WAY.customers.some((customer) => customer.fullName === stop.driver),
    );
    expect(overdue).toHaveLength(DEMO_RENTALS_UNDER_WAY.customers.length);
    for (const stop of overdue) expect(stop).toMatchObject({ late: false, overdue: true, event: null });
  });

  it("is idempotent", async () => {
    const before = await tableCounts();
    const carsBefore = await database.db.select().from(schema.cars).orderBy(schema.cars.licensePlate);
    await seedDemoData(database.db);
    expect(await tableCounts()).toEqual(before);
    const carsAfter = await database.db.select().from(schema.cars).orderBy(schema.cars.licensePlate);
    expect(carsAfter.map(({ updatedAt: _u, ...car }) => car)).toEqual(
      carsBefore.map(({ updatedAt: _u, ...car }) => car),
    );
  }, 120_000);
});
