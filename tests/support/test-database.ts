import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/utils/db.server";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const testEngines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and drops the throw-away PostgreSQL database. */
  destroy(): Promise<void>;
  /** The throw-away PostgreSQL database's URL (to open another handle on it); none for PGlite. */
  url?: string;
}

/** The migrated PGlite data folder tests/support/global-setup.ts wrote, read once per test file. */
let snapshot: Blob | undefined;
const pgliteSnapshot = () => (snapshot ??= new Blob([readFileSync(inject("pgliteSnapshot"))]));

/**
 * A migrated, empty database of the given engine, private to the caller: a copy of the one the global set-up
 * migrated (PGlite loads its data folder; PostgreSQL copies the template database).
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const handle = await openDatabase({ pgliteDir: "memory://", pgliteSnapshot: pgliteSnapshot() });
    return { ...handle, destroy: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `rentacar_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
