import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cars, dateBasedPrices, supplierSettings } from "#db/schema";
import { seedDemoData } from "#db/seed";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { rentalBaseSql, withMarkupSql } from "./cars.server";
import { calendarDate, MILLISECONDS_PER_DAY, quoteRental } from "./pricing";

/** Search sorts by a SQL twin of the pricing rules: it must agree with quoteRental for every car and length. */
describe.each(testEngines)("SQL rental totals match quoteRental on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, new Date("2030-01-15T00:00:00Z"));
  }, 120_000);
  afterAll(() => database?.destroy());

  const starts = [
    ["winter", "2030-02-03T09:00:00Z", "Africa/Tunis"],
    ["across a summer season boundary", "2030-06-10T22:30:00Z", "Africa/Tunis"],
    ["in season, zone ahead of UTC", "2030-07-31T23:30:00Z", "Europe/Paris"],
    ["across the new year", "2030-12-28T10:00:00Z", "Europe/Madrid"],
  ] as const;

  it.each(starts)("%s, for every boundary length", async (_name, start, timeZone) => {
    const { db } = database;
    const rows = await db
      .select({ car: cars, markup: supplierSettings.markupBasisPoints })
      .from(cars)
      .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
      .orderBy(asc(cars.id));
    const periods = await db.select().from(dateBasedPrices).where(inArray(dateBasedPrices.carId, rows.map((row) => row.car.id)));
    const from = new Date(start);
    for (const days of [1, 2, 3, 6, 7, 13, 14, 29, 30, 31, 45]) {
      const to = new Date(from.getTime() + days * MILLISECONDS_PER_DAY - 60_000);
      const sqlTotals = await db
        .select({ id: cars.id, total: withMarkupSql(rentalBaseSql(days, calendarDate(from, timeZone)), supplierSettings.markupBasisPoints).mapWith(Number) })
        .from(cars)
        .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
        .orderBy(asc(cars.id));
      const expected = rows.map(({ car, markup }) => ({
        id: car.id,
        total: quoteRental({
          car: { ...car, dateBasedPrices: periods.filter((period) => period.carId === car.id).sort((a, b) => a.startDate.localeCompare(b.startDate)) },
          markupBasisPoints: markup,
          from,
          to,
          timeZone,
        }).total,
      }));
      expect(sqlTotals, `${days} days`).toEqual(expected);
    }
  }, 60_000);
});
