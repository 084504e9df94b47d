import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { dayRuns, readDayFigures, RECOUNT_LOCK_ID, recountStaleDayFigures, type FiguresBy } from "./day-figures.server";
import { rowsOf } from "~/utils/sql.server";

describe("dayRuns", () => {
  it("joins consecutive days, splits gaps and long stretches, and ignores order and repeats", () => {
    expect(dayRuns(["2031-08-03", "2031-08-01", "2031-08-02", "2031-08-02", "2031-08-05"])).toEqual([
      ["2031-08-01", "2031-08-03"],
      ["2031-08-05", "2031-08-05"],
    ]);
    const fortyDays = Array.from({ length: 40 }, (_, index) =>
      new Date(Date.UTC(2031, 11, 20 + index)).toISOString().slice(0, 10),
    );
    expect(dayRuns(fortyDays)).toEqual([
      ["2031-12-20", "2032-01-19"],
      ["2032-01-20", "2032-01-28"],
    ]);
    expect(dayRuns([])).toEqual([]);
  });
});

const window = { from: new Date("2031-08-01T00:00:00Z"), to: new Date("2031-08-15T00:00:00Z") };
const on = (days: Array<{ day: string; booked: number; blocked: number }>, day: string) =>
  days.find((entry) => entry.day === day);

