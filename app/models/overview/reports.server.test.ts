import { randomUUID } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { recountStaleDayFigures } from "./day-figures.server";
import { bookedCarDays } from "./figures-scope.server";
import { rowsOf } from "~/utils/sql.server";
import { businessOverview } from "./overview.server";
import { periodOf } from "./report-period";
import {
  moneyMovements,
  monthsOf,
  revenueByCar,
  revenueByMonth,
  revenueByPlace,
  utilisationByCar,
  utilisationByCategory,
  utilisationByCategoryCounted,
} from "./reports.server";

const NOW = new Date("2031-08-10T09:00:00Z");
const at = (iso: string) => new Date(iso);
const ALL = { offset: 0, limit: 1000 };

describe("the months a period touches", () => {
  it("lists each once, across a new year", () => {
    expect(monthsOf(periodOf("2030-11-15", "2031-02-01"))).toEqual(["2030-11", "2030-12", "2031-01", "2031-02"]);
    expect(monthsOf(periodOf("2031-08-10", "2031-08-10"))).toEqual(["2031-08"]);
  });
});

describe.each(testEngines)("the business's reports on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  const carIds: string[] = [];
  let scope: { supplierId: string; placeId: null };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    catalogue = await insertMinimalCatalogue(db);
    other = await insertMinimalCatalogue(db);
    scope = { supplierId: catalogue.supplier.id, placeId: null };
    const { id: _id, ...car } = catalogue.car;
    for (const [plate, range] of [
      ["RP-1", "mini"],
      ["RP-2", "mini"],
      ["RP-3", "maxi"],
    ] as const) {
      const [row] = await db
        .insert(schema.cars)
        .values({ ...car, licensePlate: plate, name: `Car ${plate}`, range })
        .returning();
      carIds.push(row?.id ?? "");
      await db.insert(schema.carLocations).values({ carId: row?.id ?? "", locationId: catalogue.location.id });
    }
    const booking = async (
      carIndex: number,
      from: string,
      to: string,
      extra: Partial<typeof schema.bookings.$inferInsert>,
    ) => {
      const [row] = await db
        .insert(schema.bookings)
        .values({ ...bookingValues(catalogue, from, to), carId: carIds[carIndex] ?? "", ...extra })
        .returning();
      return row?.id ?? "";
    };
    // July: two rentals of car 0 (one crossing into August), one of car 2; a cancelled one never counts.
    await booking(0, "2031-07-02T10:00:00Z", "2031-07-05T10:00:00Z", { days: 3, totalPrice: 15000, taxAmount: 2500 });
    await booking(0, "2031-07-30T10:00:00Z", "2031-08-02T10:00:00Z", { days: 3, totalPrice: 18000 });
    await booking(2, "2031-07-20T10:00:00Z", "2031-07-21T10:00:00Z", { days: 1, totalPrice: 9000 });
    await booking(1, "2031-07-10T10:00:00Z", "2031-07-12T10:00:00Z", { status: "cancelled", totalPrice: 99999 });
    // August: car 1 out over today; a payment taken in full and half of it given back.
    const paid = await booking(1, "2031-08-08T10:00:00Z", "2031-08-11T10:00:00Z", {
      days: 3,
      totalPrice: 24000,
      paymentMode: "full",
      status: "paid",
    });
    const [payment] = await db
      .insert(schema.payments)
      .values({
        bookingId: paid,
        gateway: "stripe",
        attemptId: randomUUID(),
        amount: 22080,
        currency: "EUR",
        status: "captured",
        capturedAmount: 22080,
        capturedCurrency: "EUR",
        references: { paymentIntent: "pi_report_1", refundId: "re_report_1" },
      })
      .returning();
    await db.insert(schema.paymentEvents).values([
      {
        paymentId: payment?.id ?? "",
        status: "started",
        detail: { amount: 22080, currency: "EUR" },
        at: at("2031-08-01T08:00:00Z"),
      },
      {
        paymentId: payment?.id ?? "",
        status: "captured",
        detail: { amount: 22080, currency: "eur" },
        at: at("2031-08-01T08:01:00Z"),
      },
      {
        paymentId: payment?.id ?? "",
        status: "captured",
        detail: { refundReason: "changed", refundOwed: 11040 },
        at: at("2031-08-03T09:00:00Z"),
      },
      {
        paymentId: payment?.id ?? "",
        status: "captured",
        detail: { refundId: "re_report_1", amount: 11040, partial: 1 },
        at: at("2031-08-03T09:05:00Z"),
      },
    ]);
    // Car 2 off the road two days.
    await db.insert(schema.carBlocks).values({
      carId: carIds[2] ?? "",
      startsAt: at("2031-08-04T00:00:00Z"),
      endsAt: at("2031-08-06T00:00:00Z"),
      reason: "repair",
    });
    // Another supplier's booking in July: never counted here.
    await db.insert(schema.bookings).values(bookingValues(other, "2031-07-10T10:00:00Z", "2031-07-11T10:00:00Z"));
  });
  afterAll(() => database?.destroy());

  it("sums revenue per month of pick-up, each month of the period listed", async () => {
    const rows = await revenueByMonth(database.db, scope, periodOf("2031-06-01", "2031-08-31"));
    expect(rows).toEqual([
      { month: "2031-06", bookings: 0, days: 0, revenue: 0, tax: 0 },
      { month: "2031-07", bookings: 3, days: 7, revenue: 42000, tax: 2500 },
      { month: "2031-08", bookings: 1, days: 3, revenue: 24000, tax: 0 },
    ]);
    const everyone = await revenueByMonth(
      database.db,
      { supplierId: null, placeId: null },
      periodOf("2031-07-01", "2031-07-31"),
    );
    expect(everyone[0]?.bookings).toBeGreaterThanOrEqual(4);
  });

  it("sums revenue per place, the largest first, and per car, every car of the scope in the fleet's order", async () => {
    const period = periodOf("2031-07-01", "2031-07-31");
    const places = await revenueByPlace(database.db, scope, period, ALL, "en");
    expect(places).toEqual({
      rows: [expect.objectContaining({ placeId: catalogue.location.id, bookings: 3, revenue: 42000 })],
      total: 1,
      totals: { bookings: 3, days: 7, revenue: 42000, tax: 2500 },
    });
    const perCar = await revenueByCar(database.db, scope, period, ALL);
    // The three cars made here and the minimal catalogue's own, by name; a car that earned nothing shows zeros.
    expect(perCar.total).toBe(4);
    expect(perCar.rows.map((row) => [row.name, row.bookings, row.days, row.revenue, row.tax])).toEqual([
      ["Car RP-1", 2, 6, 33000, 2500],
      ["Car RP-2", 0, 0, 0, 0],
      ["Car RP-3", 1, 1, 9000, 0],
      ["Test Car", 0, 0, 0, 0],
    ]);
    const second = await revenueByCar(database.db, scope, period, { offset: 2, limit: 1 });
    expect(second).toMatchObject({ total: 4, rows: [{ plate: "RP-3", revenue: 9000 }] });
    // At one place: its cars, and their bookings picked up there.
    const atNowhere = await revenueByCar(database.db, { ...scope, placeId: other.location.id }, period, ALL);
    expect(atNowhere).toEqual({ total: 0, rows: [] });
    const atPlace = await revenueByCar(database.db, { ...scope, placeId: catalogue.location.id }, period, ALL);
    expect(atPlace.rows.reduce((sum, row) => sum + row.revenue, 0)).toBe(42000);
  });

  it("counts each car's days booked and off the road, and per category", async () => {
    const period = periodOf("2031-07-01", "2031-08-10");
    const perCar = await utilisationByCar(database.db, scope, period, ALL);
    // The minimal catalogue's own car and the three made here.
    expect(perCar.total).toBe(4);
    const byPlate = Object.fromEntries(perCar.rows.map((row) => [row.plate, [row.booked, row.blocked]]));
    // Car 0: 2-5 July (4 days) and 30 July-2 August (4 days); car 1: 8-10 August within the period (3 days).
    expect(byPlate).toMatchObject({ "RP-1": [8, 0], "RP-2": [3, 0], "RP-3": [2, 2] });
    // In the fleet's order, a page at a time, each page's cars counted alone.
    expect(perCar.rows.map((row) => row.name)).toEqual(["Car RP-1", "Car RP-2", "Car RP-3", "Test Car"]);
    const page = await utilisationByCar(database.db, scope, period, { offset: 2, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.rows).toEqual(perCar.rows.slice(2));
    const categories = await utilisationByCategory(database.db, scope, period);
    expect(categories.find((row) => row.range === "mini")).toMatchObject({ cars: 3, booked: 11, blocked: 0 });
    expect(categories.find((row) => row.range === "maxi")).toMatchObject({ booked: 2, blocked: 2 });
  });

  it("counts a car's booked days from its bookings' first and last days as the chart lists them, for any period", async () => {
    const db = database.db;
    const { id: _id, ...car } = catalogue.car;
    const [row] = await db
      .insert(schema.cars)
      .values({ ...car, licensePlate: "RP-DAYS", name: "Car RP-DAYS" })
      .returning();
    const carId = row?.id ?? "";
    const spans: Array<[string, string, Partial<typeof schema.bookings.$inferInsert>]> = [
      ["2031-09-01T10:00:00Z", "2031-09-03T10:00:00Z", {}],
      // Picked up on the day the last one came back; back at midnight; out again at that midnight.
      ["2031-09-03T12:00:00Z", "2031-09-04T00:00:00Z", {}],
      ["2031-09-04T00:00:00Z", "2031-09-04T00:30:00Z", {}],
      ["2031-09-10T23:00:00Z", "2031-09-12T01:00:00Z", {}],
      // Not kept: cancelled, and an unpaid hold released.
      ["2031-09-05T10:00:00Z", "2031-09-08T10:00:00Z", { status: "cancelled" }],
      ["2031-09-08T12:00:00Z", "2031-09-09T10:00:00Z", { releasedAt: at("2031-09-01T00:00:00Z") }],
    ];
    for (const [from, to, more] of spans)
      await db.insert(schema.bookings).values({ ...bookingValues(catalogue, from, to), carId, ...more });
    const days = ["2031-08-31", "2031-09-01", "2031-09-03", "2031-09-04", "2031-09-05", "2031-09-11", "2031-09-12"];
    for (const from of days)
      for (const to of days.filter((day) => day >= from)) {
        const period = periodOf(from, to);
        const report = await utilisationByCar(db, scope, period, ALL);
        const [listed] = await rowsOf<{ days: number }>(
          db,
          sql`select count(distinct day)::int as days
            from (${bookedCarDays(scope, period.start, period.end, sql`${carId}::uuid`)}) touched`,
        );
        expect(report.rows.find((row) => row.carId === carId)?.booked, `${from}..${to}`).toBe(listed?.days);
      }
    expect((await utilisationByCar(db, scope, periodOf("2031-08-31", "2031-09-12"), ALL)).rows).toContainEqual(
      expect.objectContaining({ carId, booked: 7 }),
    );
    await db.delete(schema.bookings).where(eq(schema.bookings.carId, carId));
    await db.delete(schema.cars).where(eq(schema.cars.id, carId));
  });

  it("agrees with the overview's chart and its top earners for the same days", async () => {
    const overview = await businessOverview(database.db, scope, NOW);
    const chartDays = overview.utilisation.days;
    const period = periodOf(chartDays[0]?.day ?? "", chartDays.at(-1)?.day ?? "");
    const perCar = await utilisationByCar(database.db, scope, period, ALL);
    const categories = await utilisationByCategory(database.db, scope, period);
    const chartBooked = chartDays.reduce((sum, day) => sum + day.booked, 0);
    const chartBlocked = chartDays.reduce((sum, day) => sum + day.blocked, 0);
    // Car 0 from 30 July (4 days), car 2 on 20-21 July (2), car 1 on 8-11 August (4).
    expect(chartBooked).toBe(10);
    expect(perCar.rows.reduce((sum, row) => sum + row.booked, 0)).toBe(chartBooked);
    expect(perCar.rows.reduce((sum, row) => sum + row.blocked, 0)).toBe(chartBlocked);
    expect(categories.reduce((sum, row) => sum + row.booked, 0)).toBe(chartBooked);
    // The top earners are the last 90 days' pick-ups before now: the report of those days, today's morning aside.
    const earners = await revenueByCar(database.db, scope, periodOf("2031-05-12", "2031-08-09"), ALL);
    expect(overview.topEarners.map((car) => [car.plate, car.revenue])).toEqual(
      earners.rows
        .filter((car) => car.revenue > 0)
        .sort((a, b) => b.revenue - a.revenue)
        .map((car) => [car.plate, car.revenue]),
    );
    // Counted live until the minute beat has kept them (decision 050), the same figures after.
    const months = await revenueByMonth(database.db, scope, period);
    const places = await revenueByPlace(database.db, scope, period, ALL, "en");
    expect(await recountStaleDayFigures(database.db)).toBeGreaterThan(0);
    expect((await businessOverview(database.db, scope, NOW)).utilisation.days).toEqual(chartDays);
    expect(await revenueByMonth(database.db, scope, period)).toEqual(months);
    expect(await revenueByPlace(database.db, scope, period, ALL, "en")).toEqual(places);
    expect(months.reduce((sum, month) => sum + month.revenue, 0)).toBe(
      (await revenueByCar(database.db, scope, period, ALL)).rows.reduce((sum, car) => sum + car.revenue, 0),
    );
  });

  it("lists the money taken and given back, with the gateways' references and totals per currency", async () => {
    const report = await moneyMovements(database.db, scope, periodOf("2031-08-01", "2031-08-31"), ALL);
    expect(report.rows).toEqual([
      expect.objectContaining({
        day: "2031-08-01",
        kind: "payment",
        amount: 22080,
        currency: "EUR",
        gatewayReference: "paymentIntent pi_report_1",
      }),
      expect.objectContaining({
        day: "2031-08-03",
        kind: "refund",
        amount: 11040,
        currency: "EUR",
        gatewayReference: "re_report_1",
      }),
    ]);
    expect(report.totals).toEqual([{ currency: "EUR", payments: 1, refunds: 1, taken: 22080, givenBack: 11040 }]);
    expect(report.total).toBe(2);
    const before = await moneyMovements(database.db, scope, periodOf("2031-07-01", "2031-07-31"), ALL);
    expect(before.rows).toEqual([]);
    const others = await moneyMovements(
      database.db,
      { supplierId: other.supplier.id, placeId: null },
      periodOf("2031-08-01", "2031-08-31"),
      ALL,
    );
    expect(others.rows).toEqual([]);
  });

  it("keeps the money's totals per day as events are recorded at once, equal to counting them", async () => {
    const db = database.db;
    const [booking] = await db
      .insert(schema.bookings)
      .values({ ...bookingValues(catalogue, "2031-09-08T10:00:00Z", "2031-09-09T10:00:00Z"), status: "paid" })
      .returning();
    const payments = await db
      .insert(schema.payments)
      .values(
        (["EUR", "USD"] as const).map((currency) => ({
          bookingId: booking?.id ?? "",
          gateway: "payPal" as const,
          attemptId: randomUUID(),
          amount: 1000,
          currency,
          status: "captured" as const,
          capturedAmount: 1000,
          capturedCurrency: currency,
        })),
      )
      .returning();
    // Twenty events side by side over two days and two currencies: captures, refunds, and some that move nothing.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db.transaction((tx) =>
          tx.insert(schema.paymentEvents).values({
            paymentId: payments[index % 2]?.id ?? "",
            status: index % 5 === 4 ? "started" : "captured",
            detail: index % 3 === 0 ? { amount: 100 + index, refundId: `re_${index}` } : { amount: 1000 + index },
            at: at(`2031-09-${index < 10 ? "01" : "02"}T12:00:00Z`),
          }),
        ),
      ),
    );
    // Each event carries its booking's supplier, written by the database (migration 0049), not by the app.
    const suppliers = await db
      .selectDistinct({ supplierId: schema.paymentEvents.supplierId })
      .from(schema.paymentEvents)
      .where(
        inArray(
          schema.paymentEvents.paymentId,
          payments.map((payment) => payment.id),
        ),
      );
    expect(suppliers).toEqual([{ supplierId: catalogue.supplier.id }]);
    const september = periodOf("2031-09-01", "2031-09-30");
    const kept = await moneyMovements(db, scope, september, ALL);
    // The same bookings through their pick-up place: counted from the events themselves.
    const live = await moneyMovements(db, { ...scope, placeId: catalogue.location.id }, september, ALL);
    expect(kept.totals).toEqual(live.totals);
    expect(kept.total).toBe(kept.rows.length);
    const refunds = [0, 3, 6, 9, 12, 15, 18];
    expect(kept.totals.reduce((sum, row) => sum + row.refunds, 0)).toBe(refunds.length);
    expect(kept.totals.reduce((sum, row) => sum + row.givenBack, 0)).toBe(
      refunds.reduce((sum, index) => sum + 100 + index, 0),
    );
    const firstDay = await moneyMovements(db, scope, periodOf("2031-09-01", "2031-09-01"), ALL);
    expect(firstDay.totals).toEqual(
      (
        await moneyMovements(
          db,
          { ...scope, placeId: catalogue.location.id },
          periodOf("2031-09-01", "2031-09-01"),
          ALL,
        )
      ).totals,
    );
    expect(firstDay.total).toBeLessThan(kept.total);
  });

  it("keeps each category's car-days and cars as cars join, leave, change category or retire, equal to counting them", async () => {
    const db = database.db;
    const period = periodOf("2031-07-01", "2031-08-31");
    const scopes = [scope, { ...scope, placeId: catalogue.location.id }, { supplierId: null, placeId: null }];
    const keptEqualsCounted = async () => {
      for (const asked of scopes)
        expect(await utilisationByCategory(db, asked, period)).toEqual(
          await utilisationByCategoryCounted(db, asked, period),
        );
      // The kept counts per supplier and category are every car's, retired ones included.
      const counted = await db
        .select({ supplierId: schema.cars.supplierId, range: schema.cars.range, cars: count() })
        .from(schema.cars)
        .groupBy(schema.cars.supplierId, schema.cars.range);
      const kept = await db.select().from(schema.supplierRangeCars);
      const byKey = (rows: Array<{ supplierId: string; range: string; cars: number }>) =>
        rows.map((row) => `${row.supplierId} ${row.range} ${Number(row.cars)}`).sort();
      expect(byKey(kept)).toEqual(byKey(counted));
    };
    await keptEqualsCounted();
    await recountStaleDayFigures(db);
    await keptEqualsCounted();
    // Car 0 (two July rentals) becomes a van; a new bus joins and is booked; the minimal catalogue's car retires.
    await db
      .update(schema.cars)
      .set({ range: "bus" })
      .where(eq(schema.cars.id, carIds[0] ?? ""));
    const { id: _id, ...car } = catalogue.car;
    const [bus] = await db
      .insert(schema.cars)
      .values({ ...car, licensePlate: "RP-4", name: "Car RP-4", range: "bus" })
      .returning();
    await db.insert(schema.carLocations).values({ carId: bus?.id ?? "", locationId: catalogue.location.id });
    await db
      .insert(schema.bookings)
      .values({ ...bookingValues(catalogue, "2031-08-20T10:00:00Z", "2031-08-22T10:00:00Z"), carId: bus?.id ?? "" });
    await db
      .update(schema.cars)
      .set({ retiredAt: at("2031-06-01T00:00:00Z") })
      .where(eq(schema.cars.id, catalogue.car.id));
    const live = await utilisationByCategory(db, scope, period);
    expect(live.find((row) => row.range === "bus")).toEqual({ range: "bus", cars: 2, booked: 8 + 3, blocked: 0 });
    await keptEqualsCounted();
    expect(await recountStaleDayFigures(db)).toBeGreaterThan(0);
    expect(await utilisationByCategory(db, scope, period)).toEqual(live);
    await keptEqualsCounted();
    // A car deleted takes its count away; a category at nothing leaves no row.
    await db.delete(schema.bookings).where(eq(schema.bookings.carId, bus?.id ?? ""));
    await db.delete(schema.carLocations).where(eq(schema.carLocations.carId, bus?.id ?? ""));
    await db.delete(schema.cars).where(eq(schema.cars.id, bus?.id ?? ""));
    await db
      .update(schema.cars)
      .set({ range: "mini" })
      .where(eq(schema.cars.id, carIds[0] ?? ""));
    await keptEqualsCounted();
    expect(await recountStaleDayFigures(db)).toBeGreaterThan(0);
    await keptEqualsCounted();
    expect((await db.select().from(schema.supplierRangeCars)).some((row) => row.range === "bus")).toBe(false);
    // Car 2 (a July rental, a block in August) retired before the period still worked in it: still one of its cars.
    await db
      .update(schema.cars)
      .set({ retiredAt: at("2031-06-15T00:00:00Z") })
      .where(eq(schema.cars.id, carIds[2] ?? ""));
    expect((await utilisationByCategory(db, scope, period)).find((row) => row.range === "maxi")).toEqual({
      range: "maxi",
      cars: 1,
      booked: 2,
      blocked: 2,
    });
    expect((await utilisationByCar(db, scope, period, ALL)).rows.map((row) => row.plate)).toContain("RP-3");
    expect((await revenueByCar(db, scope, period, ALL)).total).toBe(
      (await utilisationByCar(db, scope, period, ALL)).total,
    );
    // Car 1 leaves the place its August rental was picked up at; car 2, blocked, changes category; a car blocked and
    // never booked is deleted with its block.
    await db.delete(schema.carLocations).where(eq(schema.carLocations.carId, carIds[1] ?? ""));
    await db
      .update(schema.cars)
      .set({ range: "midi" })
      .where(eq(schema.cars.id, carIds[2] ?? ""));
    const [spare] = await db
      .insert(schema.cars)
      .values({ ...car, licensePlate: "RP-5", name: "Car RP-5", range: "truck" })
      .returning();
    await db.insert(schema.carLocations).values({ carId: spare?.id ?? "", locationId: catalogue.location.id });
    await db.insert(schema.carBlocks).values({
      carId: spare?.id ?? "",
      startsAt: at("2031-07-10T00:00:00Z"),
      endsAt: at("2031-07-12T00:00:00Z"),
      reason: "repair",
    });
    await keptEqualsCounted();
    expect(await recountStaleDayFigures(db)).toBeGreaterThan(0);
    await keptEqualsCounted();
    expect((await utilisationByCategory(db, scope, period)).find((row) => row.range === "truck")).toMatchObject({
      blocked: 2,
    });
    await db.delete(schema.cars).where(eq(schema.cars.id, spare?.id ?? ""));
    await keptEqualsCounted();
    expect(await recountStaleDayFigures(db)).toBeGreaterThan(0);
    await keptEqualsCounted();
    expect((await utilisationByCategory(db, scope, period)).some((row) => row.range === "truck")).toBe(false);
  });
});
