import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/models/audit/audit.server";
import { readFleetFile } from "./fleet-file";
import { exportFleet } from "./fleet-import.server";
import {
  drainFleetImports,
  findFleetImport,
  FLEET_IMPORT_CLAIM_MS,
  FLEET_IMPORT_MAX_ATTEMPTS,
  queueFleetImport,
  runNextFleetImport,
} from "./fleet-import-jobs.server";

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

  /** Posts a file as the page does and lets the worker run it to its end; answers the job as its page reads it. */
  const importFile = async (text: string, options: Parameters<typeof drainFleetImports>[1] = {}) => {
    const id = await queueFleetImport(database.db, actor, catalogue.supplier.id, { name: "fleet.csv", text });
    await drainFleetImports(database.db, options);
    return (await findFleetImport(database.db, id))!;
  };
  const outcome = (job: Awaited<ReturnType<typeof importFile>>) =>
    job.status === "done"
      ? { status: job.status, added: job.added, updated: job.updated, unchanged: job.unchanged }
      : { status: job.status, problems: job.problems };

  const fleet = async () =>
    database.db.select().from(schema.cars).where(eq(schema.cars.supplierId, catalogue.supplier.id));

  it("imports nothing from a file with an unknown place, naming its line; then a good file in one go", async () => {
    const { db } = database;
    const before = (await fleet()).length;
    const withUnknown = file([row("IMP-1", "40", catalogue.location.slug), row("IMP-2", "45", "atlantis")]);
    expect(readFleetFile(withUnknown).problems).toEqual([]);
    expect(outcome(await importFile(withUnknown))).toEqual({
      status: "refused",
      problems: [{ line: 3, column: "places", key: "manage:validation.placeUnknown", params: { text: "atlantis" } }],
    });
    expect(await fleet()).toHaveLength(before);

    const good = file([row("IMP-1", "40", catalogue.location.slug), row("IMP-2", "45", catalogue.location.slug)]);
    const job = await importFile(good);
    expect(outcome(job)).toEqual({ status: "done", added: 2, updated: 0, unchanged: 0 });
    expect(job).toMatchObject({ rowCount: 2, processed: 2, attempts: 1 });
    // The file itself is not kept once the job has ended.
    const [stored] = await db.select().from(schema.fleetImports).where(eq(schema.fleetImports.id, job.id));
    expect(stored!.content).toBeNull();
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
    const same = file([row("IMP-1", "40", catalogue.location.slug), row("IMP-2", "45", catalogue.location.slug)]);
    expect(outcome(await importFile(same))).toEqual({ status: "done", added: 0, updated: 0, unchanged: 2 });
    const changed = file([row("IMP-1", "48", catalogue.location.slug)]);
    expect(outcome(await importFile(changed))).toEqual({ status: "done", added: 0, updated: 1, unchanged: 0 });
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
    expect(outcome(await importFile(text))).toMatchObject({ status: "done", added: 0, updated: 0 });
  });

  const plates = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => row(`${prefix}-${index + 1}`, "30", catalogue.location.slug));
  const auditedCars = async (prefix: string) =>
    (await database.db.select().from(schema.auditLog)).filter((entry) => entry.label.includes(`(${prefix}-`));

  it("carries on from its last batch after the worker stops mid-way, writing each car once", async () => {
    const { db } = database;
    const id = await queueFleetImport(db, actor, catalogue.supplier.id, {
      name: "stop.csv",
      text: file(plates("STOP", 5)),
    });
    let batches = 0;
    // The app shuts down after two batches of two: the claim is given back at once.
    expect(await runNextFleetImport(db, { pace: { batchSize: 2, pauseMs: 0 }, stopping: () => batches++ >= 2 })).toBe(
      true,
    );
    expect(await findFleetImport(db, id)).toMatchObject({
      status: "running",
      processed: 4,
      added: 4,
      lockedUntil: null,
    });
    await drainFleetImports(db, { pace: { batchSize: 2, pauseMs: 0 } });
    expect(await findFleetImport(db, id)).toMatchObject({ status: "done", processed: 5, added: 5, attempts: 2 });
    expect(await auditedCars("STOP")).toHaveLength(5);
  });

  it("waits for a killed worker's claim to lapse, then takes the job over", async () => {
    const { db } = database;
    const id = await queueFleetImport(db, actor, catalogue.supplier.id, {
      name: "kill.csv",
      text: file(plates("KILL", 3)),
    });
    const claimedAt = new Date();
    // A worker claimed it and died before its first batch.
    await db
      .update(schema.fleetImports)
      .set({ status: "running", attempts: 1, lockedUntil: new Date(claimedAt.getTime() + FLEET_IMPORT_CLAIM_MS) })
      .where(eq(schema.fleetImports.id, id));
    expect(await runNextFleetImport(db, { now: claimedAt })).toBe(false);
    expect(await findFleetImport(db, id)).toMatchObject({ status: "running", processed: 0 });
    expect(await runNextFleetImport(db, { now: new Date(claimedAt.getTime() + FLEET_IMPORT_CLAIM_MS + 1) })).toBe(true);
    expect(await findFleetImport(db, id)).toMatchObject({ status: "done", added: 3, attempts: 2 });
  });

  it("gives a job up after its last attempt, keeping what was written", async () => {
    const { db } = database;
    const id = await queueFleetImport(db, actor, catalogue.supplier.id, {
      name: "gone.csv",
      text: file(plates("GONE", 2)),
    });
    await db
      .update(schema.fleetImports)
      .set({ status: "running", attempts: FLEET_IMPORT_MAX_ATTEMPTS, processed: 0 })
      .where(eq(schema.fleetImports.id, id));
    await drainFleetImports(db);
    expect(await findFleetImport(db, id)).toMatchObject({ status: "failed", attempts: FLEET_IMPORT_MAX_ATTEMPTS + 1 });
    expect(await auditedCars("GONE")).toHaveLength(0);
  });

  it("runs a job once when two workers look for work at the same moment", async () => {
    const { db } = database;
    const id = await queueFleetImport(db, actor, catalogue.supplier.id, {
      name: "two.csv",
      text: file(plates("TWO", 6)),
    });
    await Promise.all([
      drainFleetImports(db, { pace: { batchSize: 2, pauseMs: 0 } }),
      drainFleetImports(db, { pace: { batchSize: 2, pauseMs: 0 } }),
    ]);
    expect(await findFleetImport(db, id)).toMatchObject({ status: "done", added: 6, processed: 6, attempts: 1 });
    expect(await auditedCars("TWO")).toHaveLength(6);
  });

  it("refuses a file with every problem named, keeping the first 500 and counting the rest", async () => {
    const bad = Array.from(
      { length: 600 },
      (_, index) => `BAD-${index},Car,midi,diesel,manual,5,4,likeForLike,21,x,tunis,`,
    );
    const job = await importFile(file(bad));
    expect(job.status).toBe("refused");
    expect(job.problems).toHaveLength(500);
    expect(job.problemCount).toBe(600);
  });
});
