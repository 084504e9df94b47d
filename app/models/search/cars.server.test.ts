import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import type { BookingStatus } from "~/domain/enums";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { insertSupplier, insertTunisia, placeValues, searchFilters } from "../../../tests/support/fixtures";
import { openDatabase } from "~/utils/db.server";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { searchCars, SUBQUERY_FENCE } from "./cars.server";
import { listPlaces, placeAndChildren, placeSubtree, type PlaceOption } from "~/models/catalogue/places.server";
import { lowestDailyPrices } from "~/models/pricing/pricing.server";
import { listSuppliers } from "~/models/catalogue/suppliers.server";

const FROM = new Date("2030-05-10T09:00:00Z");
const TO = new Date("2030-05-13T09:00:00Z"); // 3 days

it("the subquery fence reaches the SQL (drizzle drops a numeric offset(0))", () => {
  const query = new QueryBuilder().select({ id: schema.cars.id }).from(schema.cars).offset(SUBQUERY_FENCE).toSQL();
  expect(query.sql).toMatch(/ offset 0$/);
  expect(new QueryBuilder().select({ id: schema.cars.id }).from(schema.cars).offset(0).toSQL().sql).not.toMatch(
    /offset/,
  );
});

describe("placeSubtree", () => {
  const place = (id: string, parentSlug: string | null = null) => ({ id: `id-${id}`, slug: id, parentSlug });
  it("takes the place, its children and theirs, once each, and nothing beside them", () => {
    const places = [
      place("city"),
      place("airport", "city"),
      place("terminal", "airport"),
      place("other"),
      place("port", "other"),
    ];
    expect(placeSubtree(places, places[0]!)).toEqual(["id-city", "id-airport", "id-terminal"]);
    expect(placeSubtree(places, places[3]!)).toEqual(["id-other", "id-port"]);
  });
  it("stops on a loop in the data instead of running forever", () => {
    const places = [place("a", "b"), place("b", "a")];
    expect(placeSubtree(places, places[0]!)).toEqual(["id-a", "id-b"]);
  });
});

