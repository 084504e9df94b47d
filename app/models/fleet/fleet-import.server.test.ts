import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/models/audit/audit.server";
import { readFleetFile } from "./fleet-file";
import { exportFleet, importFleet } from "./fleet-import.server";

const HEADER =
  "licensePlate,name,range,fuelType,gearbox,seats,doors,fuelPolicy,minimumAge,dailyPrice,places,datePrices";

describe.each(testEngines)("fleet import and export, on %s", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let actor: Actor;
  const file = (rows: string[]) => `${HEADER}\n${rows.join("\n")}\n`;
  const row = (plate: string, price: string, place: string) =>
    `${plate},Car ${plate},midi,diesel,manual,5,4,likeForLike,21,${price},${place},2031-07-01..2031-07-31:60`;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    actor = { id: catalogue.supplier.id, role: "supplier", fullName: "Supplier" };
  });
  afterAll(() => database?.destroy());

  const fleet = async () =>
    database.db.select().from(schema.cars).where(eq(schema.cars.supplierId, catalogue.supplier.id));

  it("imports nothing from a file with an unknown place, naming its line; then a good file in one go", async () => {
    const { db } = database;
    const before = (await fleet()).length;
    const withUnknown = readFleetFile(
      file([row("IMP-1", "40", catalogue.location.slug), row("IMP-2", "45", "atlantis")]),
    );
    expect(withUnknown.problems).toEqual([]);
    expect(await importFleet(db, actor, catalogue.supplier.id, withUnknown.rows)).toEqual({
      ok: false,
      problems: [{ line: 3, column: "places", key: "manage:validation.placeUnknown", params: { text: "atlantis" } }],
    });
    expect(await fleet()).toHaveLength(before);

    const good = readFleetFile(
      file([row("IMP-1", "40", catalogue.location.slug), row("IMP-2", "45", catalogue.location.slug)]),
    );
    expect(await importFleet(db, actor, catalogue.supplier.id, good.rows)).toEqual({
      ok: true,
      added: 2,
      updated: 0,
      unchanged: 0,
    });
    const cars = await fleet();
    expect(cars).toHaveLength(before + 2);
    const imported = cars.find((car) => car.licensePlate === "IMP-1")!;
    expect(imported).toMatchObject({ dailyPrice: 4000, isDateBasedPrice: true, available: true });
    const places = await db.select().from(schema.carLocations).where(eq(schema.carLocations.carId, imported.id));
    expect(places.map((place) => place.locationId)).toEqual([catalogue.location.id]);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, imported.id));
    expect(audit).toMatchObject([{ action: "create", actorName: "Supplier" }]);
  });

  it("re-imports idempotently: the same file changes nothing, a new price updates by plate", async () => {
    const { db } = database;
    const same = readFleetFile(
      file([row("IMP-1", "40", catalogue.location.slug), row("IMP-2", "45", catalogue.location.slug)]),
    );
    expect(await importFleet(db, actor, catalogue.supplier.id, same.rows)).toEqual({
      ok: true,
      added: 0,
      updated: 0,
      unchanged: 2,
    });
    const changed = readFleetFile(file([row("IMP-1", "48", catalogue.location.slug)]));
    expect(await importFleet(db, actor, catalogue.supplier.id, changed.rows)).toEqual({
      ok: true,
      added: 0,
      updated: 1,
      unchanged: 0,
    });
    const [car] = await db.select().from(schema.cars).where(eq(schema.cars.licensePlate, "IMP-1"));
    expect(car!.dailyPrice).toBe(4800);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, car!.id));
    expect(audit.find((entry) => entry.action === "update")!.changes).toEqual({ dailyPrice: { from: 4000, to: 4800 } });
  });

  it("exports the fleet in the import's format, which imports back unchanged", async () => {
    const { db } = database;
    const text = await exportFleet(db, catalogue.supplier.id);
    const back = readFleetFile(text);
    expect(back.problems).toEqual([]);
    expect(back.rows.map((entry) => entry.form.licensePlate)).toEqual(expect.arrayContaining(["IMP-1", "IMP-2"]));
    const outcome = await importFleet(db, actor, catalogue.supplier.id, back.rows);
    expect(outcome).toMatchObject({ ok: true, added: 0, updated: 0 });
  });
});
