/**
 * Cheapest first, a search walks each place's cars by rate floor and ranks only what the page's last price allows
 * (decision 022). Whatever path it takes (the first pass alone, the bounded pass, or every free car when the walk
 * finds too few), its pages must be the ranking of every free car: checked here against an oracle that prices each
 * free car with quoteRental, applies the supplier caps and sorts, on a catalogue built to stress the bound.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { insertSupplier, insertTunisia, placeValues, searchFilters } from "../../../tests/support/fixtures";
import { RESULTS_COUNTED_UP_TO, searchCars } from "./cars.server";
import { listPlaces, placeAndChildren, type PlaceOption } from "~/models/catalogue/places.server";
import { quoteRental } from "~/models/pricing/pricing";
import { CARS_PAGE_SIZE } from "./search";
import { DAY_MS } from "~/domain/rental-period";

const FROM = new Date("2030-05-10T09:00:00Z");
const TIME_ZONE = "Africa/Tunis";
const METRO_CARS = 420;
const QUIET_CARS = 1050; // more than a walk reads at one place
const QUIET_FREE = 5;

describe.each(testEngines)("cheapest first, the walk gives the ranking of every free car, on %s", (engine) => {
  let database: TestDatabase;
  let metro: PlaceOption;
  let quiet: PlaceOption;

  /** Every free car at the place or below it, priced by quoteRental, supplier caps applied, cheapest first. */
  async function oracle(place: PlaceOption, from: Date, to: Date, range?: string) {
    const { db } = database;
    const placeIds = await placeAndChildren(db, place.id);
    const rows = await db
      .selectDistinct({ car: schema.cars, settings: schema.supplierSettings, blacklisted: schema.users.blacklisted })
      .from(schema.cars)
      .innerJoin(schema.carLocations, eq(schema.carLocations.carId, schema.cars.id))
      .innerJoin(schema.supplierSettings, eq(schema.supplierSettings.supplierId, schema.cars.supplierId))
      .innerJoin(schema.users, eq(schema.users.id, schema.cars.supplierId))
      .where(inArray(schema.carLocations.locationId, placeIds));
    const carIds = rows.map((row) => row.car.id);
    const bookings = await db.select().from(schema.bookings).where(inArray(schema.bookings.carId, carIds));
    const periods = await db.select().from(schema.dateBasedPrices).where(inArray(schema.dateBasedPrices.carId, carIds));
    const now = new Date();
    const held = (carId: string) =>
      bookings.some(
        (booking) =>
          booking.carId === carId &&
          booking.status !== "cancelled" &&
          (booking.status !== "void" || booking.expiresAt! > now) &&
          booking.startsAt < to &&
          booking.endsAt > from,
      );
    const priced = rows
      .filter(
        ({ car, blacklisted }) =>
          car.available &&
          !car.fullyBooked &&
          !car.comingSoon &&
          !blacklisted &&
          !held(car.id) &&
          (!range || car.range === range),
      )
      .map(({ car, settings }) => {
        const dateBasedPrices = periods
          .filter((period) => period.carId === car.id)
          .sort((a, b) => (a.startDate === b.startDate ? (a.id < b.id ? -1 : 1) : a.startDate < b.startDate ? -1 : 1));
        const quote = quoteRental({
          car: { ...car, dateBasedPrices },
          markupBasisPoints: settings.markupBasisPoints,
          from,
          to,
          timeZone: TIME_ZONE,
          hourlyMinimumHours: settings.hourlyMinimumHours,
        });
        return {
          id: car.id,
          supplierId: car.supplierId,
          cap: settings.maxCarsPerSearch ?? Infinity,
          minimumDays: settings.minimumRentalDays,
          days: quote.days,
          total: quote.total,
        };
      })
      .filter((car) => car.minimumDays <= car.days);
    const byPrice = (a: { total: number; id: string }, b: { total: number; id: string }) =>
      a.total - b.total || (a.id < b.id ? -1 : 1);
    const kept = new Map<string, number>();
    return priced.sort(byPrice).filter((car) => {
      const rank = (kept.get(car.supplierId) ?? 0) + 1;
      kept.set(car.supplierId, rank);
      return rank <= car.cap;
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const country = await insertTunisia(db);
    const place = (slug: string, parentId: string | null = null) => placeValues(country.id, slug, parentId);
    const [metroRow] = await db.insert(schema.locations).values(place("metro")).returning();
    const [airportRow, quietRow] = await db
      .insert(schema.locations)
      .values([place("metro-airport", metroRow!.id), place("quiet")])
      .returning();

    const supplier = (slug: string, settings: Partial<typeof schema.supplierSettings.$inferInsert>) =>
      insertSupplier(db, slug, settings);
    const suppliers = [
      await supplier("plus", { markupBasisPoints: 1000 }),
      // A negative markup lowers prices below the floor × days: the bound must allow for it.
      await supplier("minus", { markupBasisPoints: -2000 }),
      await supplier("capped", { maxCarsPerSearch: 4 }),
    ];
    const [driver] = await db
      .insert(schema.users)
      .values({ email: "driver@example.com", fullName: "Driver" })
      .returning();

    // Tier prices that vary with i, some missing, some dearer per day than the daily price, some discounted.
    await db.execute(sql`
      insert into cars (supplier_id, name, license_plate, daily_price, discounted_daily_price, bi_weekly_price,
        weekly_price, discounted_weekly_price, monthly_price, range, fuel_type, gearbox, seats, doors, fuel_policy)
      select (${sql.raw(`array['${suppliers.join("'::uuid,'")}'::uuid]`)})[1 + i % 3], 'metro ' || i, 'M-' || i,
        2000 + (i * 37) % 9000, case when i % 5 = 1 then 1500 + (i * 13) % 3000 end,
        case when i % 4 = 0 then null when i % 4 = 1 then (2000 + (i * 37) % 9000) * 4 else (2000 + (i * 37) % 9000) * 27 / 10 end,
        case when i % 3 = 0 then null else (2000 + (i * 41) % 9000) * 6 end, case when i % 7 = 3 then 9000 end,
        case when i % 2 = 0 then (2000 + (i * 43) % 9000) * 20 end,
        (array['mini','midi','maxi'])[1 + i % 3], 'gasoline', 'manual', 5, 5, 'likeForLike'
      from generate_series(1, ${METRO_CARS}::int) as i`);
    // Each car at the city, at its airport, or at both (then walked twice and kept once).
    await db.execute(sql`
      insert into car_locations (car_id, location_id)
      select c.id, l.id from cars c, locations l
      where c.license_plate like 'M-%' and ((substr(c.license_plate, 3)::int % 3 <> 2 and l.id = ${metroRow!.id}) or (substr(c.license_plate, 3)::int % 3 <> 1 and l.id = ${airportRow!.id}))`);
    // Date-priced cars: dear by the day, cheap on the dates searched (their floor is 0: always within the bound).
    const [dated] = await db
      .insert(schema.cars)
      .values({
        supplierId: suppliers[0]!,
        name: "dated",
        licensePlate: "DATED",
        dailyPrice: 50000,
        isDateBasedPrice: true,
        range: "mini",
        fuelType: "gasoline",
        gearbox: "manual",
        seats: 5,
        doors: 5,
        fuelPolicy: "likeForLike",
      })
      .returning();
    await db.insert(schema.carLocations).values({ carId: dated!.id, locationId: airportRow!.id });
    await db
      .insert(schema.dateBasedPrices)
      .values({ carId: dated!.id, startDate: "2030-05-01", endDate: "2030-06-30", dailyPrice: 300 });

    // About 40 % of the metro cars are held over the dates searched; cancelled and expired holds hold nothing.
    const booking = (status: string, expires: string | null) => sql`
      insert into bookings (supplier_id, car_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
        payment_mode, days, base_price, extras_price, markup, total_price, deposit, amount_due, expires_at)
      select c.supplier_id, c.id, ${driver!.id}, ${metroRow!.id}, ${metroRow!.id}, ${FROM.toISOString()}::timestamptz + ((i % 9) || ' days')::interval,
        ${FROM.toISOString()}::timestamptz + ((i % 9 + 2) || ' days')::interval, ${status}, 'payLater', 2, 1, 0, 0, 1, 0, 0, ${expires}::timestamptz
      from cars c cross join lateral (select substr(c.license_plate, 3)::int as i) n
      where c.license_plate like 'M-%'`;
    await db.execute(sql`${booking("paid", null)} and i % 5 in (0, 1)`);
    await db.execute(sql`${booking("cancelled", null)} and i % 5 = 2`);
    await db.execute(sql`${booking("void", "2020-01-01T00:00:00Z")} and i % 5 = 3`);

    // The quiet place: more cars than one walk reads, all but a few held over the dates searched.
    await db.execute(sql`
      insert into cars (supplier_id, name, license_plate, daily_price, range, fuel_type, gearbox, seats, doors, fuel_policy)
      select ${suppliers[0]!}, 'quiet ' || i, 'Q-' || i, 1000 + i, 'mini', 'gasoline', 'manual', 5, 5, 'likeForLike'
      from generate_series(1, ${QUIET_CARS}::int) as i`);
    await db.execute(
      sql`insert into car_locations (car_id, location_id) select id, ${quietRow!.id} from cars where license_plate like 'Q-%'`,
    );
    await db.execute(sql`
      insert into bookings (supplier_id, car_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
        payment_mode, days, base_price, extras_price, markup, total_price, deposit, amount_due)
      select c.supplier_id, c.id, ${driver!.id}, ${quietRow!.id}, ${quietRow!.id}, ${FROM.toISOString()}::timestamptz - interval '1 day',
        ${FROM.toISOString()}::timestamptz + interval '40 days', 'paid', 'payLater', 41, 1, 0, 0, 1, 0, 0
      from cars c where c.license_plate like 'Q-%' and substr(c.license_plate, 3)::int <= ${QUIET_CARS - QUIET_FREE}`);

    const places = await listPlaces(db, "en");
    metro = places.find((p) => p.slug === "metro")!;
    quiet = places.find((p) => p.slug === "quiet")!;
  }, 180_000);
  afterAll(() => database?.destroy());

  const search = (pickup: PlaceOption, days: number, page: number, query = "") =>
    searchCars(database.db, {
      pickup,
      from: FROM,
      to: new Date(FROM.getTime() + days * DAY_MS),
      filters: searchFilters(query),
      sort: "price-asc",
      page,
      supplierIds: [],
    });

  // One length per tier band: 1 day (daily), 3 (three-day), 8 (weekly), 31 (monthly).
  it.each([1, 3, 8, 31])(
    "%i days: every page is the full ranking's, and the count says when it is a lower bound",
    async (days) => {
      const expected = await oracle(metro, FROM, new Date(FROM.getTime() + days * DAY_MS));
      expect(expected.length).toBeGreaterThan(RESULTS_COUNTED_UP_TO + CARS_PAGE_SIZE);
      const lastPage = Math.ceil(expected.length / CARS_PAGE_SIZE);
      for (const page of [1, 2, 10, 11, lastPage, lastPage + 1]) {
        const found = await search(metro, days, page);
        const shown = expected.slice((page - 1) * CARS_PAGE_SIZE, page * CARS_PAGE_SIZE);
        expect(
          found.offers.map((offer) => [offer.id, offer.price.total]),
          `page ${page}`,
        ).toEqual(shown.map((car) => [car.id, car.total]));
        if (found.more) {
          expect(found.total, `page ${page}`).toBeLessThanOrEqual(expected.length);
          expect(found.total, `page ${page}`).toBeGreaterThanOrEqual(page * CARS_PAGE_SIZE);
        } else {
          expect(found.total, `page ${page}`).toBe(expected.length);
        }
      }
      // The first page of a place with hundreds free does not count them all: proof the walk stopped early.
      expect((await search(metro, days, 1)).more).toBe(true);
    },
    60_000,
  );

  it("with a filter, the same", async () => {
    const expected = await oracle(metro, FROM, new Date(FROM.getTime() + 3 * DAY_MS), "midi");
    for (const page of [1, 2, 5]) {
      const found = await search(metro, 3, page, "range=midi");
      const shown = expected.slice((page - 1) * CARS_PAGE_SIZE, page * CARS_PAGE_SIZE);
      expect(
        found.offers.map((offer) => offer.id),
        `page ${page}`,
      ).toEqual(shown.map((car) => car.id));
    }
  });

  it("when a walk finds too few free cars to fill the page, every free car is ranked and counted", async () => {
    const found = await search(quiet, 3, 1);
    const expected = await oracle(quiet, FROM, new Date(FROM.getTime() + 3 * DAY_MS));
    expect(expected).toHaveLength(QUIET_FREE);
    expect(found.offers.map((offer) => offer.id)).toEqual(expected.map((car) => car.id));
    expect({ total: found.total, more: found.more }).toEqual({ total: QUIET_FREE, more: false });
  });

  it("when the walk read every car of the place and none is free, the answer is none, counted as none, on any page", async () => {
    // The metro's 420 cars are minis, midis and maxis: the walk reads them all and finds no scooter. That is the
    // answer, with no ranking of every free car after it (a fully booked period costs one statement).
    expect(await oracle(metro, FROM, new Date(FROM.getTime() + 3 * DAY_MS), "scooter")).toHaveLength(0);
    for (const page of [1, 2]) {
      const found = await search(metro, 3, page, "range=scooter");
      expect({ offers: found.offers, total: found.total, more: found.more }, `page ${page}`).toEqual({
        offers: [],
        total: 0,
        more: false,
      });
    }
    // Past the last page of a place with a few free cars, the count still says how many there are.
    const midis = await oracle(metro, FROM, new Date(FROM.getTime() + 3 * DAY_MS), "midi");
    const pastTheLast = Math.ceil(midis.length / CARS_PAGE_SIZE) + 1;
    const found = await search(metro, 3, pastTheLast, "range=midi");
    expect({ offers: found.offers.length, total: found.total }).toEqual({ offers: 0, total: midis.length });
  });

  it("under a day, cars billed by the hour rank by their hourly total, however dear their day (decision 037)", async () => {
    const { db } = database;
    // Dear days, cheap hours: a walk by day floor would reach them last. One supplier bills at least 4 hours.
    await db.execute(sql`update cars set hourly_price = 100 + (substr(license_plate, 3)::int * 7) % 400
      where license_plate like 'M-%' and substr(license_plate, 3)::int % 10 = 0`);
    await db.execute(sql`update supplier_settings set hourly_minimum_hours = 4 where markup_basis_points = -2000`);
    try {
      for (const hours of [2, 5, 9]) {
        const to = new Date(FROM.getTime() + hours * 3_600_000);
        const expected = await oracle(metro, FROM, to);
        for (const page of [1, 3]) {
          const found = await searchCars(db, {
            pickup: metro,
            from: FROM,
            to,
            filters: searchFilters(""),
            sort: "price-asc",
            page,
            supplierIds: [],
          });
          const shown = expected.slice((page - 1) * CARS_PAGE_SIZE, page * CARS_PAGE_SIZE);
          expect(
            found.offers.map((offer) => [offer.id, offer.price.total]),
            `${hours} hours, page ${page}`,
          ).toEqual(shown.map((car) => [car.id, car.total]));
          expect(found.total).toBe(expected.length);
        }
        // Cheap hours beat dear days: the first page holds cars billed by the hour, at least the minimum.
        const billed = (await search(metro, hours / 24, 1)).offers.flatMap((offer) => offer.price.hours ?? []);
        expect(billed.length).toBeGreaterThan(0);
        expect(Math.min(...billed)).toBeGreaterThanOrEqual(hours);
      }
    } finally {
      await db.execute(sql`update cars set hourly_price = null`);
      await db.execute(sql`update supplier_settings set hourly_minimum_hours = 1`);
    }
  });

  it("a car whose prices change is walked at its new floor, at each of its places (triggers keep the copy)", async () => {
    const { db } = database;
    const [car] = await db.select().from(schema.cars).where(eq(schema.cars.licensePlate, "M-3")); // at both places
    await db
      .update(schema.cars)
      .set({ dailyPrice: 100, discountedDailyPrice: null, biWeeklyPrice: null, weeklyPrice: null, monthlyPrice: null })
      .where(eq(schema.cars.id, car!.id));
    const copies = await db.select().from(schema.carLocations).where(eq(schema.carLocations.carId, car!.id));
    expect(copies.map((copy) => [copy.rateFloor1, copy.rateFloor3, copy.rateFloor7, copy.rateFloor30])).toEqual([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
    ]);
    const found = await search(metro, 3, 1);
    expect(found.offers[0]?.id).toBe(car!.id);
    const expected = await oracle(metro, FROM, new Date(FROM.getTime() + 3 * DAY_MS));
    expect(found.offers.map((offer) => offer.id)).toEqual(expected.slice(0, CARS_PAGE_SIZE).map((car) => car.id));
    // A new pairing takes the car's floors too.
    await db
      .delete(schema.carLocations)
      .where(and(eq(schema.carLocations.carId, car!.id), eq(schema.carLocations.locationId, quiet.id)));
    await db.insert(schema.carLocations).values({ carId: car!.id, locationId: quiet.id });
    const [atQuiet] = await db
      .select()
      .from(schema.carLocations)
      .where(and(eq(schema.carLocations.carId, car!.id), eq(schema.carLocations.locationId, quiet.id)));
    expect(atQuiet?.rateFloor3).toBe(100);
  });
});
