import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { hashPassword } from "~/utils/password.server";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { findSessionUser, verifyCredentials } from "./accounts.server";

const FAST = { N: 1024, r: 8, p: 1 };

describe.each(testEngines)("accounts on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const hash = await hashPassword("right password", FAST);
    await database.db.insert(schema.users).values([
      { email: "Driver@Example.com", fullName: "Driver", passwordHash: hash, language: "fr" },
      { email: "banned@example.com", fullName: "Banned", passwordHash: hash, blacklisted: true },
      { email: "supplier@example.com", fullName: "Supplier", passwordHash: hash, role: "supplier" },
      { email: "social@example.com", fullName: "No password" },
    ]);
  });
  afterAll(() => database?.destroy());

  it.each([
    ["right password, any case of address", " driver@example.COM ", "right password", { ok: true, fullName: "Driver", language: "fr" }],
    ["wrong password", "driver@example.com", "wrong", { ok: false, error: "errors.incorrectCredentials" }],
    ["unknown address", "nobody@example.com", "right password", { ok: false, error: "errors.incorrectCredentials" }],
    ["suspended account with the right password", "banned@example.com", "right password", { ok: false, error: "errors.accountSuspended" }],
    ["suspended account with a wrong password reveals nothing", "banned@example.com", "wrong", { ok: false, error: "errors.incorrectCredentials" }],
    ["suppliers do not sign in to the storefront", "supplier@example.com", "right password", { ok: false, error: "errors.incorrectCredentials" }],
    ["account without a password", "social@example.com", "", { ok: false, error: "errors.incorrectCredentials" }],
  ])("%s", async (_name, email, password, expected) => {
    expect(await verifyCredentials(database.db, email, password)).toMatchObject(expected);
  });

  it("does not find a suspended user behind a session", async () => {
    const [banned] = await database.db.select().from(schema.users).where(eq(schema.users.blacklisted, true));
    expect(await findSessionUser(database.db, banned!.id)).toBeNull();
  });
});
