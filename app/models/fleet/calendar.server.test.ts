import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingReference } from "~/models/booking/booking";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { addDays, fleetCalendar, mondayOf } from "./calendar.server";

describe("calendar days", () => {
  it("finds the week's Monday and counts days", () => {
    expect(mondayOf("2031-04-10")).toBe("2031-04-07");
    expect(mondayOf("2031-04-07")).toBe("2031-04-07");
    expect(mondayOf("2031-04-13")).toBe("2031-04-07");
    expect(addDays("2031-04-28", 3)).toBe("2031-05-01");
  });
});

describe.each(testEngines)("the fleet calendar, on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
  });
  afterAll(() => database?.destroy());

  it("marks each day a booking or a block touches, on the place's clocks, for the supplier's own cars", async () => {
    const { db } = database;
    const other = await insertMinimalCatalogue(db);
    // Tuesday 23:30 to Thursday 10:00 in Tunis (UTC+1).
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-04-08T22:30:00Z", "2031-04-10T09:00:00Z", "paid"))
      .returning();
    await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-04-11T08:00:00Z", "2031-04-11T10:00:00Z", "cancelled"));
    await db.insert(schema.carBlocks).values({
      carId: catalogue.car.id,
      startsAt: new Date("2031-04-12T08:00:00Z"),
      endsAt: new Date("2031-04-13T08:00:00Z"),
      reason: "repair",
    });
    await db
      .insert(schema.bookings)
      .values(bookingValues(other, "2031-04-08T08:00:00Z", "2031-04-09T08:00:00Z", "paid"));
    const week = await fleetCalendar(db, {
      supplierId: catalogue.supplier.id,
      placeId: catalogue.location.id,
      range: null,
      status: null,
      firstDay: "2031-04-07",
      timeZone: "Africa/Tunis",
      page: 1,
    });
    expect(week.days).toEqual([
      "2031-04-07",
      "2031-04-08",
      "2031-04-09",
      "2031-04-10",
      "2031-04-11",
      "2031-04-12",
      "2031-04-13",
    ]);
    expect(week.rows.map((row) => row.id)).toEqual([catalogue.car.id]);
    const cells = week.rows[0]!.cells;
    const references = cells.map((cell) => cell.bookings.map((item) => item.reference));
    const reference = bookingReference(booking!.id);
    expect(references).toEqual([[], [reference], [reference], [reference], [], [], []]);
    expect(cells[1]!.bookings[0]).toMatchObject({ starts: true, ends: false, status: "paid", driver: "Driver" });
    // Its card gives the period on the calendar's clocks.
    expect(cells[1]!.bookings[0]!.from).toMatch(/^2031-04-08T\d\d:\d\d$/);
    expect(cells[3]!.bookings[0]).toMatchObject({ starts: false, ends: true });
    // The block from Saturday 09:00 to Sunday 09:00; the cancelled booking is not shown unless asked for.
    expect(cells.map((cell) => cell.blocks.length)).toEqual([0, 0, 0, 0, 0, 1, 1]);
    const cancelled = await fleetCalendar(db, {
      supplierId: catalogue.supplier.id,
      placeId: null,
      range: null,
      status: "cancelled",
      firstDay: "2031-04-07",
      timeZone: "Africa/Tunis",
      page: 1,
    });
    expect(cancelled.rows[0]!.cells[4]!.bookings.map((item) => item.status)).toEqual(["cancelled"]);
  });
});
