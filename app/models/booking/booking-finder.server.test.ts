/** The reference lookup on both engines: the id range, the address in any case, and what the driver's list hides. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { bookingReference } from "./booking";
import { mailBookingLinks, redeemBookingLink } from "./booking-finder.server";

describe.each(testEngines)("mailBookingLinks (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    const rows = await database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-04-01T10:00:00Z", "2031-04-02T10:00:00Z", "pending"),
        bookingValues(catalogue, "2031-04-03T10:00:00Z", "2031-04-04T10:00:00Z", "void"),
        {
          ...bookingValues(catalogue, "2031-04-05T10:00:00Z", "2031-04-06T10:00:00Z", "cancelled"),
          driverDeletedAt: new Date(),
        },
      ])
      .returning({ id: schema.bookings.id });
    ["listed", "hold", "deleted"].forEach((name, index) => (ids[name] = rows[index]!.id));
  });
  afterAll(() => database?.destroy());

  const mail = (id: string, email = catalogue.driver.email) =>
    mailBookingLinks(database.db, { reference: bookingReference(id), email }, "http://localhost");

  it("finds a listed booking by its reference and the driver's address, in any case", async () => {
    expect(await mail(ids.listed!)).toBe(1);
    expect(await mail(ids.listed!, catalogue.driver.email.toUpperCase())).toBe(1);
  });

  it("finds nothing for another address, an unpaid hold, or a booking the driver deleted from their list", async () => {
    expect(await mail(ids.listed!, catalogue.supplier.email)).toBe(0);
    expect(await mail(ids.hold!)).toBe(0);
    expect(await mail(ids.deleted!)).toBe(0);
  });

  it("keeps only the newest link of a booking, and a link works once", async () => {
    const tokens = await database.db.select().from(schema.tokens);
    const links = tokens.filter((token) => token.bookingId === ids.listed);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: "bookingAccess", userId: catalogue.driver.id });
    expect(await redeemBookingLink(database.db, "A".repeat(43))).toEqual({ status: "invalid" });
  });
});
