import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { hashPassword } from "~/utils/password.server";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { findSessionUser, setPassword, setPasswordWithLink, verifyCredentials } from "./accounts.server";
import { checkToken, issueToken, redeemToken } from "./tokens.server";

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
    [
      "right password, any case of address",
      " driver@example.COM ",
      "right password",
      { ok: true, fullName: "Driver", language: "fr" },
    ],
    ["wrong password", "driver@example.com", "wrong", { ok: false, error: "errors.incorrectCredentials" }],
    ["unknown address", "nobody@example.com", "right password", { ok: false, error: "errors.incorrectCredentials" }],
    [
      "suspended account with the right password",
      "banned@example.com",
      "right password",
      { ok: false, error: "errors.accountSuspended" },
    ],
    [
      "suspended account with a wrong password reveals nothing",
      "banned@example.com",
      "wrong",
      { ok: false, error: "errors.incorrectCredentials" },
    ],
    [
      "suppliers sign in at the same form, to their own pages (decision 027)",
      "supplier@example.com",
      "right password",
      { ok: true, role: "supplier" },
    ],
    ["account without a password", "social@example.com", "", { ok: false, error: "errors.incorrectCredentials" }],
  ])("%s", async (_name, email, password, expected) => {
    expect(await verifyCredentials(database.db, email, password)).toMatchObject(expected);
  });

  it("does not find a suspended user behind a session", async () => {
    const [banned] = await database.db.select().from(schema.users).where(eq(schema.users.blacklisted, true));
    expect(await findSessionUser(database.db, banned!.id)).toBeNull();
  });

  it("a new password ends every session and revokes earlier reset and activation links", async () => {
    const [driver] = await database.db.select().from(schema.users).where(eq(schema.users.email, "Driver@Example.com"));
    const reset = await issueToken(database.db, driver!.id, "passwordReset");
    const activation = await issueToken(database.db, driver!.id, "activation");
    const validation = await issueToken(database.db, driver!.id, "emailValidation");
    await database.db.insert(schema.sessions).values({
      id: "old-session",
      userId: driver!.id,
      data: { userId: driver!.id },
      expiresAt: new Date(Date.now() + 60_000),
    });
    await setPassword(database.db, driver!.id, "right password");
    expect(await redeemToken(database.db, reset, "passwordReset")).toEqual({ status: "invalid" });
    expect(await redeemToken(database.db, activation, "activation")).toEqual({ status: "invalid" });
    // Validating the address is another matter: that link still works.
    expect(await redeemToken(database.db, validation, "emailValidation")).toMatchObject({ status: "valid" });
    expect(await database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, driver!.id))).toHaveLength(
      0,
    );
  });

  it("a link is used up only together with the password it sets: a failed save leaves it working", async () => {
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: "unlucky@example.com", fullName: "Unlucky" })
      .returning();
    const token = await issueToken(database.db, user!.id, "passwordReset");
    // The database refuses this one account's update, as a full disk or a lost connection would.
    await database.db.execute(
      sql.raw(
        "create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$",
      ),
    );
    await database.db.execute(
      sql.raw(
        "create trigger refuse_update before update on users for each row when (old.email = 'unlucky@example.com') execute function refuse_update()",
      ),
    );
    try {
      await expect(setPasswordWithLink(database.db, token, "passwordReset", "new password")).rejects.toThrow();
      expect(await checkToken(database.db, token, "passwordReset")).toMatchObject({ status: "valid" });
    } finally {
      await database.db.execute(sql.raw("drop trigger refuse_update on users"));
      await database.db.execute(sql.raw("drop function refuse_update()"));
    }
    expect(await setPasswordWithLink(database.db, token, "passwordReset", "new password")).toMatchObject({
      status: "valid",
      userId: user!.id,
    });
    const [saved] = await database.db.select().from(schema.users).where(eq(schema.users.id, user!.id));
    expect(saved!.verified).toBe(true);
    expect(await setPasswordWithLink(database.db, token, "passwordReset", "again")).toEqual({ status: "invalid" });
  });
});
