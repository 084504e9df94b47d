import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { recordTrail, writeAudit } from "./audit.server";

describe.each(testEngines)("a record's trail, on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
  });
  afterAll(() => database?.destroy());

  it("gives a place's country and parent by their names in every language, never their ids", async () => {
    const { db } = database;
    const actor = { id: catalogue.supplier.id, role: "admin" as const, fullName: "Ada Admin" };
    const gone = "00000000-0000-4000-8000-000000000000";
    await writeAudit(db, actor, {
      record: "location",
      recordId: catalogue.location.id,
      supplierId: null,
      action: "update",
      label: "x",
      changes: {
        countryId: { from: gone, to: catalogue.country.id },
        parentId: { from: null, to: catalogue.location.id },
        slug: { from: "a", to: "b" },
      },
    });
    const [entry] = await recordTrail(db, "location", catalogue.location.id);
    expect(entry!.changes).toEqual({
      // A row that is gone keeps its id: nothing better is known of it.
      countryId: { from: gone, to: { en: "Tunisia", fr: catalogue.country.nameFr, es: catalogue.country.nameEs } },
      parentId: {
        from: null,
        to: { en: catalogue.location.nameEn, fr: catalogue.location.nameFr, es: catalogue.location.nameEs },
      },
      slug: { from: "a", to: "b" },
    });
  });
});
