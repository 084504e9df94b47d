import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/models/audit/audit.server";
import { findPerson, listPeople, personActivity, savePersonDetails } from "./people.server";

describe.each(testEngines)("the people's list and pages as an admin reads them (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let admin: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    admin = { id: catalogue.driver.id, role: "admin", fullName: "Admin" };
    await database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-01-01T10:00:00Z", "2031-01-03T10:00:00Z"),
        bookingValues(catalogue, "2031-02-01T10:00:00Z", "2031-02-03T10:00:00Z"),
        bookingValues(catalogue, "2031-03-01T10:00:00Z", "2031-03-03T10:00:00Z", "cancelled"),
      ]);
  });
  afterAll(() => database?.destroy());

  it("counts each driver's own bookings (it once read 0 for everyone)", async () => {
    const { people } = await listPeople(database.db, { text: catalogue.driver.email, role: "all", page: 1 });
    expect(people).toEqual([expect.objectContaining({ id: catalogue.driver.id, role: "user", bookings: 3 })]);
  });

  it("filters by role and finds a person by phone", async () => {
    await database.db
      .update(schema.users)
      .set({ phone: "+216 71 000 999" })
      .where(eq(schema.users.id, catalogue.supplier.id));
    const suppliers = await listPeople(database.db, { text: "", role: "supplier", page: 1 });
    expect(suppliers.people.every((person) => person.role === "supplier")).toBe(true);
    expect(suppliers.people.map((person) => person.id)).toContain(catalogue.supplier.id);
    const byPhone = await listPeople(database.db, { text: "71 000 999", role: "all", page: 1 });
    expect(byPhone.people.map((person) => person.id)).toEqual([catalogue.supplier.id]);
    expect((await listPeople(database.db, { text: "71 000 999", role: "user", page: 1 })).total).toBe(0);
  });

  it("shows a driver's latest bookings on the pick-up place's clock, and their browsers signed in now", async () => {
    await database.db.insert(schema.sessions).values([
      { id: `now-${catalogue.driver.id}`, userId: catalogue.driver.id, expiresAt: new Date(Date.now() + 3_600_000) },
      { id: `gone-${catalogue.driver.id}`, userId: catalogue.driver.id, expiresAt: new Date(Date.now() - 1_000) },
    ]);
    const activity = await personActivity(database.db, catalogue.driver.id);
    expect(activity.bookingCount).toBe(3);
    // Newest first; Tunis is an hour ahead of UTC in March.
    expect(activity.bookings[0]).toMatchObject({ from: "2031-03-01T11:00", status: "cancelled", car: "Test Car" });
    expect(activity.sessions).toHaveLength(1);
  });

  it("corrects name, phone and birth date with one audit row, and clears a field left empty", async () => {
    const person = await findPerson(database.db, catalogue.supplier.id);
    expect(person).toMatchObject({ role: "supplier", hasLicence: false, twoFactor: false });
    expect(
      await savePersonDetails(database.db, admin, catalogue.supplier.id, {
        fullName: "Supplier Ltd",
        birthDate: "1980-05-06",
      }),
    ).toBe(true);
    const saved = await findPerson(database.db, catalogue.supplier.id);
    expect(saved).toMatchObject({ fullName: "Supplier Ltd", phone: null, birthDate: "1980-05-06" });
    const trail = await database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.recordId, catalogue.supplier.id));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      record: "account",
      changes: {
        fullName: { from: "Supplier", to: "Supplier Ltd" },
        phone: { from: "+216 71 000 999", to: null },
        birthDate: { from: null, to: "1980-05-06" },
      },
    });
    // Nothing changed: no row.
    await savePersonDetails(database.db, admin, catalogue.supplier.id, {
      fullName: "Supplier Ltd",
      birthDate: "1980-05-06",
    });
    expect(
      await database.db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, catalogue.supplier.id)),
    ).toHaveLength(1);
    expect(await findPerson(database.db, "not-an-id")).toBeNull();
  });
});
