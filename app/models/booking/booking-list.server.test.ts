/**
 * The bookings list at a size past its count cap (decision 011): it counts up to BOOKINGS_COUNT_CAP and says "more",
 * pages in (starts_at desc, id) order whatever the page, and joins only the page's rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { decodeCursor } from "./booking-filters";
import { BOOKINGS_COUNT_CAP, listBookings } from "./booking-list.server";

const DAY = 86_400_000;
const START = Date.UTC(2031, 0, 1, 10);

describe.each(testEngines)("the bookings list past its count cap (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  const driver = () => ({ id: catalogue.driver.id, role: "user" as const });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    // One car, one day each, back to back: one more booking than the cap, and a hold that is never listed.
    const rows = Array.from({ length: BOOKINGS_COUNT_CAP + 1 }, (_, index) =>
      bookingValues(
        catalogue,
        new Date(START + index * DAY).toISOString(),
        new Date(START + index * DAY + DAY / 2).toISOString(),
        "pending",
      ),
    );
    for (let index = 0; index < rows.length; index += 1000)
      await database.db.insert(schema.bookings).values(rows.slice(index, index + 1000));
    await database.db
      .insert(schema.bookings)
      .values(
        bookingValues(
          catalogue,
          new Date(START - 5 * DAY).toISOString(),
          new Date(START - 4 * DAY).toISOString(),
          "void",
        ),
      );
  }, 60_000);
  afterAll(() => database?.destroy());

  it("counts up to the cap and says there are more, with pages up to the cap", async () => {
    const list = await listBookings(database.db, driver(), { statuses: [] }, 1, 20, "en");
    expect(list).toMatchObject({ total: BOOKINGS_COUNT_CAP, more: true, pages: BOOKINGS_COUNT_CAP / 20 });
    expect(list.rows).toHaveLength(20);
  });

  it("says on each row what cancelling costs and until when it is free, on the pick-up place's clock (decision 021)", async () => {
    const [newest] = (await listBookings(database.db, driver(), { statuses: [] }, 1, 20, "en")).rows;
    // Paid at pick-up: free to cancel until then.
    expect(newest!.cancellation).toEqual({ kind: "free", deadline: null });
    await database.db
      .update(schema.bookings)
      .set({ paymentMode: "full", cancellation: true, status: "paid" })
      .where(eq(schema.bookings.id, newest!.id));
    try {
      const [paid] = (await listBookings(database.db, driver(), { statuses: [] }, 1, 20, "en")).rows;
      // 24 hours before a 10:00 UTC pick-up in Tunis (UTC+1).
      const day = new Date(START + BOOKINGS_COUNT_CAP * DAY - DAY).toISOString().slice(0, 10);
      expect(paid!.cancellation).toEqual({ kind: "freeUntil", deadline: `${day}T11:00` });
      // Paid in full without the Cancellation option: it cannot be cancelled, and its row says it is non-refundable
      // as every other row says its terms.
      await database.db.update(schema.bookings).set({ cancellation: false }).where(eq(schema.bookings.id, newest!.id));
      const [nonRefundable] = (await listBookings(database.db, driver(), { statuses: [] }, 1, 20, "en")).rows;
      expect(nonRefundable!.canCancel).toBe(false);
      expect(nonRefundable!.cancellation).toEqual({ kind: "nonRefundable", deadline: null });
    } finally {
      await database.db
        .update(schema.bookings)
        .set({ paymentMode: "payLater", cancellation: false, status: "pending" })
        .where(eq(schema.bookings.id, newest!.id));
    }
  });

  it("pages in starts_at order, newest first, on the first, a middle and the last linked page", async () => {
    const startOf = (index: number) => new Date(START + (BOOKINGS_COUNT_CAP - index) * DAY).toISOString().slice(0, 16);
    for (const page of [1, 250, 500]) {
      const { rows } = await listBookings(database.db, driver(), { statuses: [] }, page, 20, "en");
      // Tunis (the minimal catalogue's place) is UTC+1: local times are an hour later.
      const local = (iso: string) => new Date(Date.parse(`${iso}:00Z`) + 3_600_000).toISOString().slice(0, 16);
      expect(rows.map((row) => row.startsAt)).toEqual(
        Array.from({ length: 20 }, (_, index) => local(startOf((page - 1) * 20 + index))),
      );
    }
  });

  it("below the cap the count is exact, and a text search still finds by reference", async () => {
    const filtered = await listBookings(
      database.db,
      driver(),
      { statuses: [], from: "2031-01-01", to: "2031-01-10" },
      1,
      20,
      "en",
    );
    expect(filtered).toMatchObject({ total: 10, more: false, pages: 1 });
    const reference = filtered.rows[0]!.reference;
    const found = await listBookings(database.db, driver(), { statuses: [], q: reference }, 1, 20, "en");
    expect(found.rows.map((row) => row.reference)).toContain(reference);
    expect(found.more).toBe(false);
  });

  it("finds the same bookings for staff whether the text is resolved first or checked row by row", async () => {
    const { db } = database;
    const supplier = { id: catalogue.supplier.id, role: "supplier" as const, supplierId: catalogue.supplier.id };
    const [car] = await db.select().from(schema.cars).where(eq(schema.cars.id, catalogue.car.id));
    const [driver] = await db.select().from(schema.users).where(eq(schema.users.id, catalogue.driver.id));
    const first = (await listBookings(db, supplier, { statuses: [], staff: { now: new Date() } }, 1, 1, "en")).rows[0]!;
    const staffSearch = async (q: string, resolveUpTo?: number) => {
      const list = await listBookings(
        db,
        supplier,
        { statuses: [], from: "2031-01-01", to: "2031-02-28", q, staff: { now: new Date(), resolveUpTo } },
        1,
        100,
        "en",
      );
      return { total: list.total, ids: list.rows.map((row) => row.id) };
    };
    for (const q of [driver!.fullName, driver!.email.toUpperCase(), car!.licensePlate, catalogue.location.nameEn]) {
      const resolved = await staffSearch(q);
      expect(resolved.total, q).toBe(59);
      // Resolving none first: each row checked, the same rows in the same order.
      expect(await staffSearch(q, 0), q).toEqual(resolved);
    }
    // By reference, both ways; a text that names nothing finds nothing.
    expect((await staffSearch(first.reference)).ids).toEqual([]);
    const byReference = await listBookings(
      db,
      supplier,
      { statuses: [], q: first.reference, staff: { now: new Date() } },
      1,
      5,
      "en",
    );
    expect(byReference.rows.map((row) => row.id)).toEqual([first.id]);
    expect(
      (
        await listBookings(
          db,
          supplier,
          { statuses: [], q: first.reference, staff: { now: new Date(), resolveUpTo: 0 } },
          1,
          5,
          "en",
        )
      ).rows.map((row) => row.id),
    ).toEqual([first.id]);
    expect((await staffSearch("no such name anywhere")).total).toBe(0);
    expect((await staffSearch("no such name anywhere", 0)).total).toBe(0);
  });

  it("past the last counted page, a cursor goes on in the same order, to the very last booking", async () => {
    const list = (page: number, after?: string) =>
      listBookings(database.db, driver(), { statuses: [] }, page, 20, "en", new Date(), decodeCursor(after));
    const lastCounted = await list(500);
    expect(lastCounted.next).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z_[0-9a-f-]{36}$/);
    const beyond = await list(1, lastCounted.next!);
    // The cap plus one: a single booking is left, the earliest, and nothing after it.
    expect(beyond.rows).toHaveLength(1);
    expect(beyond.rows[0]!.startsAt).toBe(new Date(START + 3_600_000).toISOString().slice(0, 16));
    expect(beyond.next).toBeNull();
    // A cursor in the middle matches the numbered page it continues.
    const fromCursor = await list(1, (await list(1)).next!);
    expect(fromCursor.rows.map((row) => row.id)).toEqual((await list(2)).rows.map((row) => row.id));
  });
});
