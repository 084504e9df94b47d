/**
 * Fleet import and export (decision 027). The import job (`fleet-import-jobs.server.ts`) checks a whole file first —
 * its rows, then its place codes (an unknown code refuses the file, naming its line) — and writes it batch by batch
 * with `writeFleetBatch`, which is idempotent: cars are matched to the supplier's by plate.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { auditLog, carLocations, cars, dateBasedPrices, locations } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { fieldChanges } from "~/models/audit/audit";
import { auditRow, type Actor } from "~/models/audit/audit.server";
import { carColumns, datePriceRows, type CarColumns } from "./car-form";
import { fleetHeader, fleetLine, type FleetProblem, type FleetRow } from "./fleet-file";
import { lookUp } from "~/domain/lookup";

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

const datePriceLabel = (row: { startDate: string; endDate: string; dailyPrice: number }) =>
  `${row.startDate}..${row.endDate}: ${row.dailyPrice}`;

/** The file's place codes as place ids, or a problem for each row naming a code no place has. */
export async function resolvePlaceCodes(
  db: Executor,
  rows: FleetRow[],
): Promise<{ places: Map<string, string>; problems: FleetProblem[] }> {
  const codes = [...new Set(rows.flatMap((row) => row.placeCodes))];
  const places = new Map<string, string>();
  for (const batch of chunks(codes, 1_000))
    for (const place of await db
      .select({ id: locations.id, slug: locations.slug })
      .from(locations)
      .where(inArray(locations.slug, batch)))
      places.set(place.slug, place.id);
  const problems: FleetProblem[] = [];
  for (const row of rows)
    for (const code of row.placeCodes)
      if (!places.has(code))
        problems.push({
          line: row.line,
          column: "places",
          key: "manage:validation.placeUnknown",
          params: { text: code },
        });
  return { places, problems };
}

