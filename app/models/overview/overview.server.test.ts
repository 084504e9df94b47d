import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { businessOverview } from "./overview.server";
import { periodOf } from "./report-period";

/** A Sunday morning in Tunis (UTC+1): today is the 10th there too. */
const NOW = new Date("2031-08-10T09:00:00Z");
const at = (iso: string) => new Date(iso);

describe.each(testEngines)("the business at a glance on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  const carIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    const { id: _id, ...car } = catalogue.car;
    for (const plate of ["OV-1", "OV-2", "OV-3", "OV-4", "OV-5"]) {
      const [row] = await db
        .insert(schema.cars)
        .values({ ...car, licensePlate: plate, name: `Car ${plate}` })
        .returning();
      carIds.push(row?.id ?? "");
    }
    const booking = (carIndex: number, from: string, to: string, extra: Partial<typeof schema.bookings.$inferInsert>) =>
      db.insert(schema.bookings).values({
        ...bookingValues(catalogue, from, to),
        carId: carIds[carIndex] ?? "",
        createdAt: at("2031-08-05T12:00:00Z"),
        ...extra,
      });
    // Picked up today (10:00 UTC is 11:00 in Tunis), paid in full.
    await booking(0, "2031-08-10T10:00:00Z", "2031-08-12T10:00:00Z", { paymentMode: "full", totalPrice: 30000 });
    // Out with its driver, back tomorrow.
    await booking(1, "2031-08-08T10:00:00Z", "2031-08-11T10:00:00Z", { rentalState: "out", totalPrice: 12000 });
    // Out and overdue since yesterday.
    await booking(2, "2031-08-06T10:00:00Z", "2031-08-09T10:00:00Z", { rentalState: "out", totalPrice: 9000 });
    // Cancelled, and a no-show five days ago (never handed over).
    await booking(3, "2031-08-04T10:00:00Z", "2031-08-05T10:00:00Z", { status: "cancelled" });
    await booking(3, "2031-08-05T10:00:00Z", "2031-08-06T10:00:00Z", { paymentMode: "deposit", totalPrice: 5000 });
    // Another supplier's booking: never counted here.
    await db.insert(schema.bookings).values(bookingValues(other, "2031-08-10T10:00:00Z", "2031-08-11T10:00:00Z"));
    // Car 4 off the road for three days.
    await db.insert(schema.carBlocks).values({
      carId: carIds[4] ?? "",
      startsAt: at("2031-08-09T00:00:00Z"),
      endsAt: at("2031-08-12T00:00:00Z"),
      reason: "repair",
    });
  });
  afterAll(() => database?.destroy());

  it("counts the desk's day and lists the overdue rental, for the supplier only", async () => {
    const overview = await businessOverview(database.db, { supplierId: catalogue.supplier.id, placeId: null }, NOW);
    expect(overview.desk).toEqual({ pickupsToday: 1, pickupsTomorrow: 0, returnsToday: 0, returnsTomorrow: 1 });
    expect(overview.overdue).toEqual([expect.objectContaining({ car: "Car OV-3", dueAt: at("2031-08-09T10:00:00Z") })]);
    const everyone = await businessOverview(database.db, { supplierId: null, placeId: null }, NOW);
    expect(everyone.desk.pickupsToday).toBe(2);
  });

  it("draws the fleet's 60 days: cars booked and cars off the road per day against the cars offered", async () => {
    const { utilisation } = await businessOverview(
      database.db,
      { supplierId: catalogue.supplier.id, placeId: null },
      NOW,
    );
    expect(utilisation.offered).toBe(6);
    expect(utilisation.days).toHaveLength(60);
    expect(utilisation.days[0]?.day).toBe("2031-07-11");
    const day = (date: string) => utilisation.days.find((entry) => entry.day === date);
    // The 10th: car 0 (from 10:00), car 1 (out), car 2 (its booking ended on the 9th: the rental state, not the
    // period, says it is still out; utilisation counts booked periods).
    expect(day("2031-08-10")).toEqual({ day: "2031-08-10", booked: 2, blocked: 1 });
    expect(day("2031-08-12")).toEqual({ day: "2031-08-12", booked: 1, blocked: 0 });
    expect(day("2031-09-08")).toEqual({ day: "2031-09-08", booked: 0, blocked: 0 });
  });

  it("sums twelve weeks of bookings by payment mode, and the cancellations, no-shows, earners and idle cars", async () => {
    const overview = await businessOverview(database.db, { supplierId: catalogue.supplier.id, placeId: null }, NOW);
    expect(overview.weeks).toHaveLength(12);
    // All made on Tuesday the 5th: the week starting Monday the 4th, the cancelled one left out.
    expect(overview.weeks.at(-1)?.week).toBe("2031-08-04");
    expect(overview.weeks.at(-2)).toMatchObject({ week: "2031-07-28", bookings: { payLater: 0, deposit: 0, full: 0 } });
    const week = overview.weeks.find((entry) => entry.week === "2031-08-04");
    expect(week?.bookings).toEqual({ payLater: 2, deposit: 1, full: 1 });
    expect(week?.revenue).toEqual({ payLater: 21000, deposit: 5000, full: 30000 });
    // Picked up in the last 30 days before now: not the one picked up at 10:00 today.
    expect(overview.attrition).toEqual({ due: 4, cancelled: 1, noShows: 1 });
    expect(overview.topEarners[0]).toMatchObject({ name: "Car OV-2", revenue: 12000 });
    // Never rented: the minimal catalogue's own car and car 4 come first.
    expect(overview.idleLongest.slice(0, 2).map((car) => car.lastRentalEnd)).toEqual([null, null]);
    expect(overview.rating).toEqual({ mark: null, reviews: 0 });
  });

  it("reads every chart and figure over a period asked, and the desk's day as of now whatever the period", async () => {
    const scope = { supplierId: catalogue.supplier.id, placeId: null };
    // The 4th to the 6th: the cancelled booking, the no-show and the overdue rental picked up; four made (on the 5th).
    const early = await businessOverview(database.db, scope, NOW, periodOf("2031-08-04", "2031-08-06"));
    expect(early.desk).toEqual({ pickupsToday: 1, pickupsTomorrow: 0, returnsToday: 0, returnsTomorrow: 1 });
    expect(early.utilisation.days.map((day) => day.day)).toEqual(["2031-08-04", "2031-08-05", "2031-08-06"]);
    expect(early.weeks.map((week) => week.week)).toEqual(["2031-08-04"]);
    expect(early.weeks[0]?.bookings).toEqual({ payLater: 2, deposit: 1, full: 1 });
    expect(early.attrition).toEqual({ due: 3, cancelled: 1, noShows: 1 });
    expect(early.topEarners.map((car) => [car.name, car.revenue])).toEqual([
      ["Car OV-3", 9000],
      ["Car OV-4", 5000],
    ]);
    // The 8th to the 10th: nothing made then; the rentals picked up before now only (not today's 10:00).
    const later = await businessOverview(database.db, scope, NOW, periodOf("2031-08-08", "2031-08-10"));
    expect(later.weeks.map((week) => week.week)).toEqual(["2031-08-04"]);
    expect(later.weeks[0]?.bookings).toEqual({ payLater: 0, deposit: 0, full: 0 });
    expect(later.attrition).toEqual({ due: 1, cancelled: 0, noShows: 0 });
    expect(later.topEarners.map((car) => car.name)).toEqual(["Car OV-2"]);
  });

  it("counts the desk's day on clocks fourteen hours either side of UTC", async () => {
    const db = database.db;
    const { id: _id, ...place } = other.location;
    const zone = async (timeZone: string) => {
      const [row] = await db
        .insert(schema.locations)
        .values({ ...place, slug: `${place.slug}-${timeZone.replace("/", "-").toLowerCase()}`, timeZone })
        .returning();
      return row?.id ?? "";
    };
    // 09:00 UTC is 23:00 on the 10th at Kiritimati (UTC+14): its today began 23 hours ago.
    const kiritimati = await zone("Pacific/Kiritimati");
    // ... and 22:00 on the 9th at Pago Pago (UTC-11): its tomorrow (the 10th) ends 26 hours from now.
    const pagoPago = await zone("Pacific/Pago_Pago");
    const { id: _carId, ...car } = other.car;
    const [second] = await db
      .insert(schema.cars)
      .values({ ...car, licensePlate: "OV-Z", name: "Car OV-Z" })
      .returning();
    await db.insert(schema.bookings).values([
      { ...bookingValues(other, "2031-08-09T10:30:00Z", "2031-08-09T11:30:00Z"), pickupLocationId: kiritimati },
      {
        ...bookingValues(other, "2031-08-03T10:00:00Z", "2031-08-11T10:30:00Z"),
        carId: second?.id ?? "",
        dropoffLocationId: pagoPago,
      },
    ]);
    const overview = await businessOverview(db, { supplierId: other.supplier.id, placeId: null }, NOW);
    // With the other supplier's booking picked up at Tunis at 10:00 and back there tomorrow.
    expect(overview.desk).toEqual({ pickupsToday: 2, pickupsTomorrow: 0, returnsToday: 0, returnsTomorrow: 2 });
  });

  it("keeps the average review mark with the reviews, as they are written, moderated, edited, moved and deleted", async () => {
    const db = database.db;
    const scopes = [
      { supplierId: catalogue.supplier.id, placeId: null },
      { supplierId: catalogue.supplier.id, placeId: catalogue.location.id },
      { supplierId: other.supplier.id, placeId: null },
      { supplierId: null, placeId: null },
    ];
    /** The average counted from every published review, as the overview read it before the kept totals. */
    const counted = async (scope: (typeof scopes)[number]) => {
      const [row] = await db
        .select({
          mark: sql<string | null>`avg((staff_mark + condition_mark + value_mark + queue_mark) / 4.0)`,
          reviews: sql<number>`count(*)::int`,
        })
        .from(schema.reviews)
        .where(
          and(
            eq(schema.reviews.status, "published"),
            scope.supplierId ? eq(schema.reviews.supplierId, scope.supplierId) : undefined,
            scope.placeId ? eq(schema.reviews.locationId, scope.placeId) : undefined,
          ),
        );
      return {
        mark: row?.mark === null || row?.mark === undefined ? null : Number(row.mark),
        reviews: row?.reviews ?? 0,
      };
    };
    const expectKeptEqualsCounted = async (step: string) => {
      for (const scope of scopes) {
        const { rating } = await businessOverview(db, scope, NOW);
        const live = await counted(scope);
        expect({ step, reviews: rating.reviews }).toEqual({ step, reviews: live.reviews });
        if (live.mark === null) expect(rating.mark, step).toBeNull();
        else expect(rating.mark, step).toBeCloseTo(live.mark, 9);
      }
    };
    const review = async (owner: MinimalCatalogue, from: string, marks: number, status: "pending" | "published") => {
      const [booking] = await db
        .insert(schema.bookings)
        .values(bookingValues(owner, from, from.replace("T10", "T18"), "paid"))
        .returning();
      await db.insert(schema.reviews).values({
        bookingId: booking?.id ?? "",
        supplierId: owner.supplier.id,
        locationId: owner.location.id,
        driverId: owner.driver.id,
        authorName: "Rita",
        staffMark: marks,
        conditionMark: marks,
        valueMark: 10,
        queueMark: 1,
        language: "en",
        status,
      });
      return booking?.id ?? "";
    };
    await expectKeptEqualsCounted("none yet");
    const first = await review(catalogue, "2032-01-05T10:00:00Z", 9, "published");
    const second = await review(catalogue, "2032-01-06T10:00:00Z", 4, "pending");
    const third = await review(other, "2032-01-07T10:00:00Z", 7, "published");
    await expectKeptEqualsCounted("one published each, one waiting");
    await db.update(schema.reviews).set({ status: "published" }).where(eq(schema.reviews.bookingId, second));
    await expectKeptEqualsCounted("the waiting one published");
    await db.update(schema.reviews).set({ staffMark: 2 }).where(eq(schema.reviews.bookingId, first));
    await expectKeptEqualsCounted("a published one's mark changed");
    await db.update(schema.reviews).set({ text: "Fine" }).where(eq(schema.reviews.bookingId, first));
    await expectKeptEqualsCounted("a change of nothing counted");
    await db.update(schema.reviews).set({ status: "rejected" }).where(eq(schema.reviews.bookingId, first));
    await expectKeptEqualsCounted("one withdrawn");
    await db.update(schema.reviews).set({ locationId: other.location.id }).where(eq(schema.reviews.bookingId, second));
    await expectKeptEqualsCounted("one moved to another place");
    await db.delete(schema.bookings).where(inArray(schema.bookings.id, [second, third]));
    await expectKeptEqualsCounted("the published ones deleted with their bookings");
    // Nothing published is left: no kept row either.
    expect(await db.select().from(schema.reviewMarkTotals)).toEqual([]);
  });
});
