import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { recountStaleDayFigures } from "./day-figures.server";
import { bookingScope, KEPT_STATUSES, type FiguresScope } from "./figures-scope.server";
import { periodOf, type ReportPeriod } from "./report-period";
import { revenueByPlace } from "./reports.server";

const ALL = { offset: 0, limit: 1000 };
const zero = { bookings: 0, days: 0, revenue: 0, tax: 0 };

/** Revenue per pick-up place counted from every booking: what the running sums must equal. */
async function countedByPlace(database: TestDatabase, scope: FiguresScope, period: ReportPeriod) {
  const rows = await database.db
    .select({
      placeId: schema.bookings.pickupLocationId,
      bookings: count(),
      days: sql<number>`coalesce(sum(${schema.bookings.days}), 0)::int`,
      revenue: sql<number>`coalesce(sum(${schema.bookings.totalPrice}), 0)::int`,
      tax: sql<number>`coalesce(sum(${schema.bookings.taxAmount}), 0)::int`,
    })
    .from(schema.bookings)
    .where(
      and(
        bookingScope(scope),
        inArray(schema.bookings.status, KEPT_STATUSES),
        gte(schema.bookings.startsAt, period.start),
        lt(schema.bookings.startsAt, period.end),
      ),
    )
    .groupBy(schema.bookings.pickupLocationId);
  return new Map(rows.map(({ placeId, ...figures }) => [placeId, figures]));
}

