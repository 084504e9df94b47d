import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userIdentities, users } from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { SocialIdentity } from "~/utils/social.server";
import { findOrCreateSocialAccount } from "./social-accounts.server";

const identity = (overrides: Partial<SocialIdentity>): SocialIdentity => ({
  provider: "google",
  subject: "sub-1",
  email: "olivia@example.com",
  emailVerified: true,
  name: "Olivia Provider",
  ...overrides,
});

describe.each(testEngines)("social accounts on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.destroy());

  it("creates a validated account without a password, then finds it by the same identity", async () => {
    const first = await findOrCreateSocialAccount(database.db, identity({}), "fr");
    expect(first).toMatchObject({ ok: true, created: true, fullName: "Olivia Provider" });
    const [user] = await database.db.select().from(users).where(eq(users.email, "olivia@example.com"));
    expect(user).toMatchObject({ verified: true, passwordHash: null, language: "fr" });
    // The provider may later report another address: the identity, not the address, decides.
    const again = await findOrCreateSocialAccount(database.db, identity({ email: "changed@example.com" }), "en");
    expect(again).toMatchObject({ ok: true, created: false, userId: first.ok ? first.userId : "" });
  });

  it("links another provider to the account with the same verified address, whatever its case", async () => {
    const facebook = await findOrCreateSocialAccount(
      database.db,
      identity({ provider: "facebook", subject: "fb-9", email: "OLIVIA@example.com" }),
      "en",
    );
    expect(facebook).toMatchObject({ ok: true, created: false });
    expect(await database.db.select().from(userIdentities)).toHaveLength(2);
  });

  it("takes an unvalidated account back from whoever opened it with the owner's address", async () => {
    // Someone signed up with the owner's address and a password of their own, and is signed in.
    const [squatted] = await database.db
      .insert(users)
      .values({ email: "owner@example.com", fullName: "Not The Owner", passwordHash: "scrypt$attacker" })
      .returning();
    await database.db
      .insert(sessions)
      .values({ id: "attacker-session", userId: squatted!.id, data: {}, expiresAt: new Date(Date.now() + 86_400_000) });
    const result = await findOrCreateSocialAccount(
      database.db,
      identity({ subject: "sub-2", email: "owner@example.com" }),
      "en",
    );
    expect(result).toMatchObject({ ok: true, userId: squatted!.id });
    const [user] = await database.db.select().from(users).where(eq(users.id, squatted!.id));
    expect(user).toMatchObject({ verified: true, passwordHash: null });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, squatted!.id))).toHaveLength(0);
  });

  it("keeps a validated account's password and sessions when it links a provider", async () => {
    const [driver] = await database.db
      .insert(users)
      .values({ email: "kept@example.com", fullName: "Kim Kept", passwordHash: "scrypt$own", verified: true })
      .returning();
    await database.db
      .insert(sessions)
      .values({ id: "own-session", userId: driver!.id, data: {}, expiresAt: new Date(Date.now() + 86_400_000) });
    expect(
      await findOrCreateSocialAccount(database.db, identity({ subject: "sub-kept", email: "kept@example.com" }), "en"),
    ).toMatchObject({ ok: true, userId: driver!.id });
    const [user] = await database.db.select().from(users).where(eq(users.id, driver!.id));
    expect(user!.passwordHash).toBe("scrypt$own");
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, driver!.id))).toHaveLength(1);
  });

  it("refuses supplier and admin accounts: only drivers sign in to the storefront", async () => {
    await database.db
      .insert(users)
      .values({ email: "fleet@example.com", fullName: "Fleet", role: "supplier", verified: true });
    expect(
      await findOrCreateSocialAccount(
        database.db,
        identity({ subject: "sub-fleet", email: "fleet@example.com" }),
        "en",
      ),
    ).toEqual({ ok: false, error: "errors.socialSignInFailed" });
    expect(await database.db.select().from(userIdentities).where(eq(userIdentities.subject, "sub-fleet"))).toHaveLength(
      0,
    );
  });

  it("never opens an account for an address the provider did not verify, nor without an address", async () => {
    expect(
      await findOrCreateSocialAccount(database.db, identity({ subject: "sub-3", emailVerified: false }), "en"),
    ).toEqual({ ok: false, error: "errors.socialEmailUnverified" });
    expect(await findOrCreateSocialAccount(database.db, identity({ subject: "sub-4", email: null }), "en")).toEqual({
      ok: false,
      error: "errors.socialEmailUnverified",
    });
    expect(await database.db.select().from(userIdentities).where(eq(userIdentities.subject, "sub-3"))).toHaveLength(0);
  });

  it("refuses a suspended account, linked or not", async () => {
    await database.db.insert(users).values({ email: "banned@example.com", fullName: "Ban Ned", blacklisted: true });
    const result = await findOrCreateSocialAccount(
      database.db,
      identity({ subject: "sub-5", email: "banned@example.com" }),
      "en",
    );
    expect(result).toEqual({ ok: false, error: "errors.accountSuspended" });
    expect(
      await findOrCreateSocialAccount(database.db, identity({ subject: "sub-5", email: "banned@example.com" }), "en"),
    ).toEqual({ ok: false, error: "errors.accountSuspended" });
  });

  it("opens one account when the same new address arrives twice at once", async () => {
    const results = await Promise.all([
      findOrCreateSocialAccount(
        database.db,
        identity({ provider: "google", subject: "race-g", email: "race@example.com" }),
        "en",
      ),
      findOrCreateSocialAccount(
        database.db,
        identity({ provider: "apple", subject: "race-a", email: "race@example.com" }),
        "en",
      ),
    ]);
    const ids = results.map((result) => (result.ok ? result.userId : null));
    expect(ids[0]).not.toBeNull();
    expect(ids[0]).toBe(ids[1]);
    expect(await database.db.select().from(users).where(eq(users.email, "race@example.com"))).toHaveLength(1);
  });
});