export interface BatchCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes one batch of a checked file (in the caller's transaction): cars matched to the supplier's by plate — a
 * re-imported file updates them and adds nothing — with their places, date-based prices and one audit row per car
 * that changed, naming who posted the file.
 */
export async function writeFleetBatch(
  tx: Executor,
  actor: Actor,
  supplierId: string,
  batch: FleetRow[],
  places: Map<string, string>,
): Promise<BatchCounts> {
  const counts: BatchCounts = { added: 0, updated: 0, unchanged: 0 };
  if (batch.length === 0) return counts;
  const plates = batch.map((row) => row.form.licensePlate);
  const existing = await tx
    .select()
    .from(cars)
    .where(and(eq(cars.supplierId, supplierId), inArray(cars.licensePlate, plates)));
  const before = new Map(existing.map((car) => [car.licensePlate, car]));
  const existingIds = existing.map((car) => car.id);
  // One after the other: a transaction is one connection, which runs one query at a time anyway.
  const placeRows = existingIds.length
    ? await tx
        .select({ carId: carLocations.carId, slug: locations.slug })
        .from(carLocations)
        .innerJoin(locations, eq(locations.id, carLocations.locationId))
        .where(inArray(carLocations.carId, existingIds))
    : [];
  const priceRows = existingIds.length
    ? await tx
        .select()
        .from(dateBasedPrices)
        .where(inArray(dateBasedPrices.carId, existingIds))
        .orderBy(asc(dateBasedPrices.startDate))
    : [];
  const rowsWithColumns = batch.map((row) => ({ row, columns: { ...carColumns(row.form), supplierId } }));
  const values = rowsWithColumns.map(({ columns }) => columns);
  const written = await tx
    .insert(cars)
    .values(values.map((value) => ({ ...value, image: `/images/cars/${value.range}-silver.svg` })))
    .onConflictDoUpdate({
      target: [cars.supplierId, cars.licensePlate],
      set: Object.fromEntries(
        Object.keys(values[0] ?? {})
          .filter((key) => key !== "supplierId" && key !== "licensePlate")
          .map((key) => [key, sql.raw(`excluded.${toColumn(key)}`)]),
      ),
    })
    .returning({ id: cars.id, licensePlate: cars.licensePlate });
  const idOf = new Map(written.map((car) => [car.licensePlate, car.id]));
  const ids = written.map((car) => car.id);
  await tx.delete(carLocations).where(inArray(carLocations.carId, ids));
  await tx.delete(dateBasedPrices).where(inArray(dateBasedPrices.carId, ids));
  const links = batch.flatMap((row) =>
    [...new Set(row.placeCodes)].map((code) => ({
      carId: lookUp(idOf, row.form.licensePlate),
      locationId: lookUp(places, code),
    })),
  );
  for (const part of chunks(links, 2_000)) await tx.insert(carLocations).values(part);
  const prices = batch.flatMap((row) =>
    datePriceRows(row.form).map((price) => ({ ...price, carId: lookUp(idOf, row.form.licensePlate) })),
  );
  for (const part of chunks(prices, 2_000)) await tx.insert(dateBasedPrices).values(part);

  const audits: Array<typeof auditLog.$inferInsert> = [];
  for (const { row, columns } of rowsWithColumns) {
    const previous = before.get(row.form.licensePlate);
    const after = {
      ...stripSupplier(columns),
      places: [...new Set(row.placeCodes)].sort(),
      datePrices: datePriceRows(row.form).map(datePriceLabel),
    };
    const changes = fieldChanges(
      previous
        ? {
            ...(Object.fromEntries(
              Object.keys(after).map((key) => [key, previous[key as keyof typeof previous]]),
            ) as Record<string, unknown>),
            places: placeRows
              .filter((place) => place.carId === previous.id)
              .map((place) => place.slug)
              .sort(),
            datePrices: priceRows.filter((price) => price.carId === previous.id).map(datePriceLabel),
          }
        : null,
      after,
    );
    if (previous && Object.keys(changes).length === 0) {
      counts.unchanged++;
      continue;
    }
    if (previous) counts.updated++;
    else counts.added++;
    audits.push(
      auditRow(actor, {
        record: "car",
        recordId: lookUp(idOf, row.form.licensePlate),
        supplierId,
        action: previous ? "update" : "create",
        label: `${row.form.name} (${row.form.licensePlate})`,
        changes,
      }),
    );
  }
  for (const part of chunks(audits, 1_000)) await tx.insert(auditLog).values(part);
  return counts;
}

const stripSupplier = ({ supplierId: _supplierId, ...columns }: CarColumns & { supplierId: string }) => columns;

/** camelCase column key → its snake_case column name (the `excluded.` row of an upsert). */
const toColumn = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The supplier's fleet as a fleet file (the import's format), by plate; every car, retired ones included. */
export async function exportFleet(db: Executor, supplierId: string): Promise<string> {
  const rows = await db.select().from(cars).where(eq(cars.supplierId, supplierId)).orderBy(asc(cars.licensePlate));
  const ids = rows.map((car) => car.id);
  const placesOf = new Map<string, string[]>();
  const pricesOf = new Map<string, Array<{ startDate: string; endDate: string; dailyPrice: number }>>();
  for (const batch of chunks(ids, 1_000)) {
    const [links, prices] = await Promise.all([
      db
        .select({ carId: carLocations.carId, slug: locations.slug })
        .from(carLocations)
        .innerJoin(locations, eq(locations.id, carLocations.locationId))
        .where(inArray(carLocations.carId, batch))
        .orderBy(asc(locations.slug)),
      db
        .select()
        .from(dateBasedPrices)
        .where(inArray(dateBasedPrices.carId, batch))
        .orderBy(asc(dateBasedPrices.startDate)),
    ]);
    for (const link of links) placesOf.set(link.carId, [...(placesOf.get(link.carId) ?? []), link.slug]);
    for (const price of prices) pricesOf.set(price.carId, [...(pricesOf.get(price.carId) ?? []), price]);
  }
  const lines = rows.map((car) => fleetLine(car, placesOf.get(car.id) ?? [], pricesOf.get(car.id) ?? []));
  return `${[fleetHeader(), ...lines].join("\r\n")}\r\n`;
}
