/**
 * The fleet import (decision 027) at 10,000 cars: a generated fleet file posted as a job (what the request does) and
 * run by the worker to its end (read by the car form's schema, written in batches), then imported again (every car
 * matched by plate, nothing changed), then exported. Alongside, the longest the event loop was held up while the job
 * ran: what a request answered by the same process waited at worst.
 * Usage: npx tsx bench/fleet-import.ts                          (embedded PGlite in memory)
 *        DATABASE_URL=postgres://… npx tsx bench/fleet-import.ts
 *        BENCH_FLEET_CARS=20000 npx tsx bench/fleet-import.ts
 *        BENCH_PACE=postgres npx tsx bench/fleet-import.ts      (PGlite paced as PostgreSQL is, to compare)
 * Each run replaces the cars of plates BENCH-IMPORT-… it made before.
 */
import { sql } from "drizzle-orm";
import { seedDemoData } from "#db/seed";
import { readFleetFile } from "~/models/fleet/fleet-file";
import { exportFleet } from "~/models/fleet/fleet-import.server";
import {
  drainFleetImports,
  findFleetImport,
  FLEET_IMPORT_PACE,
  queueFleetImport,
} from "~/models/fleet/fleet-import-jobs.server";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { openDatabase } from "~/utils/db.server";

const count = Number(process.env.BENCH_FLEET_CARS ?? 10_000);
const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? "memory://",
});
const { db } = handle;
await handle.migrate();
await seedDemoData(db);
await db.execute(sql`delete from cars where license_plate like 'BENCH-IMPORT-%'`);
const {
  rows: [supplier],
} = (await db.execute(
  sql`select s.supplier_id as id from supplier_settings s where s.slug = 'carthage-cars'`,
)) as unknown as { rows: Array<{ id: string }> };
const actor = { id: supplier!.id, role: "supplier" as const, fullName: "Bench" };

const ranges = ["mini", "midi", "maxi", "scooter", "bus", "truck", "caravan"];
const places = ["tunis", "tunis-carthage-airport", "sousse", "hammamet", "djerba-airport", "la-marsa"];
const lines = [
  "licensePlate,name,range,fuelType,gearbox,seats,doors,fuelPolicy,minimumAge,dailyPrice,weeklyPrice,fullInsurance,places,datePrices",
];
for (let i = 1; i <= count; i++)
  lines.push(
    [
      `BENCH-IMPORT-${i}`,
      `Imported car ${i}`,
      ranges[i % ranges.length],
      i % 2 ? "diesel" : "gasoline",
      i % 3 ? "manual" : "automatic",
      5,
      4,
      "likeForLike",
      21 + (i % 5),
      (20 + (i % 150)).toFixed(2),
      ((20 + (i % 150)) * 6).toFixed(2),
      i % 4 ? "12.50" : "included",
      `${places[i % places.length]}|${places[(i + 1) % places.length]}`,
      i % 10 === 0 ? "2027-07-01..2027-08-31:99" : "",
    ].join(","),
  );
const text = `${lines.join("\n")}\n`;

const time = async <T>(label: string, run: () => Promise<T> | T): Promise<T> => {
  const started = performance.now();
  const result = await run();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
};

console.log(`${handle.engine}: ${count.toLocaleString("en")} cars, ${(text.length / 1024 / 1024).toFixed(1)} MB file`);
const read = await time("read and check the file (alone)", () => readFleetFile(text));
if (read.problems.length) throw new Error(JSON.stringify(read.problems.slice(0, 5)));
for (const round of ["first import (all added)", "second import (all unchanged)"]) {
  const id = await time(`${round}: the post (job queued)`, () =>
    queueFleetImport(db, actor, supplier!.id, { name: "bench.csv", text }),
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Meanwhile a page's worth of queries (eight small ones, one after the other) every 100 ms, as the app serves.
  let running = true;
  const pageTimes: number[] = [];
  const pages = (async () => {
    while (running) {
      const started = performance.now();
      for (let query = 0; query < 8; query++) await db.execute(sql`select count(*) from locations`);
      pageTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await time(`${round}: the job, to its end`, () => drainFleetImports(db, { pace: FLEET_IMPORT_PACE[handle.engine] }));
  running = false;
  await pages;
  delay.disable();
  pageTimes.sort((a, b) => a - b);
  console.log(
    `  a page's eight queries meanwhile (${pageTimes.length} pages): p50 ${pageTimes[Math.floor(pageTimes.length / 2)]?.toFixed(0)} ms, max ${pageTimes.at(-1)?.toFixed(0)} ms`,
  );
  const job = await findFleetImport(db, id);
  console.log(
    `  ${job?.status}: ${job?.added} added, ${job?.updated} updated, ${job?.unchanged} unchanged; event loop held up at most ${(delay.max / 1e6).toFixed(0)} ms`,
  );
}
const exported = await time("export of the supplier's fleet", () => exportFleet(db, supplier!.id));
console.log(`export: ${exported.split("\r\n").length - 2} cars`);
await db.execute(sql`delete from audit_log where actor_name = 'Bench'`);
await db.execute(sql`delete from fleet_imports where actor ->> 'fullName' = 'Bench'`);
await db.execute(sql`delete from cars where license_plate like 'BENCH-IMPORT-%'`);
await handle.close();
