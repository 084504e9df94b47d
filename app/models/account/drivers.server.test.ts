import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { listDrivers } from "./drivers.server";

describe.each(testEngines)("the drivers list as an admin reads it (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
  });
  afterAll(() => database?.destroy());

  it("counts each driver's own bookings (it read 0 for everyone)", async () => {
    await database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-01-01T10:00:00Z", "2031-01-03T10:00:00Z"),
        bookingValues(catalogue, "2031-02-01T10:00:00Z", "2031-02-03T10:00:00Z"),
        bookingValues(catalogue, "2031-03-01T10:00:00Z", "2031-03-03T10:00:00Z", "cancelled"),
      ]);
    const { drivers } = await listDrivers(database.db, { text: catalogue.driver.email, page: 1 });
    expect(drivers).toEqual([expect.objectContaining({ id: catalogue.driver.id, bookings: 3 })]);
  });
});
