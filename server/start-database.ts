import { databaseOptionsFromEnv, openDatabase, setDatabase, type DatabaseHandle } from "~/utils/db.server";
import type { Env } from "~/utils/env.server";
import { isDatabaseEmpty, seedDemoData } from "#db/seed";

/** Opens the configured database, applies migrations and, on an empty catalogue, loads the demo data. */
export async function startDatabase(env: Env, log: (message: string) => void): Promise<DatabaseHandle> {
  const opening = openDatabase(databaseOptionsFromEnv(env));
  setDatabase(opening);
  const handle = await opening;
  log(
    `database: ${handle.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${env.PGLITE_DIR}`}`,
  );
  await handle.migrate();
  if (env.SEED_DEMO_DATA) {
    await handle.withStartupLock(async (db) => {
      if (!(await isDatabaseEmpty(db))) return;
      const started = performance.now();
      const result = await seedDemoData(db);
      log(
        `demo data: ${result.cars} cars in ${result.locations} locations (${Math.round(performance.now() - started)} ms)`,
      );
    });
  }
  return handle;
}
