import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  bookingValues,
  insertMinimalCatalogue,
  placeValues,
  type MinimalCatalogue,
} from "../../../tests/support/fixtures";
import { deskCounts, deskCountsCounted, mergeDeskMoments } from "./desk-counts.server";
import type { FiguresScope } from "./figures-scope.server";
import { rowsOf } from "~/utils/sql.server";

/** 10:00 UTC: already the 11th at UTC+14, still the 9th at UTC−11 (and 15:45 at Kathmandu's +5:45). */
const NOW = new Date("2031-08-10T10:00:00Z");
const HOUR_MS = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS).toISOString();

describe.each(testEngines)("the desk's today and tomorrow kept per quarter hour on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  const place: Record<string, string> = {};

  const scopes = (): FiguresScope[] => [
    { supplierId: catalogue.supplier.id, placeId: null },
    { supplierId: catalogue.supplier.id, placeId: catalogue.location.id },
    { supplierId: catalogue.supplier.id, placeId: place.kiritimati ?? "" },
    { supplierId: null, placeId: null },
    { supplierId: other.supplier.id, placeId: null },
  ];
  /** Instants around each clock's midnights: just before and after, and a day on. */
  const instants = [
    NOW,
    new Date(at(-9.99)),
    new Date(at(-10.01)),
    new Date(at(13.75)),
    new Date(at(14.25)),
    new Date(at(24)),
  ];

  /**
   * What the overview reads equals what counting every booking gives, for every scope and instant, with the days summed
   * per time zone at the reader's instant, half an hour either side of it, and 30 hours before or 20 hours after it (a
   * beat that has not run since, a clock far off: the quarter hours are read as they are).
   */
  const expectKeptEqualsCounted = async () => {
    for (const now of instants)
      for (const hours of [0, -0.5, 0.5, -30, 20]) {
        await database.db.execute(sql`select desk_zone_days_recount(${new Date(now.getTime() + hours * HOUR_MS)})`);
        for (const scope of scopes())
          expect(
            await deskCounts(database.db, scope, now),
            `${JSON.stringify(scope)} at ${now.toISOString()}, summed ${hours} h from it`,
          ).toEqual(await deskCountsCounted(database.db, scope, now));
      }
  };
  const keptRows = () =>
    rowsOf<Record<string, unknown>>(
      database.db,
      sql`select supplier_id, at, place_id, clock_place_id, kind, bookings, fresh from desk_moments
        order by supplier_id, at, place_id, clock_place_id, kind, bookings`,
    );
  /** What the kept rows say per key (several rows before the beat merges them), none at nothing. */
  const keptSums = () =>
    rowsOf<Record<string, unknown>>(
      database.db,
      sql`select supplier_id, at, place_id, clock_place_id, kind, sum(bookings)::int as bookings from desk_moments
        group by 1, 2, 3, 4, 5 having sum(bookings) <> 0 order by 1, 2, 3, 4, 5`,
    );
  /** The kept rows say what a recount writes; once merged by the beat, they are exactly its rows. */
  const expectKeptEqualsRecount = async () => {
    const sums = await keptSums();
    await database.db.execute(sql`update desk_zone_days_as_of set as_of = '2000-01-01T00:00:00Z'`);
    expect(await mergeDeskMoments(database.db)).toBeGreaterThanOrEqual(0);
    // The merge sums the days per time zone afresh, as of its own clock.
    const [summed] = await rowsOf<{ fresh: boolean }>(
      database.db,
      sql`select as_of > now() - interval '1 minute' as fresh from desk_zone_days_as_of`,
    );
    expect(summed?.fresh).toBe(true);
    const merged = await keptRows();
    expect(merged.every((row) => row.fresh === false && row.bookings !== 0)).toBe(true);
    expect(await keptSums()).toEqual(sums);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select desk_moments_recount()`);
        expect(
          await rowsOf(
            tx,
            sql`select supplier_id, at, place_id, clock_place_id, kind, bookings, fresh from desk_moments
              order by supplier_id, at, place_id, clock_place_id, kind, bookings`,
          ),
        ).toEqual(merged);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes("Rollback"))) throw error;
      });
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    other = await insertMinimalCatalogue(database.db);
    for (const [key, timeZone] of [
      ["kiritimati", "Pacific/Kiritimati"],
      ["pagoPago", "Pacific/Pago_Pago"],
      ["kathmandu", "Asia/Kathmandu"],
    ] as const) {
      const [row] = await database.db
        .insert(schema.locations)
        .values({ ...placeValues(catalogue.country?.id ?? "", `${key}-${engine}`), timeZone })
        .returning({ id: schema.locations.id });
      place[key] = row?.id ?? "";
    }
  });
  afterAll(() => database?.destroy());

  it("counts bookings added, settled, moved, cancelled, released and deleted as every booking would", async () => {
    const kiritimati = place.kiritimati ?? "";
    const pagoPago = place.pagoPago ?? "";
    const kathmandu = place.kathmandu ?? "";
    // One statement, several bookings: picked up in one zone, returned in another, across each clock's midnight.
    const carIds: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const { id: _id, createdAt: _created, updatedAt: _updated, ...car } = catalogue.car;
      const [row] = await database.db
        .insert(schema.cars)
        .values({ ...car, licensePlate: `DESK-${index}` })
        .returning({ id: schema.cars.id });
      carIds.push(row?.id ?? "");
    }
    const values = (car: number, from: number, to: number, pickup: string, dropoff: string) => ({
      ...bookingValues(catalogue, at(from), at(to), "paid"),
      carId: carIds[car] ?? "",
      pickupLocationId: pickup,
      dropoffLocationId: dropoff,
    });
    const rows = await database.db
      .insert(schema.bookings)
      .values([
        values(0, 1, 30, catalogue.location.id, kiritimati),
        values(1, 13.5, 14.5, kiritimati, pagoPago),
        values(2, -11, 25, pagoPago, kathmandu),
        values(3, 2.2, 26.3, kathmandu, catalogue.location.id),
        values(4, 20, 40, catalogue.location.id, catalogue.location.id),
      ])
      .returning({ id: schema.bookings.id });
    await database.db.insert(schema.bookings).values({ ...bookingValues(other, at(2), at(22), "paid") });
    await expectKeptEqualsCounted();
    await expectKeptEqualsRecount();
    const before = await keptRows();

    const [first, second, third, fourth, fifth] = rows.map((row) => row.id);
    // A payment settling changes nothing counted: nothing written.
    await database.db
      .update(schema.bookings)
      .set({ status: "pending" })
      .where(eq(schema.bookings.id, first ?? ""));
    expect(await keptRows()).toEqual(before);

    // Moved to other hours and another drop-off; cancelled; an unpaid hold released; one deleted.
    await database.db
      .update(schema.bookings)
      .set({ startsAt: new Date(at(14.1)), endsAt: new Date(at(47)), dropoffLocationId: kathmandu })
      .where(eq(schema.bookings.id, second ?? ""));
    await expectKeptEqualsCounted();
    await database.db
      .update(schema.bookings)
      .set({ status: "cancelled" })
      .where(eq(schema.bookings.id, third ?? ""));
    await database.db
      .update(schema.bookings)
      .set({ releasedAt: new Date(at(-1)) })
      .where(eq(schema.bookings.id, fourth ?? ""));
    await database.db.delete(schema.bookings).where(eq(schema.bookings.id, fifth ?? ""));
    await expectKeptEqualsCounted();
    await expectKeptEqualsRecount();

    // Every booking gone: nothing left once merged.
    await database.db.delete(schema.bookings);
    expect(await keptSums()).toEqual([]);
    await mergeDeskMoments(database.db);
    expect(await keptRows()).toEqual([]);
    expect((await deskCounts(database.db, scopes()[3] ?? { supplierId: null, placeId: null }, NOW)).pickupsToday).toBe(
      0,
    );
  });

  it.runIf(engine === "postgres")(
    "lets two writers of one place and quarter hour book at once: neither waits on a shared count",
    async () => {
      const { id: _id, createdAt: _created, updatedAt: _updated, ...car } = catalogue.car;
      const cars = await database.db
        .insert(schema.cars)
        .values([0, 1].map((index) => ({ ...car, licensePlate: `SAME-Q-${index}` })))
        .returning({ id: schema.cars.id });
      const booking = (index: number) => ({
        ...bookingValues(catalogue, at(30), at(54), "paid"),
        carId: cars[index]?.id ?? "",
      });
      await database.db.transaction(async (tx) => {
        await tx.insert(schema.bookings).values(booking(0));
        // Another connection books another car at the same place and quarter while this one is open: it commits
        // at once (a shared counter row would hold it until this transaction ends, and this test would time out).
        await database.db.insert(schema.bookings).values(booking(1));
      });
      const tomorrow = await deskCounts(database.db, scopes()[0]!, new Date(at(6)));
      expect(tomorrow).toEqual(await deskCountsCounted(database.db, scopes()[0]!, new Date(at(6))));
      await expectKeptEqualsRecount();
    },
  );
});
