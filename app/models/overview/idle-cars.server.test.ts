import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import type { FiguresScope } from "./figures-scope.server";
import { advanceIdleFloors, idleCars, idleCarsCounted } from "./idle-cars.server";
import { rowsOf } from "~/utils/sql.server";

const HOUR_MS = 3_600_000;
/** Instants relative to the database's real clock: the floors are counted on it. */
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

describe.each(testEngines)("the cars idle longest on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  /** The supplier's cars by what they stand for, besides the fixture's own (rented never). */
  const car: Record<string, string> = {};
  const scopes = (): Array<[string, FiguresScope]> => [
    ["the supplier", { supplierId: catalogue.supplier.id, placeId: null }],
    ["one place", { supplierId: catalogue.supplier.id, placeId: catalogue.location.id }],
    ["an admin", { supplierId: null, placeId: null }],
    ["the other supplier", { supplierId: other.supplier.id, placeId: null }],
  ];
  const instants = () => [new Date(), new Date(Date.now() + 24 * HOUR_MS), new Date(Date.now() - 40 * 24 * HOUR_MS)];

  /** The walk over the kept floors gives exactly what counting every car gives, in every scope and at every instant. */
  const expectWalkEqualsCount = async () => {
    for (const [, scope] of scopes())
      for (const asOf of instants())
        expect(await idleCars(database.db, scope, asOf)).toEqual(await idleCarsCounted(database.db, scope, asOf));
  };
  /** Cars whose kept floor differs from one counted now. */
  const floorsOff = async () =>
    rowsOf<{ id: string }>(database.db, sql`select id from cars where idle_floor is distinct from car_idle_floor(id)`);
  /** Cars whose kept floor is above the truth: never allowed. */
  const floorsAbove = async () =>
    rowsOf<{ id: string }>(
      database.db,
      sql`select id from cars where idle_floor > coalesce(car_idle_floor(id), '-infinity'::timestamptz)`,
    );

  const addCar = async (key: string, name: string, extra: Partial<typeof schema.cars.$inferInsert> = {}) => {
    const { id: _id, createdAt: _created, updatedAt: _updated, ...values } = catalogue.car;
    const [row] = await database.db
      .insert(schema.cars)
      .values({ ...values, name, licensePlate: `ID-${key}`, ...extra })
      .returning();
    car[key] = row?.id ?? "";
    await database.db.insert(schema.carLocations).values({ carId: car[key] ?? "", locationId: catalogue.location.id });
  };
  const rent = (key: string, fromHours: number, toHours: number, status: "paid" | "cancelled" = "paid") =>
    database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, hoursFromNow(fromHours), hoursFromNow(toHours), status),
        carId: car[key] ?? "",
      })
      .returning({ id: schema.bookings.id });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    other = await insertMinimalCatalogue(database.db);
    await addCar("month", "Yankee");
    await addCar("week", "Bravo");
    await addCar("cancelled", "Charlie");
    await addCar("out", "Delta");
    await addCar("justStarted", "Echo");
    await addCar("future", "Foxtrot");
    await addCar("twinA", "Golf");
    await addCar("twinB", "Golf");
    await addCar("retired", "Hotel", { retiredAt: new Date() });
    await addCar("offRoad", "India", { available: false });
    // Recently rented cars named first: when the floors lag behind, the walk meets them first and has to go further.
    for (let index = 0; index < 20; index += 1) await addCar(`fleet${index}`, `Able ${String(index).padStart(2, "0")}`);

    await rent("month", -30 * 24, -28 * 24);
    await rent("week", -9 * 24, -7 * 24);
    await rent("week", 48, 72);
    await rent("cancelled", -20 * 24, -19 * 24);
    await rent("cancelled", -5 * 24, -3 * 24, "cancelled");
    await rent("out", -2, 22);
    // Started 3 minutes ago: the floor does not count it yet (10 minutes' lag), the exact count does.
    await rent("justStarted", -0.05, 24);
    await rent("future", 24, 48);
    await rent("twinA", -12 * 24, -11 * 24);
    await rent("twinB", -12 * 24, -11 * 24);
    await rent("retired", -60 * 24, -59 * 24);
    await rent("offRoad", -60 * 24, -59 * 24);
    for (let index = 0; index < 20; index += 1) await rent(`fleet${index}`, -(72 - index), -(71 - index));
    await database.db
      .insert(schema.bookings)
      .values(bookingValues(other, hoursFromNow(-50 * 24), hoursFromNow(-49 * 24), "paid"));
  });
  afterAll(() => database?.destroy());

  it("keeps each car's floor as counted, a lower bound of its last rental's end, as bookings come and go", async () => {
    expect(await floorsOff()).toEqual([]);
    const [row] = await database.db
      .select({ floor: schema.cars.idleFloor })
      .from(schema.cars)
      .where(eq(schema.cars.id, car.justStarted ?? ""));
    expect(row?.floor).toBeNull();
    await expectWalkEqualsCount();

    const supplier = { supplierId: catalogue.supplier.id, placeId: null };
    const names = (await idleCars(database.db, supplier, new Date())).map((idle) => idle.name);
    // Never rented first (the one booked only ahead, then the fixture's car), by name; then the longest idle.
    expect(names).toEqual(["Foxtrot", "Test Car", "Yankee", "Charlie", "Golf"]);
  });

  it("lowers a floor in the transaction that cancels, shortens or moves a rental, and never leaves one above the truth", async () => {
    const weekBookings = await database.db
      .select({ id: schema.bookings.id })
      .from(schema.bookings)
      .where(eq(schema.bookings.carId, car.week ?? ""));
    // The last rental of "week" cancelled: its floor falls back to nothing rented before.
    await database.db
      .update(schema.bookings)
      .set({ status: "cancelled" })
      .where(
        inArray(
          schema.bookings.id,
          weekBookings.map((booking) => booking.id),
        ),
      );
    expect(await floorsAbove()).toEqual([]);
    expect(await floorsOff()).toEqual([]);
    await expectWalkEqualsCount();

    // "out" brought back early, and the month-old rental moved onto "twinA".
    await database.db
      .update(schema.bookings)
      .set({ endsAt: new Date(hoursFromNow(-1)) })
      .where(eq(schema.bookings.carId, car.out ?? ""));
    await database.db
      .update(schema.bookings)
      .set({ carId: car.twinA ?? "" })
      .where(eq(schema.bookings.carId, car.month ?? ""));
    expect(await floorsOff()).toEqual([]);
    await expectWalkEqualsCount();

    // Deleted with its bookings' car gone from the offer: nothing kept above the truth.
    await database.db.delete(schema.bookings).where(eq(schema.bookings.carId, car.twinB ?? ""));
    expect(await floorsAbove()).toEqual([]);
    expect(await floorsOff()).toEqual([]);
    await expectWalkEqualsCount();
  });

  it("walks further when floors lag behind, and the minute beat raises them again", async () => {
    // Every floor forgotten (as if no rental had started since they were counted): still lower bounds.
    await database.db.update(schema.cars).set({ idleFloor: null });
    expect(await floorsAbove()).toEqual([]);
    await expectWalkEqualsCount();

    await database.db.update(schema.carIdleFloorsAsOf).set({ asOf: new Date(hoursFromNow(-100 * 24)) });
    expect(await advanceIdleFloors(database.db)).toBeGreaterThan(20);
    // Nothing started since: the next beat changes nothing.
    expect(await advanceIdleFloors(database.db)).toBe(0);
    expect(await floorsOff()).toEqual([]);
    await expectWalkEqualsCount();
  });

  it.runIf(engine === "postgres")(
    "never leaves a floor above the truth when the beat counts a rental that another writer is cancelling",
    async () => {
      const db = database.db;
      await addCar("late", "Juliett");
      const [booking] = await rent("late", -6 * 24, -5 * 24);
      await db
        .update(schema.cars)
        .set({ idleFloor: null })
        .where(eq(schema.cars.id, car.late ?? ""));
      await db.update(schema.carIdleFloorsAsOf).set({ asOf: new Date(hoursFromNow(-7 * 24)) });
      let beat: Promise<number> | undefined;
      let beatDone = false;
      await db.transaction(async (tx) => {
        await tx
          .update(schema.bookings)
          .set({ status: "cancelled" })
          .where(eq(schema.bookings.id, booking?.id ?? ""));
        // The beat, on another connection, still sees the rental kept; it must wait for this writer's car lock.
        beat = advanceIdleFloors(db).finally(() => {
          beatDone = true;
        });
        while (!beatDone) {
          const [waiting] = await rowsOf<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%car_idle_floors_advance%'`,
          );
          if ((waiting?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      await beat;
      expect(await floorsAbove()).toEqual([]);
      expect(await floorsOff()).toEqual([]);
    },
  );
});
