import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { openSecret } from "~/utils/secret-box.server";
import {
  beginEnrolment,
  cancelEnrolment,
  checkSecondFactor,
  confirmEnrolment,
  hasTwoFactor,
  renewRecoveryCodes,
  turnOffTwoFactor,
  twoFactorState,
} from "./two-factor.server";

const T0 = new Date("2030-05-01T10:00:00Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(testEngines)("two-factor sign-in on %s", (engine) => {
  let database: TestDatabase;
  let userId: string;

  const storedSecret = async () => {
    const [row] = await database.db
      .select()
      .from(schema.twoFactorSecrets)
      .where(eq(schema.twoFactorSecrets.userId, userId));
    return row ? openSecret(row.secret) : null;
  };
  const codeAt = async (at: Date) =>
    generate({ secret: (await storedSecret()) ?? "", epoch: Math.floor(at.getTime() / 1000) });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db
      .insert(schema.users)
      .values({ email: "two@example.com", fullName: "Two Factor", role: "supplier" })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database?.destroy());

  it("enrols an app: the key shown as text and as a QR code, stored sealed, on only after a first code", async () => {
    expect(await twoFactorState(database.db, userId, "two@example.com")).toEqual({ state: "off" });
    expect(await beginEnrolment(database.db, userId)).toBe("begun");
    const enrolling = await twoFactorState(database.db, userId, "two@example.com");
    if (enrolling.state !== "enrolling") throw new Error(`expected an enrolment, got ${enrolling.state}`);
    expect(enrolling.key).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolling.uri).toContain(`secret=${enrolling.key}`);
    expect(enrolling.qrSvg).toMatch(/^<svg[^>]*>/);
    const [row] = await database.db.select().from(schema.twoFactorSecrets);
    expect(row!.secret).not.toContain(enrolling.key);
    expect(await hasTwoFactor(database.db, userId)).toBe(false);

    // A wrong code, or a recovery code, does not confirm it.
    expect(await confirmEnrolment(database.db, userId, "000000", T0)).toEqual({ ok: false });
    expect(await confirmEnrolment(database.db, userId, "abcde-fghjk", T0)).toEqual({ ok: false });
    const confirmed = await confirmEnrolment(database.db, userId, await codeAt(T0), T0);
    if (!confirmed.ok) throw new Error("the app's code was refused");
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(await hasTwoFactor(database.db, userId)).toBe(true);
    expect(await twoFactorState(database.db, userId, "two@example.com")).toEqual({
      state: "on",
      since: T0,
      recoveryLeft: 10,
    });
    // Stored as keyed hashes only.
    const stored = await database.db.select().from(schema.recoveryCodes);
    expect(stored.map((code) => code.codeHash)).not.toEqual(expect.arrayContaining([confirmed.recoveryCodes[0]]));
    // An enrolment already on is neither begun again nor cancelled.
    expect(await beginEnrolment(database.db, userId)).toBe("alreadyOn");
    await cancelEnrolment(database.db, userId);
    expect(await hasTwoFactor(database.db, userId)).toBe(true);
  });

  it("accepts an app's code once in its window, a later one after it, and a clock 30 s off", async () => {
    const at = later(120);
    const code = await codeAt(at);
    expect(await checkSecondFactor(database.db, userId, code, at)).toBe("app");
    // The same code again, even a second later in the same window: refused.
    expect(await checkSecondFactor(database.db, userId, code, later(121))).toBeNull();
    // A code from 30 s ago still passes once (the phone's clock is behind), but not an older one.
    expect(await checkSecondFactor(database.db, userId, await codeAt(later(150)), later(180))).toBe("app");
    expect(await checkSecondFactor(database.db, userId, await codeAt(later(240)), later(300))).toBeNull();
    expect(await checkSecondFactor(database.db, userId, "123456", later(330))).toBeNull();
  });

  it("lets two posts of one code race: exactly one passes", async () => {
    const at = later(600);
    const code = await codeAt(at);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => checkSecondFactor(database.db, userId, code, at)),
    );
    expect(answers.filter((answer) => answer === "app")).toHaveLength(1);
  });

  it("spends a recovery code once; new codes replace the old; turning off asks for a code", async () => {
    const at = later(900);
    const renewed = await renewRecoveryCodes(database.db, userId, await codeAt(at), at);
    if (!renewed) throw new Error("renewal refused");
    const [first, second] = renewed;
    expect(await checkSecondFactor(database.db, userId, first!.toUpperCase(), at)).toBe("recovery");
    expect(await checkSecondFactor(database.db, userId, first!, at)).toBeNull();
    expect(await twoFactorState(database.db, userId, "two@example.com")).toMatchObject({ recoveryLeft: 9 });
    expect(await turnOffTwoFactor(database.db, userId, "abcde-fghjk", later(960))).toBe(false);
    expect(await hasTwoFactor(database.db, userId)).toBe(true);
    expect(await turnOffTwoFactor(database.db, userId, second!, later(960))).toBe(true);
    expect(await hasTwoFactor(database.db, userId)).toBe(false);
    expect(await database.db.select().from(schema.recoveryCodes)).toEqual([]);
    // Off, no code passes.
    expect(await checkSecondFactor(database.db, userId, renewed[2]!, later(990))).toBeNull();
  });
});
