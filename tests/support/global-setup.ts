/**
 * Runs once before the unit suite: migrates one PGlite database and one PostgreSQL template database, so each test
 * file gets a migrated copy in about 0.4 s (PGlite) or 0.1 s (PostgreSQL) instead of creating and migrating its own
 * (2–3 s each: PGlite's initdb dominates). See tests/support/test-database.ts.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/utils/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data folder, for `PGlite.create({ loadDataDir })`. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database to copy (`create database … template …`), or "" without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

async function pgliteSnapshot(folder: string): Promise<string> {
  const handle = await openDatabase({ pgliteDir: "memory://" });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
  const file = path.join(folder, "pglite.tar");
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await handle.close();
  return file;
}

async function postgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `rentacar_template_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await handle.migrate();
  // Copying needs the template to have no open connection.
  await handle.close();
  return { name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "rentacar-vitest-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [snapshot, template] = await Promise.all([
    pgliteSnapshot(folder),
    adminUrl ? postgresTemplate(adminUrl) : null,
  ]);
  project.provide("pgliteSnapshot", snapshot);
  project.provide("postgresTemplate", template?.name ?? "");
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await template?.drop();
  };
}
