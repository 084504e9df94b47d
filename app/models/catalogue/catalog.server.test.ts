/**
 * The storefront's catalogue is counted at most every 30 seconds per instance, but a change an operator makes through
 * this instance is counted at its next read: a suspended supplier leaves the suppliers' list at once, and the
 * platform's rules apply to the next search.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/models/audit/audit.server";
import { catalogOf } from "./catalog.server";
import { getBusinessSettings, savePlatformSettings } from "./settings.server";
import { setSupplierSuspended } from "./supplier-admin.server";

describe.each(testEngines)("the catalogue after an operator's change (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let admin: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    admin = { id: catalogue.driver.id, role: "admin", fullName: "Admin" };
  });
  afterAll(() => database?.destroy());

  const listedSupplierIds = async () => (await catalogOf(database.db).suppliers()).map((supplier) => supplier.id);

  it("drops a suspended supplier at the next read and lists it again once reinstated", async () => {
    const supplier = { id: catalogue.supplier.id, name: "Supplier", slug: "supplier" };
    expect(await listedSupplierIds()).toContain(supplier.id);
    await setSupplierSuspended(database.db, admin, supplier, true);
    expect(await listedSupplierIds()).not.toContain(supplier.id);
    await setSupplierSuspended(database.db, admin, supplier, false);
    expect(await listedSupplierIds()).toContain(supplier.id);
  });

  it("serves the platform's new rules at the next read", async () => {
    const before = await catalogOf(database.db).settings();
    await savePlatformSettings(database.db, admin, {
      ...(await getBusinessSettings(database.db)),
      minPickupHours: before.minPickupHours + 5,
    });
    expect((await catalogOf(database.db).settings()).minPickupHours).toBe(before.minPickupHours + 5);
  });

  it("keeps its count for 30 seconds when nothing was changed through it", async () => {
    const counted = await catalogOf(database.db).suppliers();
    // Written behind its back (another instance, or by hand): this instance's copy stands until it is due.
    await database.db.execute("update users set blacklisted = true where role = 'supplier'");
    expect(await catalogOf(database.db).suppliers()).toEqual(counted);
  });
});