describe.each(testEngines)("car search on %s", (engine) => {
  let database: TestDatabase;
  let city: PlaceOption;
  let airport: PlaceOption;
  let elsewhere: PlaceOption;
  const carIds: Record<string, string> = {};
  let supplierA: string;
  let supplierB: string;
  let driver: string;

  const search = (overrides: Partial<Parameters<typeof searchCars>[1]> = {}) =>
    searchCars(database.db, {
      pickup: city,
      from: FROM,
      to: TO,
      filters: searchFilters(),
      sort: "price-asc",
      page: 1,
      supplierIds: [],
      ...overrides,
    });
  const names = (offers: Array<{ name: string }>) => offers.map((offer) => offer.name);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const country = await insertTunisia(db);
    const place = (slug: string, parentId: string | null = null) => placeValues(country.id, slug, parentId);
    const [cityRow] = await db.insert(schema.locations).values(place("city")).returning();
    const [airportRow, elsewhereRow] = await db
      .insert(schema.locations)
      .values([place("airport", cityRow!.id), place("elsewhere")])
      .returning();

    const supplier = (
      slug: string,
      settings: Partial<typeof schema.supplierSettings.$inferInsert> = {},
      blacklisted = false,
    ) => insertSupplier(db, slug, settings, blacklisted);
    supplierA = await supplier("supplier-a", { markupBasisPoints: 1000 });
    supplierB = await supplier("supplier-b", { maxCarsPerSearch: 2 });
    const suspended = await supplier("suspended", {}, true);
    const longOnly = await supplier("long-only", { minimumRentalDays: 5 });
    const [driverRow] = await db
      .insert(schema.users)
      .values({ email: "d@example.com", fullName: "Driver" })
      .returning();
    driver = driverRow!.id;

    const car = async (
      name: string,
      values: Partial<typeof schema.cars.$inferInsert>,
      at: string[] = [cityRow!.id],
    ) => {
      const [row] = await db
        .insert(schema.cars)
        .values({
          supplierId: supplierA,
          name,
          licensePlate: name,
          dailyPrice: 5000,
          range: "mini",
          fuelType: "gasoline",
          gearbox: "manual",
          seats: 5,
          doors: 5,
          fuelPolicy: "likeForLike",
          deposit: 40000,
          ...values,
        })
        .returning();
      await db.insert(schema.carLocations).values(at.map((locationId) => ({ carId: row!.id, locationId })));
      carIds[name] = row!.id;
    };
    await car("cheap", { dailyPrice: 2000, rating: 3.5, multimedia: ["bluetooth"] });
    await car("discounted", {
      dailyPrice: 6000,
      discountedDailyPrice: 2500,
      rating: 4.8,
      multimedia: ["bluetooth", "appleCarPlay"],
      deposit: 20000,
    });
    await car("at-airport", { dailyPrice: 3000, range: "midi", seats: 7, rating: 4.1, gearbox: "automatic" }, [
      airportRow!.id,
    ]);
    await car("elsewhere-only", { dailyPrice: 1000 }, [elsewhereRow!.id]);
    await car("unavailable", { dailyPrice: 1000, available: false });
    await car("fully-booked", { dailyPrice: 1000, fullyBooked: true });
    await car("coming-soon", { dailyPrice: 1000, comingSoon: true });
    await car("suspended-supplier", { dailyPrice: 1000, supplierId: suspended });
    await car("needs-5-days", { dailyPrice: 1000, supplierId: longOnly });
    await car("booked", { dailyPrice: 1000 });
    await car("cancelled-booking", { dailyPrice: 4000 });
    await car("expired-void", { dailyPrice: 4100 });
    await car("b-1", { dailyPrice: 7000, supplierId: supplierB, mileage: 200 });
    await car("b-2", { dailyPrice: 7100, supplierId: supplierB });
    await car("b-3", { dailyPrice: 7200, supplierId: supplierB });

    const booking = (
      carName: string,
      status: BookingStatus,
      startsAt: Date,
      endsAt: Date,
      expiresAt: Date | null = null,
    ) => ({
      supplierId: supplierA,
      carId: carIds[carName]!,
      driverId: driver,
      pickupLocationId: cityRow!.id,
      dropoffLocationId: cityRow!.id,
      startsAt,
      endsAt,
      status,
      paymentMode: "payLater" as const,
      days: 1,
      basePrice: 1,
      extrasPrice: 0,
      markup: 0,
      totalPrice: 1,
      deposit: 0,
      amountDue: 0,
      expiresAt,
    });
    await db.insert(schema.bookings).values([
      booking("booked", "paid", new Date("2030-05-12T09:00:00Z"), new Date("2030-05-20T09:00:00Z")),
      booking("cancelled-booking", "cancelled", FROM, TO),
      booking("expired-void", "void", FROM, TO, new Date("2020-01-01T00:00:00Z")),
      // Ends exactly when the search starts: the car is free again.
      booking("cheap", "paid", new Date("2030-05-08T09:00:00Z"), FROM),
    ]);
    const places = await listPlaces(db, "fr");
    city = places.find((p) => p.slug === "city")!;
    airport = places.find((p) => p.slug === "airport")!;
    elsewhere = places.find((p) => p.slug === "elsewhere")!;
  }, 120_000);
  afterAll(() => database?.destroy());

  it("on PostgreSQL, only the walks are named: a statement whose plan depends on the place is planned for each run", async () => {
    if (engine !== "postgres") return;
    // One connection, as a pooled one serves request after request: the city (most cars) first, then more than
    // the five runs after which PostgreSQL may settle on a generic plan (decision 022), in every order and length.
    const single = await openDatabase({ databaseUrl: database.url!, poolSize: 1 });
    try {
      for (const pickup of [city, airport, elsewhere, city, airport, elsewhere, airport, city]) {
        for (const sort of ["price-asc", "price-desc", "rating"] as const) {
          for (const days of [1, 3, 7, 30]) {
            const to = new Date(FROM.getTime() + days * 86_400_000);
            await searchCars(single.db, {
              pickup,
              from: FROM,
              to,
              filters: searchFilters(),
              sort,
              page: 1,
              supplierIds: [],
            });
            await searchCars(single.db, {
              pickup,
              from: FROM,
              to,
              filters: searchFilters(),
              sort,
              page: 9,
              supplierIds: [],
            });
          }
        }
      }
      const plans = (await single.db.execute(
        sql`select name, generic_plans, custom_plans from pg_prepared_statements`,
      )) as unknown as {
        rows: Array<{ name: string; generic_plans: string; custom_plans: string }>;
      };
      // One walk per price band, nothing else: ranking every car (other orders, a count past the last page) and the
      // bounded ranking go unnamed. PostgreSQL may plan a walk generically: its plan is the same for any place.
      const names = plans.rows.map((row) => row.name).filter((name) => name.startsWith("search_"));
      expect(names).toHaveLength(4);
      for (const name of names) expect(name).toMatch(/^search_[0-9a-f]{20}_first$/);
    } finally {
      await single.close();
    }
  });

  it("offers only available cars of active suppliers, free for the period, at the place or its children", async () => {
    const { offers, total, days } = await search();
    expect(days).toBe(3);
    expect(names(offers)).toEqual([
      "cheap",
      "discounted",
      "at-airport",
      "cancelled-booking",
      "expired-void",
      "b-1",
      "b-2",
    ]);
    expect(total).toBe(7);
  });

  it("finds the same places below a place from the catalogue as from the database", async () => {
    const places = await listPlaces(database.db, "en");
    for (const place of [city, airport, elsewhere]) {
      expect(placeSubtree(places, place).sort()).toEqual((await placeAndChildren(database.db, place.id)).sort());
    }
    expect(placeSubtree(places, city)).toContain(airport.id);
  });

  it("searching a child place does not include its parent's cars", async () => {
    expect(names((await search({ pickup: airport })).offers)).toEqual(["at-airport"]);
    expect(names((await search({ pickup: elsewhere })).offers)).toEqual(["elsewhere-only"]);
  });

  it("respects the supplier's minimum rental days", async () => {
    const week = await search({ to: new Date("2030-05-17T09:00:00Z") });
    expect(names(week.offers)).toContain("needs-5-days");
    expect(names(week.offers)).not.toContain("booked");
  });

  it("caps the cars one supplier shows, keeping its cheapest", async () => {
    const { offers } = await search({ sort: "price-desc" });
    expect(names(offers).filter((name) => name.startsWith("b-"))).toEqual(["b-2", "b-1"]);
  });

  it("prices each offer with the pricing rules, markup included", async () => {
    const { offers } = await search();
    const discounted = offers.find((offer) => offer.name === "discounted")!;
    // 3 days at the discounted 25.00, plus supplier A's 10 % markup.
    expect(discounted.price).toEqual({ days: 3, hours: null, total: 8250, pricePerDay: 2750, pricePerHour: null });
    expect(discounted.supplier).toEqual({
      name: "supplier-a",
      slug: "supplier-a",
      logo: null,
      payLater: true,
      charges: { taxRateBasisPoints: 0, taxIncluded: true, oneWayFee: 0, youngDriverAge: null, youngDriverDailyFee: 0 },
    });
  });

  it("adds the supplier's one-way fee on a one-way search and its tax when added, and ranks by that total", async () => {
    const { db } = database;
    const charges = { taxRateBasisPoints: 2000, taxIncluded: false, oneWayFee: 9000, youngDriverAge: 25 };
    await db
      .update(schema.supplierSettings)
      .set({ ...charges, youngDriverDailyFee: 1500 })
      .where(eq(schema.supplierSettings.supplierId, supplierA));
    try {
      const roundTrip = await search();
      const oneWay = await search({ oneWay: true });
      const total = (offers: typeof roundTrip.offers, name: string) => offers.find((o) => o.name === name)!.price.total;
      // 8250 with the markup, then 20 % tax: 9900; one way, (8250 + 9000) × 1.2 = 20700. No age: no young-driver fee.
      expect(total(roundTrip.offers, "discounted")).toBe(9900);
      expect(total(oneWay.offers, "discounted")).toBe(20_700);
      for (const { offers } of [roundTrip, oneWay]) {
        const totals = offers.map((offer) => offer.price.total);
        expect(totals).toEqual([...totals].sort((a, b) => a - b));
      }
    } finally {
      await db
        .update(schema.supplierSettings)
        .set({ taxRateBasisPoints: 0, taxIncluded: true, oneWayFee: 0, youngDriverAge: null, youngDriverDailyFee: 0 })
        .where(eq(schema.supplierSettings.supplierId, supplierA));
    }
  });

  it.each<[string, string, string[]]>([
    ["range", "range=midi", ["at-airport"]],
    ["rating 4+", "rating=4", ["discounted", "at-airport"]],
    ["seats 5+", "seats=5plus", ["at-airport"]],
    [
      "seats 5 or 5+",
      "seats=5&seats=5plus",
      ["cheap", "discounted", "at-airport", "cancelled-booking", "expired-void", "b-1", "b-2"],
    ],
    ["every multimedia ticked", "multimedia=bluetooth&multimedia=appleCarPlay", ["discounted"]],
    ["deposit under 250", "deposit=250", ["discounted"]],
    ["gearbox", "gearbox=automatic", ["at-airport"]],
    ["limited mileage", "mileage=limited", ["b-1"]],
    [
      "both mileage kinds is no filter",
      "mileage=limited&mileage=unlimited",
      ["cheap", "discounted", "at-airport", "cancelled-booking", "expired-void", "b-1", "b-2"],
    ],
    ["fuel type with no match", "fuelType=electric", []],
    ["specs 4+ doors and aircon", "specs=fourDoors&specs=aircon&range=midi", ["at-airport"]],
  ])("filter: %s", async (_name, query, expected) => {
    const filters = searchFilters(query);
    expect(names((await search({ filters })).offers)).toEqual(expected);
  });

  it("filters by booking terms: free cancellation (option included, or paid at pick-up) and pay at pick-up", async () => {
    const { db } = database;
    const withTerms = (...terms: Array<"freeCancellation" | "payAtPickUp">) => ({ ...searchFilters(), terms });
    await db
      .update(schema.supplierSettings)
      .set({ payLater: false })
      .where(eq(schema.supplierSettings.supplierId, supplierB));
    await db.update(schema.cars).set({ cancellation: 0 }).where(eq(schema.cars.id, carIds["b-1"]!));
    try {
      const everything = names((await search()).offers);
      expect(everything).toEqual(expect.arrayContaining(["b-1", "b-2", "cheap"]));
      const atPickUp = (await search({ filters: withTerms("payAtPickUp") })).offers;
      expect(names(atPickUp).filter((name) => name.startsWith("b-"))).toEqual([]);
      expect(atPickUp.every((offer) => offer.supplier.payLater)).toBe(true);
      const free = names((await search({ filters: withTerms("freeCancellation") })).offers);
      expect(free).toContain("b-1");
      expect(free).not.toContain("b-2");
      expect(free).toContain("cheap");
      expect(names((await search({ filters: withTerms("freeCancellation", "payAtPickUp") })).offers)).toEqual(
        names(atPickUp),
      );
      // Within 24 hours of pick-up the included option no longer cancels for free: only paying at pick-up does.
      const deadline = FROM.getTime() - 24 * 3_600_000;
      const late = names(
        (await search({ filters: withTerms("freeCancellation"), now: new Date(deadline + 60_000) })).offers,
      );
      expect(late).not.toContain("b-1");
      expect(late).toEqual(names(atPickUp));
      const stillOpen = await search({ filters: withTerms("freeCancellation"), now: new Date(deadline - 60_000) });
      expect(names(stillOpen.offers)).toEqual(free);
    } finally {
      await db
        .update(schema.supplierSettings)
        .set({ payLater: true })
        .where(eq(schema.supplierSettings.supplierId, supplierB));
      await db.update(schema.cars).set({ cancellation: -1 }).where(eq(schema.cars.id, carIds["b-1"]!));
    }
  });

  it("filters by supplier", async () => {
    const filters = searchFilters("supplier=supplier-b");
    expect(names((await search({ filters, supplierIds: [supplierB] })).offers)).toEqual(["b-1", "b-2"]);
  });

  it("sorts by price descending and by rating", async () => {
    expect(names((await search({ sort: "price-desc" })).offers).slice(0, 3)).toEqual(["b-2", "b-1", "expired-void"]);
    expect(names((await search({ sort: "rating" })).offers).slice(0, 3)).toEqual(["discounted", "at-airport", "cheap"]);
  });

  it("pages by 15 and reports the total past the last page", async () => {
    const past = await search({ page: 3 });
    expect(past.offers).toEqual([]);
    expect(past.total).toBe(7);
  });

  it("keeps a named statement on PostgreSQL's connections only for searches without filters", async () => {
    type PooledClient = { connection: { parsedStatements: Record<string, string> } };
    const pool = (database.db as unknown as { $client: { _clients?: PooledClient[] } }).$client;
    const named = () =>
      new Set((pool._clients ?? []).flatMap((client) => Object.keys(client.connection.parsedStatements)));
    for (const sort of ["price-asc", "price-desc", "rating"] as const) await search({ sort });
    const before = named();
    for (const query of [
      "range=mini",
      "seats=5plus&specs=aircon",
      "gearbox=automatic&mileage=unlimited",
      "supplier=nobody",
    ]) {
      expect((await search({ filters: searchFilters(query), page: 4 })).offers).toEqual([]);
    }
    // A visitor's filters add no statement that a connection would keep until it closes (the count past the last
    // page included); on PostgreSQL the unfiltered walks are there (cheapest first, one per band searched so far).
    expect(named()).toEqual(before);
    if (engine === "postgres") {
      const searches = [...before].filter((name) => name.startsWith("search_"));
      expect(searches.length).toBeGreaterThanOrEqual(1);
      expect(searches.length).toBeLessThanOrEqual(4);
      for (const name of searches) expect(name).toMatch(/_first$/);
    }
  });

  it("lists places with counts of offerable cars, suppliers with car counts, and 'from' prices", async () => {
    expect(city.carCount).toBe(9);
    expect(city.name).toBe("city-fr");
    const suppliers = await listSuppliers(database.db);
    expect(suppliers.map((s) => [s.slug, s.carCount])).toEqual([
      ["long-only", 1],
      ["supplier-a", 7],
      ["supplier-b", 3],
    ]);
    const prices = await lowestDailyPrices(database.db);
    // The 30.00 midi car belongs to supplier A, whose 10 % markup is part of any price it is quoted at.
    expect(prices.midi).toBe(3300);
    expect(prices.mini).toBe(1000);
  });

  it("never offers a car whose holding booking overlaps, checked against the database rows", async () => {
    const [row] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.carId, carIds.booked!));
    expect(row!.startsAt < TO && row!.endsAt > FROM).toBe(true);
    expect(names((await search()).offers)).not.toContain("booked");
  });
});
