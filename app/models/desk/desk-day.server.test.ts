import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/models/audit/audit.server";
import { deskDay, recordDeskEvent } from "./desk-day.server";
import { saleDocumentOf } from "~/models/documents/business-documents.server";
import { counterAmount, counterPaymentsOf, recordCounterPayment } from "./counter-payments.server";

describe("what is left to pay at the counter", () => {
  it.each([
    ["payLater", 12_000, 0, 11_000],
    ["deposit", 12_000, 0, 11_000],
    ["full", 12_000, 0, 0],
    ["full", 12_000, 2_500, 2_500],
  ] as const)(
    "%s of %i, %i left by a change: %i in the driver's currency",
    (paymentMode, totalPrice, counterBalance, expected) => {
      expect(counterAmount({ paymentMode, totalPrice, displayRate: 11 / 12, counterBalance })).toBe(expected);
    },
  );
});

describe.each(testEngines)("the desk's day, on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let actor: Actor;
  // Tunis is UTC+1: 09:00 local is 08:00 UTC.
  const place = () => ({ id: catalogue.location.id, timeZone: "Africa/Tunis" });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    actor = { id: catalogue.supplier.id, role: "supplier", fullName: "Desk Clerk" };
    await database.db
      .update(schema.users)
      .set({ phone: "+216 20 000 000" })
      .where(eq(schema.users.id, catalogue.driver.id));
  });
  afterAll(() => database?.destroy());

  it("lists the day's pick-ups and returns at the place in time order, with what the counter needs, and nothing else", async () => {
    const { db } = database;
    const other = await insertMinimalCatalogue(db);
    // One car per booking: the bookings overlap in time.
    const { id: _id, rateFloor1: _1, rateFloor3: _3, rateFloor7: _7, rateFloor30: _30, ...template } = catalogue.car;
    const extraCars = await db
      .insert(schema.cars)
      .values([1, 2, 3, 4].map((n) => ({ ...template, licensePlate: `DESK-${n}-${catalogue.car.licensePlate}` })))
      .returning({ id: schema.cars.id });
    const onCar = (n: number, values: typeof schema.bookings.$inferInsert) => ({ ...values, carId: extraCars[n]!.id });
    await db.insert(schema.bookings).values([
      // Picked up on the day at 14:00 and 09:00 local, one with full insurance, paid in full online.
      {
        ...bookingValues(catalogue, "2031-04-10T13:00:00Z", "2031-04-12T13:00:00Z", "paid"),
        paymentMode: "full",
        totalPrice: 9_000,
        flightNumber: "TU 712",
      },
      onCar(0, {
        ...bookingValues(catalogue, "2031-04-10T08:00:00Z", "2031-04-11T08:00:00Z", "pending"),
        fullInsurance: true,
      }),
      // Returned on the day.
      onCar(1, bookingValues(catalogue, "2031-04-07T08:00:00Z", "2031-04-10T16:00:00Z", "deposit")),
      // Cancelled, another day, and another supplier's: not listed.
      onCar(2, bookingValues(catalogue, "2031-04-10T09:00:00Z", "2031-04-10T20:00:00Z", "cancelled")),
      onCar(3, bookingValues(catalogue, "2031-04-12T09:00:00Z", "2031-04-13T09:00:00Z", "pending")),
      bookingValues(other, "2031-04-10T09:00:00Z", "2031-04-11T09:00:00Z", "pending"),
    ]);
    const day = await deskDay(
      db,
      { supplierId: catalogue.supplier.id, place: place(), day: "2031-04-10" },
      new Date("2031-04-10T06:00:00Z"),
    );
    expect(day.pickups.map((stop) => stop.at)).toEqual(["2031-04-10T09:00", "2031-04-10T14:00"]);
    expect(day.pickups[0]).toMatchObject({
      extras: ["fullInsurance"],
      counterAmount: 4_000,
      phone: "+216 20 000 000",
      licenseOnFile: false,
      flightNumber: null,
      late: false,
    });
    expect(day.pickups[1]).toMatchObject({ counterAmount: 0, flightNumber: "TU 712" });
    expect(day.returns.map((stop) => stop.at)).toEqual(["2031-04-10T17:00"]);
    // An admin's day at that place holds only that place's bookings too (the other supplier's car is elsewhere).
    const all = await deskDay(
      db,
      { supplierId: null, place: place(), day: "2031-04-10" },
      new Date("2031-04-10T06:00:00Z"),
    );
    expect(all.pickups).toHaveLength(2);
  });

  it("records a hand-over, then a return once each; a return after the booked time is flagged late; both audited", async () => {
    const { db } = database;
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-05-01T08:00:00Z", "2031-05-03T08:00:00Z", "pending"))
      .returning();
    const facts = { id: booking!.id, supplierId: catalogue.supplier.id, status: "pending" };
    const reading = { mileage: 12_345, fuelEighths: 8, note: "" };
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "return",
        reading,
        new Date("2031-05-01T08:10:00Z"),
        "https://rent.example",
      ),
    ).toEqual({
      ok: false,
      reason: "notHandedOver",
    });
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "handover",
        reading,
        new Date("2031-05-01T08:10:00Z"),
        "https://rent.example",
      ),
    ).toEqual({
      ok: true,
    });
    // The car went out: the rental is sold, its receipt issued (decision 049), once.
    const sold = await saleDocumentOf(db, booking!.id);
    expect(sold).toMatchObject({ series: "receipt", bookingId: booking!.id });
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "handover",
        reading,
        new Date("2031-05-01T08:11:00Z"),
        "https://rent.example",
      ),
    ).toEqual({
      ok: false,
      reason: "recorded",
    });
    // Returned 40 minutes after the booked drop-off.
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "return",
        { mileage: 12_700, fuelEighths: 6, note: "Scratch, rear door" },
        new Date("2031-05-03T08:40:00Z"),
        "https://rent.example",
      ),
    ).toEqual({ ok: true });
    const day = await deskDay(
      db,
      { supplierId: catalogue.supplier.id, place: place(), day: "2031-05-03" },
      new Date("2031-05-03T10:00:00Z"),
    );
    expect(day.returns).toEqual([
      expect.objectContaining({
        late: true,
        event: {
          at: "2031-05-03T09:40",
          enteredAt: null,
          staffName: "Desk Clerk",
          mileage: 12_700,
          fuelEighths: 6,
          note: "Scratch, rear door",
        },
      }),
    ]);
    // The booking's status is left as it was: events, not statuses.
    const [after] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, booking!.id));
    expect(after!.status).toBe("pending");
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, booking!.id));
    expect(audit.map((entry) => Object.keys(entry.changes)[0]).sort()).toEqual(["handover", "return"]);
    // A cancelled booking is not handed over: the status is read under the booking's lock, not taken from the caller.
    const [cancelled] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-05-10T08:00:00Z", "2031-05-12T08:00:00Z", "cancelled"))
      .returning();
    expect(
      await recordDeskEvent(
        db,
        actor,
        { ...facts, id: cancelled!.id, status: "pending" },
        "handover",
        reading,
        new Date(),
        "https://rent.example",
      ),
    ).toEqual({
      ok: false,
      reason: "notAtDesk",
    });
  });

  it("flags a car out past its return time overdue (not 'returned late' before it is back), and a no-show neither", async () => {
    const { db } = database;
    const [rental] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-06-01T08:00:00Z", "2031-06-02T08:00:00Z", "paid"))
      .returning();
    const day = (now: string) => deskDay(db, { supplierId: null, place: place(), day: "2031-06-02" }, new Date(now));
    // Never handed over: past its time it is a no-show, not a car out.
    expect((await day("2031-06-02T08:01:00Z")).returns[0]).toMatchObject({ late: false, overdue: false });
    const facts = { id: rental!.id, supplierId: catalogue.supplier.id, status: "paid" };
    const reading = { mileage: 30_750, fuelEighths: 8, note: "" };
    await recordDeskEvent(db, actor, facts, "handover", reading, rental!.startsAt, "https://rent.example");
    expect((await day("2031-06-02T07:00:00Z")).returns[0]).toMatchObject({ late: false, overdue: false });
    expect((await day("2031-06-02T08:01:00Z")).returns[0]).toMatchObject({
      late: false,
      overdue: true,
      handoverMileage: 30_750,
    });
    // The odometer only goes forward: 30,000 after 30,750 is refused, naming the hand-over's reading.
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "return",
        { ...reading, mileage: 30_000 },
        new Date("2031-06-02T09:00:00Z"),
        "https://rent.example",
      ),
    ).toEqual({ ok: false, reason: "mileageBelowHandover", handoverMileage: 30_750 });
    await recordDeskEvent(
      db,
      actor,
      facts,
      "return",
      { ...reading, mileage: 31_000 },
      new Date("2031-06-02T09:00:00Z"),
      "https://rent.example",
    );
    expect((await day("2031-06-02T10:00:00Z")).returns[0]).toMatchObject({ late: true, overdue: false });
    const [back] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, rental!.id));
    expect(back!.rentalState).toBe("returned");
  });

  it("records a return set back to when it happened, never before its hand-over, with the kilometres and fuel it used", async () => {
    const { db } = database;
    const { id: _id, rateFloor1: _1, rateFloor3: _3, rateFloor7: _7, rateFloor30: _30, ...template } = catalogue.car;
    const [car] = await db
      .insert(schema.cars)
      .values({ ...template, licensePlate: `LATE-${catalogue.car.licensePlate}` })
      .returning({ id: schema.cars.id });
    const [rental] = await db
      .insert(schema.bookings)
      .values({ ...bookingValues(catalogue, "2031-09-01T08:00:00Z", "2031-09-03T08:00:00Z", "paid"), carId: car!.id })
      .returning();
    const facts = { id: rental!.id, supplierId: catalogue.supplier.id, status: "paid" };
    const origin = "https://rent.example";
    const handedOver = new Date("2031-09-01T08:10:00Z");
    await recordDeskEvent(
      db,
      actor,
      facts,
      "handover",
      { mileage: 12_000, fuelEighths: 8, note: "" },
      handedOver,
      origin,
    );
    const typedAt = new Date("2031-09-03T12:00:00Z");
    const reading = { mileage: 12_640, fuelEighths: 5, note: "" };
    // Back "before" it went out: a typing slip, refused.
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "return",
        { ...reading, at: new Date("2031-09-01T08:00:00Z") },
        typedAt,
        origin,
      ),
    ).toEqual({ ok: false, reason: "beforeHandover" });
    // Back at 07:50, typed at noon: on time, and the page says when it was entered.
    expect(
      await recordDeskEvent(
        db,
        actor,
        facts,
        "return",
        { ...reading, at: new Date("2031-09-03T07:50:00Z") },
        typedAt,
        origin,
      ),
    ).toEqual({ ok: true });
    const [stop] = (await deskDay(db, { supplierId: null, place: place(), day: "2031-09-03" }, typedAt)).returns.filter(
      (entry) => entry.bookingId === rental!.id,
    );
    expect(stop).toMatchObject({
      late: false,
      overdue: false,
      event: { at: "2031-09-03T08:50", enteredAt: "2031-09-03T13:00", mileage: 12_640, fuelEighths: 5 },
      use: { driven: 640, fuelChange: -3 },
    });
    const trail = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, rental!.id));
    expect(trail.map((row) => row.changes)).toContainEqual({
      return: {
        from: null,
        to: { at: "2031-09-03T07:50:00.000Z", enteredAt: "2031-09-03T12:00:00.000Z", ...reading },
      },
    });
  });

  it("carries a car still out from an earlier day into today's returns until it is back, and only a car handed over", async () => {
    const { db } = database;
    const { id: _id, rateFloor1: _1, rateFloor3: _3, rateFloor7: _7, rateFloor30: _30, ...template } = catalogue.car;
    const [spare] = await db
      .insert(schema.cars)
      .values({ ...template, licensePlate: `OUT-${catalogue.car.licensePlate}` })
      .returning({ id: schema.cars.id });
    // Due back 23:30 on 2031-07-01 (Tunis); the other never handed over (a no-show), the third due 40 days before.
    const [out, _noShow, longGone] = await db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-06-29T22:30:00Z", "2031-07-01T22:30:00Z", "pending"),
        { ...bookingValues(catalogue, "2031-06-25T08:00:00Z", "2031-06-26T08:00:00Z", "pending"), carId: spare!.id },
        { ...bookingValues(catalogue, "2031-05-20T08:00:00Z", "2031-05-22T08:00:00Z", "pending"), carId: spare!.id },
      ])
      .returning();
    const reading = { mileage: 1_000, fuelEighths: 8, note: "" };
    for (const booking of [out!, longGone!]) {
      const facts = { id: booking.id, supplierId: catalogue.supplier.id, status: "pending" };
      await recordDeskEvent(db, actor, facts, "handover", reading, booking.startsAt, "https://rent.example");
    }
    const view = (day: string, now: string) =>
      deskDay(db, { supplierId: catalogue.supplier.id, place: place(), day }, new Date(now));
    const ids = (stops: { bookingId: string }[]) => stops.map((stop) => stop.bookingId);
    // The next morning: still out, late, and named with its own day and time.
    const morning = await view("2031-07-02", "2031-07-02T07:00:00Z");
    expect(ids(morning.returns)).toEqual([out!.id]);
    expect(morning.returns[0]).toMatchObject({ at: "2031-07-01T23:30", late: false, overdue: true, event: null });
    // Not on a day to come, and not on a day past once it is gone from it.
    expect(ids((await view("2031-07-03", "2031-07-02T07:00:00Z")).returns)).toEqual([]);
    // Back at 10:00 on the 3rd: on that day's list, returned late; no longer carried after it.
    const facts = { id: out!.id, supplierId: catalogue.supplier.id, status: "pending" };
    await recordDeskEvent(
      db,
      actor,
      facts,
      "return",
      reading,
      new Date("2031-07-03T09:00:00Z"),
      "https://rent.example",
    );
    const backDay = await view("2031-07-03", "2031-07-03T12:00:00Z");
    expect(backDay.returns).toEqual([expect.objectContaining({ bookingId: out!.id, late: true })]);
    expect(backDay.returns[0]!.event).toMatchObject({ at: "2031-07-03T10:00" });
    expect(ids((await view("2031-07-02", "2031-07-03T12:00:00Z")).returns)).toEqual([]);
    expect(ids((await view("2031-07-04", "2031-07-04T07:00:00Z")).returns)).toEqual([]);
  });

  it("records money taken at the counter, by whom and how, until nothing is left to pay; never more", async () => {
    const { db } = database;
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-08-01T08:00:00Z", "2031-08-02T08:00:00Z", "pending"))
      .returning();
    const day = async () =>
      (await deskDay(db, { supplierId: null, place: place(), day: "2031-08-01" }, new Date("2031-08-01T07:00:00Z")))
        .pickups[0]!;
    expect((await day()).counterAmount).toBe(4_000);
    const take = (amount: number, method: "cash" | "card" = "cash") =>
      recordCounterPayment(db, actor, booking!.id, { amount, method, note: "" }, new Date("2031-08-01T08:05:00Z"));
    expect(await take(1_500)).toEqual({ ok: true });
    expect((await day()).counterAmount).toBe(2_500);
    expect(await take(2_600, "card")).toEqual({ ok: false, reason: "moreThanOwed", owed: 2_500 });
    expect(await take(2_500, "card")).toEqual({ ok: true });
    expect((await day()).counterAmount).toBe(0);
    expect(await take(100)).toEqual({ ok: false, reason: "nothingOwed" });
    const takings = await counterPaymentsOf(db, booking!.id);
    expect(takings.map(({ amount, method, staffName }) => ({ amount, method, staffName }))).toEqual([
      { amount: 1_500, method: "cash", staffName: "Desk Clerk" },
      { amount: 2_500, method: "card", staffName: "Desk Clerk" },
    ]);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, booking!.id));
    expect(audit.map((entry) => Object.keys(entry.changes)[0])).toEqual(["counterPayment", "counterPayment"]);
    // Another supplier's staff reach nothing.
    const stranger = { id: "00000000-0000-4000-8000-00000000beef", role: "supplier" as const, fullName: "Other" };
    expect(
      await recordCounterPayment(db, stranger, booking!.id, { amount: 1, method: "cash", note: "" }, new Date()),
    ).toBeNull();
  });
});
