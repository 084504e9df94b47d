import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import type { FiguresScope } from "./figures-scope.server";
import { TOP_EARNERS_DAYS } from "./overview-windows";
import { advanceCarEarnings, topEarners, topEarnersCounted } from "./top-earners.server";

const HOUR = 3_600_000;
const WINDOW_MS = TOP_EARNERS_DAYS * 24 * HOUR;

describe.each(testEngines)("the cars that earned most, kept (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  const carIds: string[] = [];
  let scopes: FiguresScope[];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    const { id: _id, ...car } = catalogue.car;
    for (let index = 0; index < 7; index++) {
      const [row] = await db
        .insert(schema.cars)
        .values({ ...car, licensePlate: `TE-${index}`, name: `Earner ${index}` })
        .returning();
      carIds.push(row?.id ?? "");
    }
    scopes = [
      { supplierId: catalogue.supplier.id, placeId: null },
      { supplierId: other.supplier.id, placeId: null },
      { supplierId: null, placeId: null },
    ];
  });
  afterAll(() => database?.destroy());

  /** A kept booking of car `index` picked up `hoursFromNow` hours from the database's now, priced `price`. */
  async function booking(index: number, hoursFromNow: number, price: number, status: "paid" | "void" = "paid") {
    const starts = new Date(Date.now() + hoursFromNow * HOUR);
    const [row] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, starts.toISOString(), new Date(starts.getTime() + 2 * HOUR).toISOString(), status),
        carId: carIds[index] ?? "",
        totalPrice: price,
      })
      .returning();
    return row?.id ?? "";
  }

  /** For readers whose clocks are at each of `offsets` hours from now: the kept answer equals the counted one. */
  async function keptEqualsCounted(offsets = [0, -2, 3]) {
    for (const offset of offsets) {
      const to = new Date(Date.now() + offset * HOUR);
      const window = { from: new Date(to.getTime() - WINDOW_MS), to };
      for (const scope of scopes)
        expect(await topEarners(database.db, scope, window), `${offset} h, ${scope.supplierId}`).toEqual(
          await topEarnersCounted(database.db, scope, window),
        );
    }
  }

  it("answers as counting every booking would, as bookings are made, changed and the window moves", async () => {
    const db = database.db;
    // Seven cars earning different amounts; one booking near each end of the window; one about to start.
    await booking(0, -24, 50_000);
    await booking(1, -48, 40_000);
    await booking(1, -30 * 24, 15_000);
    await booking(2, -TOP_EARNERS_DAYS * 24 + 1, 80_000);
    await booking(3, -3 * 24, 30_000);
    await booking(4, -5 * 24, 20_000);
    await booking(5, -6 * 24, 10_000);
    await booking(6, 2, 99_000);
    const unpaid = await booking(6, -10, 70_000, "void");
    await db
      .insert(schema.bookings)
      .values(
        bookingValues(
          other,
          new Date(Date.now() - 5 * HOUR).toISOString(),
          new Date(Date.now() - 2 * HOUR).toISOString(),
          "paid",
        ),
      );
    await keptEqualsCounted();
    expect(await advanceCarEarnings(db)).toBeGreaterThan(0);
    await keptEqualsCounted();
    const [first] = await topEarners(db, scopes[0]!, { from: new Date(Date.now() - WINDOW_MS), to: new Date() });
    expect(first).toMatchObject({ plate: "TE-2", revenue: 80_000 });

    // Changed since the beat: a price, a cancellation, a car swapped, a booking deleted, a hold released.
    await db
      .update(schema.bookings)
      .set({ totalPrice: 90_000 })
      .where(eq(schema.bookings.carId, carIds[5] ?? ""));
    await db
      .update(schema.bookings)
      .set({ status: "cancelled" })
      .where(eq(schema.bookings.carId, carIds[0] ?? ""));
    await db
      .update(schema.bookings)
      .set({ carId: carIds[4] ?? "" })
      .where(eq(schema.bookings.carId, carIds[3] ?? ""));
    await db.delete(schema.bookings).where(eq(schema.bookings.carId, carIds[1] ?? ""));
    await db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.id, unpaid));
    await keptEqualsCounted();
    expect(await advanceCarEarnings(db)).toBeGreaterThan(0);
    await keptEqualsCounted();
    // Nothing changed: the beat touches nothing, and the kept rows are read as they are.
    expect(await advanceCarEarnings(db)).toBe(0);
    await keptEqualsCounted();
    // Every kept row is exactly its car's sum over the beat's window.
    const [asOf] = await db.select().from(schema.carEarningsAsOf);
    const kept = await db.select().from(schema.carEarnings);
    for (const row of kept) {
      const [counted] = await topEarnersCounted(
        db,
        { supplierId: row.supplierId, placeId: null },
        { from: new Date(asOf!.asOf.getTime() - WINDOW_MS), to: asOf!.asOf },
      ).then((rows) => rows.filter((car) => car.carId === row.carId));
      expect(Number(row.earned)).toBe(counted?.revenue);
    }
    // A window of other length, and one place, are counted.
    const week = { from: new Date(Date.now() - 7 * 24 * HOUR), to: new Date() };
    expect(await topEarners(db, scopes[0]!, week)).toEqual(await topEarnersCounted(db, scopes[0]!, week));
    const atPlace = { supplierId: catalogue.supplier.id, placeId: catalogue.location.id };
    const window = { from: new Date(Date.now() - WINDOW_MS), to: new Date() };
    expect(await topEarners(db, atPlace, window)).toEqual(await topEarnersCounted(db, atPlace, window));
  });

  it("is counted again from scratch to the same answer", async () => {
    await database.db.execute(sql`select car_earnings_recount()`);
    await keptEqualsCounted([0]);
  });
});
