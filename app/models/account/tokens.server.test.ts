import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingValues, insertMinimalCatalogue } from "../../../tests/support/fixtures";
import {
  BOOKING_LINK_LIFETIME_MS,
  checkToken,
  issueBookingAccessToken,
  issueToken,
  redeemToken,
  TOKEN_LIFETIME_MS,
} from "./tokens.server";

describe.each(testEngines)("one-time tokens on %s", (engine) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db.insert(schema.users).values({ email: "t@example.com", fullName: "T" }).returning();
    userId = user!.id;
  });
  afterAll(() => database?.destroy());

  it("works once, for its own purpose only, and stores only a hash", async () => {
    const token = await issueToken(database.db, userId, "passwordReset");
    const rows = await database.db.select().from(schema.tokens);
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
    expect(await redeemToken(database.db, token, "emailValidation")).toEqual({ status: "invalid" });
    expect(await checkToken(database.db, token, "passwordReset")).toEqual({ status: "valid", userId, bookingId: null });
    expect(await redeemToken(database.db, token, "passwordReset")).toEqual({
      status: "valid",
      userId,
      bookingId: null,
    });
    expect(await redeemToken(database.db, token, "passwordReset")).toEqual({ status: "invalid" });
  });

  it("expires after one day and says whose it was", async () => {
    const issuedAt = new Date("2030-01-01T00:00:00Z");
    const token = await issueToken(database.db, userId, "emailValidation", issuedAt);
    const later = new Date(issuedAt.getTime() + TOKEN_LIFETIME_MS + 1);
    expect(await checkToken(database.db, token, "emailValidation", later)).toEqual({ status: "expired", userId });
    expect(await redeemToken(database.db, token, "emailValidation", later)).toEqual({ status: "expired", userId });
  });

  it("revokes the previous token of the same purpose when a new one is issued", async () => {
    const first = await issueToken(database.db, userId, "emailValidation");
    const second = await issueToken(database.db, userId, "emailValidation");
    expect(await checkToken(database.db, first, "emailValidation")).toEqual({ status: "invalid" });
    expect(await checkToken(database.db, second, "emailValidation")).toMatchObject({ status: "valid" });
  });

  it("rejects malformed tokens without a query", async () => {
    expect(await redeemToken(database.db, "../../etc/passwd", "passwordReset")).toEqual({ status: "invalid" });
    expect(await checkToken(database.db, "", "passwordReset")).toEqual({ status: "invalid" });
  });

  it("a booking link names its booking, lasts an hour, and one per booking stays valid (decision 023)", async () => {
    const catalogue = await insertMinimalCatalogue(database.db);
    const [first, second] = await database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-01-01T10:00:00Z", "2031-01-02T10:00:00Z"),
        bookingValues(catalogue, "2031-02-01T10:00:00Z", "2031-02-02T10:00:00Z"),
      ])
      .returning();
    const issuedAt = new Date("2030-01-01T00:00:00Z");
    const forFirst = await issueBookingAccessToken(database.db, first!, issuedAt);
    const forSecond = await issueBookingAccessToken(database.db, second!, issuedAt);
    const justBefore = new Date(issuedAt.getTime() + BOOKING_LINK_LIFETIME_MS - 1);
    expect(await checkToken(database.db, forFirst, "bookingAccess", justBefore)).toEqual({
      status: "valid",
      userId: catalogue.driver.id,
      bookingId: first!.id,
    });
    expect(await checkToken(database.db, forFirst, "passwordReset", justBefore)).toEqual({ status: "invalid" });
    const after = new Date(issuedAt.getTime() + BOOKING_LINK_LIFETIME_MS + 1);
    expect(await redeemToken(database.db, forSecond, "bookingAccess", after)).toMatchObject({ status: "expired" });
  });
});