describe.each(testEngines)("revenue per place from running sums on %s", (engine) => {
  let database: TestDatabase;
  let first: MinimalCatalogue;
  let second: MinimalCatalogue;
  let third: MinimalCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    first = await insertMinimalCatalogue(database.db);
    second = await insertMinimalCatalogue(database.db);
    third = await insertMinimalCatalogue(database.db);
    // The second supplier's car serves the first one's place too: two suppliers' pick-ups at one place.
    await database.db.insert(schema.carLocations).values({ carId: second.car.id, locationId: first.location.id });
  });
  afterAll(() => database?.destroy());

  const book = async (
    catalogue: MinimalCatalogue,
    startsAt: string,
    more: Partial<typeof schema.bookings.$inferInsert>,
  ) => {
    const [row] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, startsAt, new Date(Date.parse(startsAt) + 2 * 86_400_000).toISOString()),
        ...more,
      })
      .returning({ id: schema.bookings.id });
    return row?.id ?? "";
  };

  /** For every scope and period: each listed place's figures and the totals equal counting, every place counted listed. */
  const keptEqualsCounted = async () => {
    const scopes: FiguresScope[] = [
      { supplierId: first.supplier.id, placeId: null },
      { supplierId: second.supplier.id, placeId: null },
      { supplierId: null, placeId: null },
      { supplierId: first.supplier.id, placeId: first.location.id },
      { supplierId: null, placeId: first.location.id },
    ];
    const periods = [
      periodOf("2031-07-01", "2031-07-31"),
      periodOf("2031-07-15", "2031-08-14"),
      periodOf("2031-07-10", "2031-07-10"),
      periodOf("2031-01-01", "2031-12-31"),
    ];
    for (const scope of scopes)
      for (const period of periods) {
        const report = await revenueByPlace(database.db, scope, period, ALL, "en");
        const counted = await countedByPlace(database, scope, period);
        const context = `${JSON.stringify(scope)} ${period.from}..${period.to}`;
        expect(report.total, context).toBe(report.rows.length);
        for (const row of report.rows) {
          const { placeId, names: _names, ...figures } = row;
          expect(figures, context).toEqual(counted.get(placeId) ?? zero);
        }
        for (const placeId of counted.keys())
          expect(
            report.rows.some((row) => row.placeId === placeId),
            context,
          ).toBe(true);
        const sum = [...counted.values()].reduce(
          (total, figures) => ({
            bookings: total.bookings + figures.bookings,
            days: total.days + figures.days,
            revenue: total.revenue + figures.revenue,
            tax: total.tax + figures.tax,
          }),
          zero,
        );
        expect(report.totals, context).toEqual(sum);
      }
  };

  /** The sums kept step by step equal the sums written afresh from the kept days. */
  const runningSumsHoldTheirDays = async () => {
    const read = async () =>
      (await database.db.select().from(schema.placePickupSums))
        .map((row) => Object.values(row).map(String).join(" "))
        .sort();
    const kept = await read();
    await database.db.execute(sql`select place_pickup_sums_recount_all()`);
    expect(await read()).toEqual(kept);
  };

  const beat = async () => {
    await keptEqualsCounted();
    expect(await recountStaleDayFigures(database.db)).toBeGreaterThan(0);
    await keptEqualsCounted();
    await runningSumsHoldTheirDays();
  };

  it("equals counting the bookings as they are made, repriced, moved, cancelled and deleted, before and after each beat", async () => {
    const june = await book(first, "2031-06-28T10:00:00Z", { totalPrice: 9000, days: 2 });
    const july = await book(first, "2031-07-10T09:00:00Z", { totalPrice: 12000, taxAmount: 2000, days: 2 });
    await book(first, "2031-07-20T09:00:00Z", { totalPrice: 8000, days: 2 });
    const shared = await book(second, "2031-07-10T12:00:00Z", {
      pickupLocationId: first.location.id,
      totalPrice: 7000,
      days: 2,
    });
    await book(second, "2031-07-12T12:00:00Z", { totalPrice: 5000, days: 2 });
    await book(first, "2031-09-02T09:00:00Z", { totalPrice: 3000, days: 2 });
    // Not kept: a cancelled booking and a released hold.
    await book(first, "2031-07-11T09:00:00Z", { status: "cancelled", totalPrice: 99000 });
    await book(first, "2031-07-12T09:00:00Z", { totalPrice: 88000, releasedAt: new Date("2031-07-01T00:00:00Z") });
    await beat();

    // Repriced, moved to a later day, moved to another place (one the supplier does not serve), cancelled.
    await database.db.update(schema.bookings).set({ totalPrice: 15000 }).where(eq(schema.bookings.id, july));
    await database.db
      .update(schema.bookings)
      .set({ startsAt: new Date("2031-07-25T10:00:00Z"), endsAt: new Date("2031-07-27T10:00:00Z") })
      .where(eq(schema.bookings.id, june));
    await database.db
      .update(schema.bookings)
      .set({ pickupLocationId: third.location.id })
      .where(eq(schema.bookings.id, shared));
    // Before the beat the new place is listed from the live count alone.
    const live = await revenueByPlace(
      database.db,
      { supplierId: second.supplier.id, placeId: null },
      periodOf("2031-07-01", "2031-07-31"),
      ALL,
      "en",
    );
    expect(live.rows.find((row) => row.placeId === third.location.id)).toMatchObject({ bookings: 1, revenue: 7000 });
    await beat();

    await database.db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, july));
    await book(second, "2031-07-01T00:30:00Z", { pickupLocationId: first.location.id, totalPrice: 4000, days: 2 });
    await beat();

    await database.db.delete(schema.bookings).where(eq(schema.bookings.id, june));
    await beat();
  });

  it("pages the places in the reader's language's name order, a page past the end still counted", async () => {
    const scope = { supplierId: null, placeId: null };
    const period = periodOf("2031-07-01", "2031-07-31");
    await database.db
      .update(schema.locations)
      .set({ nameEn: "Zarzis", nameFr: "Aéroport" })
      .where(eq(schema.locations.id, third.location.id));
    const english = await revenueByPlace(database.db, scope, period, ALL, "en");
    const french = await revenueByPlace(database.db, scope, period, ALL, "fr");
    expect(english.rows.at(-1)?.placeId).toBe(third.location.id);
    expect(french.rows[0]?.placeId).toBe(third.location.id);
    const second = await revenueByPlace(database.db, scope, period, { offset: 1, limit: 1 }, "en");
    expect(second).toEqual({ rows: [english.rows[1]], total: english.total, totals: english.totals });
    const beyond = await revenueByPlace(database.db, scope, period, { offset: 50, limit: 10 }, "en");
    expect(beyond).toEqual({ rows: [], total: english.total, totals: english.totals });
  });
});