describe.each(testEngines)("the fleet's use kept per day on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  let secondCarId = "";
  let secondPlaceId = "";
  const staleCount = async () =>
    (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from day_figures_stale`))[0]?.n;
  const own = () => ({ supplierId: catalogue.supplier.id, placeId: null });
  const usage = async (scope: { supplierId: string | null; placeId: string | null }) =>
    (await readDayFigures(database.db, scope, window, "day")).map(({ key, booked, blocked }) => ({
      day: key,
      booked,
      blocked,
    }));
  /** Every scope's days, and every figure per day and per place, as a reader sees them. */
  const everyScope = async () => ({
    own: await usage(own()),
    place: await usage({ supplierId: catalogue.supplier.id, placeId: secondPlaceId }),
    everyone: await usage({ supplierId: null, placeId: null }),
    figures: await readDayFigures(database.db, { supplierId: null, placeId: null }, window, "day"),
    places: await readDayFigures(database.db, own(), window, "place"),
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    const { id: _id, ...car } = catalogue.car;
    const [second] = await db
      .insert(schema.cars)
      .values({ ...car, licensePlate: "FU-2", name: "Car FU-2" })
      .returning();
    secondCarId = second?.id ?? "";
    const { id: _placeId, ...place } = catalogue.location;
    const [row] = await db
      .insert(schema.locations)
      .values({
        ...place,
        slug: `${place.slug}-second`,
        nameEn: "Second place",
        nameFr: "Second lieu",
        nameEs: "Segundo lugar",
      })
      .returning();
    secondPlaceId = row?.id ?? "";
  });
  afterAll(() => database?.destroy());

  it("counts live what changed, keeps the same figures once the beat has recounted, and marks only what changes them", async () => {
    const db = database.db;
    // Car 1 from the 2nd 10:00 to the 4th 10:00 (three days touched), car 2 picked up at the second place.
    const [first] = await db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, "2031-08-02T10:00:00Z", "2031-08-04T10:00:00Z"),
        status: "paid",
        paymentMode: "full",
        totalPrice: 30000,
        taxAmount: 5000,
        days: 2,
        createdAt: new Date("2031-08-01T12:00:00Z"),
      })
      .returning();
    await db.insert(schema.bookings).values({
      ...bookingValues(catalogue, "2031-08-03T09:00:00Z", "2031-08-05T09:00:00Z"),
      createdAt: new Date("2031-08-01T23:30:00Z"),
      carId: secondCarId,
      pickupLocationId: secondPlaceId,
    });
    // A second booking of car 1 on the 4th (the same day, later): the car counts once that day.
    await db.insert(schema.bookings).values({
      ...bookingValues(catalogue, "2031-08-04T14:00:00Z", "2031-08-05T14:00:00Z", "deposit"),
      createdAt: new Date("2031-08-02T08:00:00Z"),
    });
    await db.insert(schema.bookings).values(bookingValues(other, "2031-08-03T10:00:00Z", "2031-08-04T10:00:00Z"));
    // Car 2 off the road the 10th and 11th, and it serves the second place.
    await db.insert(schema.carBlocks).values({
      carId: secondCarId,
      startsAt: new Date("2031-08-10T00:00:00Z"),
      endsAt: new Date("2031-08-12T00:00:00Z"),
      reason: "repair",
    });
    await db.insert(schema.carLocations).values({ carId: secondCarId, locationId: secondPlaceId });

    const live = await everyScope();
    expect(live.own).toHaveLength(14);
    expect(on(live.own, "2031-08-01")).toEqual({ day: "2031-08-01", booked: 0, blocked: 0 });
    expect(on(live.own, "2031-08-03")).toEqual({ day: "2031-08-03", booked: 2, blocked: 0 });
    expect(on(live.own, "2031-08-04")).toEqual({ day: "2031-08-04", booked: 2, blocked: 0 });
    expect(on(live.own, "2031-08-05")).toEqual({ day: "2031-08-05", booked: 2, blocked: 0 });
    expect(on(live.own, "2031-08-10")).toEqual({ day: "2031-08-10", booked: 0, blocked: 1 });
    expect(on(live.place, "2031-08-03")).toEqual({ day: "2031-08-03", booked: 1, blocked: 0 });
    expect(on(live.place, "2031-08-02")).toEqual({ day: "2031-08-02", booked: 0, blocked: 0 });
    expect(on(live.place, "2031-08-11")).toEqual({ day: "2031-08-11", booked: 0, blocked: 1 });
    expect(on(live.everyone, "2031-08-03")).toEqual({ day: "2031-08-03", booked: 3, blocked: 0 });
    // Made on the 1st (UTC): one in full, one to pay later; picked up on the 2nd and the 3rd (the other supplier's too).
    const dayOf = (rows: FiguresBy[], key: string) => rows.find((row) => row.key === key);
    expect(dayOf(live.figures, "2031-08-01")).toMatchObject({
      made_full: 1,
      made_revenue_full: 30000,
      made_pay_later: 1,
      made_revenue_pay_later: 4000,
      made_deposit: 0,
    });
    expect(dayOf(live.figures, "2031-08-02")).toMatchObject({ made_pay_later: 1, picked_up: 1, picked_up_days: 2 });
    expect(dayOf(live.figures, "2031-08-02")).toMatchObject({ picked_up_revenue: 30000, picked_up_tax: 5000 });
    expect(dayOf(live.figures, "2031-08-03")).toMatchObject({ picked_up: 2, picked_up_revenue: 8000 });
    expect(dayOf(live.places, catalogue.location.id)).toMatchObject({ picked_up: 2, picked_up_revenue: 34000 });
    expect(dayOf(live.places, secondPlaceId)).toMatchObject({ picked_up: 1, picked_up_revenue: 4000 });
    expect(live.places).toHaveLength(2);

    expect(await staleCount()).toBeGreaterThan(0);
    expect(await recountStaleDayFigures(db)).toBeGreaterThan(0);
    expect(await staleCount()).toBe(0);
    expect(await everyScope()).toEqual(live);
    expect(await recountStaleDayFigures(db)).toBe(0);

    // The car no longer serving the second place: its block leaves that place's figures, and comes back with it.
    await db.delete(schema.carLocations).where(eq(schema.carLocations.carId, secondCarId));
    expect(on((await everyScope()).place, "2031-08-11")).toEqual({ day: "2031-08-11", booked: 0, blocked: 0 });
    await recountStaleDayFigures(db);
    expect(on((await everyScope()).place, "2031-08-11")).toEqual({ day: "2031-08-11", booked: 0, blocked: 0 });
    await db.insert(schema.carLocations).values({ carId: secondCarId, locationId: secondPlaceId });
    expect(on((await everyScope()).place, "2031-08-11")).toEqual({ day: "2031-08-11", booked: 0, blocked: 1 });
    await recountStaleDayFigures(db);
    expect(await everyScope()).toEqual(live);

    // A payment settling (pending to paid) changes nothing counted: nothing marked.
    await db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.carId, secondCarId));
    expect(await staleCount()).toBe(0);

    // Cancelled, moved, the block lifted: each reader sees it at once, and the beat keeps it.
    await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.carId, secondCarId));
    await db
      .update(schema.bookings)
      .set({ startsAt: new Date("2031-08-07T10:00:00Z"), endsAt: new Date("2031-08-08T10:00:00Z") })
      .where(eq(schema.bookings.id, first?.id ?? ""));
    await db.delete(schema.carBlocks).where(eq(schema.carBlocks.carId, secondCarId));
    const changed = await everyScope();
    expect(on(changed.own, "2031-08-03")).toEqual({ day: "2031-08-03", booked: 0, blocked: 0 });
    expect(on(changed.own, "2031-08-04")).toEqual({ day: "2031-08-04", booked: 1, blocked: 0 });
    expect(on(changed.own, "2031-08-08")).toEqual({ day: "2031-08-08", booked: 1, blocked: 0 });
    expect(on(changed.own, "2031-08-10")).toEqual({ day: "2031-08-10", booked: 0, blocked: 0 });
    expect(on(changed.place, "2031-08-03")).toEqual({ day: "2031-08-03", booked: 0, blocked: 0 });
    expect(on(changed.everyone, "2031-08-03")).toEqual({ day: "2031-08-03", booked: 1, blocked: 0 });
    expect(dayOf(changed.figures, "2031-08-01")).toMatchObject({ made_full: 1, made_pay_later: 0 });
    expect(dayOf(changed.figures, "2031-08-03")).toMatchObject({ picked_up: 1, picked_up_revenue: 4000 });
    expect(dayOf(changed.figures, "2031-08-07")).toMatchObject({ picked_up: 1, picked_up_revenue: 30000 });
    expect(dayOf(changed.places, secondPlaceId)?.picked_up ?? 0).toBe(0);
    await recountStaleDayFigures(db);
    expect(await everyScope()).toEqual(changed);
    // Kept: the supplier's days booked, made or picked up (1st, 2nd, 4th, 5th, 7th, 8th), the other's two.
    const kept = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from day_figures
        where place_id is null and day between '2031-08-01' and '2031-08-14'`,
    );
    expect(kept[0]?.n).toBe(8);
  });

  it.runIf(engine === "postgres")("recounts on one instance at a time: another beat finds the lock taken", async () => {
    const db = database.db;
    await db.insert(schema.bookings).values(bookingValues(other, "2031-09-03T10:00:00Z", "2031-09-04T10:00:00Z"));
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RECOUNT_LOCK_ID})`);
      expect(await recountStaleDayFigures(db)).toBe(0);
    });
    expect(await staleCount()).toBeGreaterThan(0);
    expect(await recountStaleDayFigures(db)).toBeGreaterThan(0);
    expect(await staleCount()).toBe(0);
  });
});
