import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { HOLDING_STATUSES } from "~/domain/enums";
import { sqlState } from "~/utils/errors.server";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../tests/support/test-database";

async function expectSqlState(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected SQLSTATE ${code}`).toBeDefined();
  expect(sqlState(error)).toBe(code);
}

describe.each(testEngines)("database integrity on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
  });
  afterAll(() => database?.destroy());

  it("rejects a second holding booking that overlaps the first for the same car", async () => {
    const { db } = database;
    await db.insert(schema.bookings).values(bookingValues(catalogue, "2030-01-10T10:00:00Z", "2030-01-15T10:00:00Z"));
    for (const status of HOLDING_STATUSES) {
      await expectSqlState(
        db
          .insert(schema.bookings)
          .values(bookingValues(catalogue, "2030-01-14T09:00:00Z", "2030-01-20T10:00:00Z", status)),
        "23P01",
      );
    }
  });

  it("lets a booking start exactly when the previous one ends, and lets cancelled bookings overlap", async () => {
    const { db } = database;
    await db.insert(schema.bookings).values(bookingValues(catalogue, "2030-02-01T10:00:00Z", "2030-02-03T10:00:00Z"));
    await db.insert(schema.bookings).values(bookingValues(catalogue, "2030-02-03T10:00:00Z", "2030-02-05T10:00:00Z"));
    await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2030-02-02T10:00:00Z", "2030-02-04T10:00:00Z", "cancelled"));
    const rows = await db.select().from(schema.bookings).where(eq(schema.bookings.carId, catalogue.car.id));
    expect(rows.filter((row) => row.startsAt >= new Date("2030-02-01T00:00:00Z"))).toHaveLength(3);
  });

  it("blocks re-activating a cancelled booking into an overlap", async () => {
    const { db } = database;
    const [cancelled] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2030-01-12T10:00:00Z", "2030-01-13T10:00:00Z", "cancelled"))
      .returning();
    await expectSqlState(
      db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.id, cancelled!.id)),
      "23P01",
    );
  });

  it("admits exactly one of two concurrent overlapping checkouts", async () => {
    const { db } = database;
    const attempts = await Promise.allSettled(
      ["2030-03-01T10:00:00Z", "2030-03-02T10:00:00Z"].map((start) =>
        db.transaction(async (tx) => {
          await tx.insert(schema.bookings).values(bookingValues(catalogue, start, "2030-03-04T10:00:00Z"));
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    const rejected = attempts.find((attempt) => attempt.status === "rejected");
    // PostgreSQL answers the loser with the exclusion violation, or — when both inserted their index entries before
    // either checked — with a deadlock; either way exactly one booking exists (decision 002).
    expect(["23P01", "40P01"]).toContain(sqlState(rejected && "reason" in rejected ? rejected.reason : undefined));
  });

  it("keeps e-mail addresses unique whatever their case", async () => {
    await expectSqlState(
      database.db.insert(schema.users).values({ email: catalogue.driver.email.toUpperCase(), fullName: "Copy" }),
      "23505",
    );
  });

  it("rejects values outside the spec's enumerations and ranges", async () => {
    const { db } = database;
    await expectSqlState(db.execute(sql`update cars set fuel_type = 'steam' where id = ${catalogue.car.id}`), "23514");
    await expectSqlState(db.execute(sql`update cars set minimum_age = 18 where id = ${catalogue.car.id}`), "23514");
    await expectSqlState(db.execute(sql`update cars set cancellation = -2 where id = ${catalogue.car.id}`), "23514");
  });

  it("never lets an availability block and a holding booking of one car overlap, whichever is written first", async () => {
    const { db } = database;
    const block = (startsAt: string, endsAt: string) => ({
      carId: catalogue.car.id,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      reason: "repair" as const,
    });
    await db.insert(schema.bookings).values(bookingValues(catalogue, "2031-03-10T10:00:00Z", "2031-03-12T10:00:00Z"));
    // A block over a booking is refused; one that starts when the booking ends is not.
    await expectSqlState(
      db.insert(schema.carBlocks).values(block("2031-03-11T00:00:00Z", "2031-03-20T00:00:00Z")),
      "23P01",
    );
    const [kept] = await db
      .insert(schema.carBlocks)
      .values(block("2031-03-12T10:00:00Z", "2031-03-20T00:00:00Z"))
      .returning();
    // A booking into a block is refused, in every holding status; a cancelled one is not.
    for (const status of HOLDING_STATUSES)
      await expectSqlState(
        db
          .insert(schema.bookings)
          .values(bookingValues(catalogue, "2031-03-15T10:00:00Z", "2031-03-16T10:00:00Z", status)),
        "23P01",
      );
    const [cancelled] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-03-15T10:00:00Z", "2031-03-16T10:00:00Z", "cancelled"))
      .returning();
    // Re-activating it, or moving a block over a booking, is refused too.
    await expectSqlState(
      db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.id, cancelled!.id)),
      "23P01",
    );
    await expectSqlState(
      db
        .update(schema.carBlocks)
        .set({ startsAt: new Date("2031-03-09T00:00:00Z") })
        .where(eq(schema.carBlocks.id, kept!.id)),
      "23P01",
    );
    // Once the block is removed, the period can be booked.
    await db.delete(schema.carBlocks).where(eq(schema.carBlocks.id, kept!.id));
    await db.update(schema.bookings).set({ status: "paid" }).where(eq(schema.bookings.id, cancelled!.id));
    // A cancelled booking frees its period for a block.
    await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, cancelled!.id));
    await db.insert(schema.carBlocks).values(block("2031-03-15T00:00:00Z", "2031-03-17T00:00:00Z"));
  });

  it("starts with the default business settings", async () => {
    const [row] = await database.db.select().from(schema.settings);
    expect(row).toMatchObject({ minPickupHours: 1, minRentalHours: 1 });
  });
});
