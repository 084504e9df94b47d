/**
 * Two-factor sign-in (decision 043): an authenticator app (TOTP, RFC 6238, through otplib) and ten one-time recovery
 * codes. The secret is sealed before it is stored; a code is accepted once (the time step of the last accepted code
 * is kept and only a later one passes, in one conditional update so two posts of one code cannot both pass); a
 * recovery code is spent in one conditional update too.
 */
import { randomInt } from "node:crypto";
import { and, count, eq, isNull, isNotNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { recoveryCodes, twoFactorSecrets } from "#db/schema";
import type { Database, Executor } from "~/utils/db.server";
import { keyedHash, openSecret, sealSecret } from "~/utils/secret-box.server";
import { newRecoveryCodes, readTypedCode } from "./two-factor";

const ISSUER = "Rental storefront";
/** One period either side: an app whose clock is 30 s off still signs in (RFC 6238 §5.2's advice). */
const TOLERANCE_SECONDS = 30;

export type TwoFactorState =
  | { state: "off" }
  | { state: "enrolling"; key: string; uri: string; qrSvg: string }
  | { state: "on"; since: Date; recoveryLeft: number };

async function secretRow(db: Executor, userId: string) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row ?? null;
}

/** Whether signing in as `userId` asks for a second factor. */
export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.confirmedAt)));
  return row !== undefined;
}

async function enrolment(secret: string, email: string) {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  // Drawn on the server as SVG (no script); the key is shown as text beside it for lynx and screen readers.
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { key: secret, uri, qrSvg };
}

/** Where the account stands; an enrolment begun and not confirmed shows the same key again (the app may hold it). */
export async function twoFactorState(db: Executor, userId: string, email: string): Promise<TwoFactorState> {
  const row = await secretRow(db, userId);
  if (!row) return { state: "off" };
  if (row.confirmedAt) {
    const [left] = await db
      .select({ count: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return { state: "on", since: row.confirmedAt, recoveryLeft: left?.count ?? 0 };
  }
  const secret = openSecret(row.secret);
  if (!secret) return { state: "off" };
  return { state: "enrolling", ...(await enrolment(secret, email)) };
}

/** Begins adding an app: a new secret, kept unconfirmed until a first code from the app is typed. */
export async function beginEnrolment(db: Executor, userId: string): Promise<"begun" | "alreadyOn"> {
  const sealed = sealSecret(generateSecret());
  const [written] = await db
    .insert(twoFactorSecrets)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret: sealed, lastStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return written ? "begun" : "alreadyOn";
}

/** Drops an enrolment begun and not confirmed. */
export async function cancelEnrolment(db: Executor, userId: string): Promise<void> {
  await db
    .delete(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.confirmedAt)));
}

/**
 * Accepts `digits` from the app once: the code's time step must be later than the last one accepted, written in
 * the same statement that checks it.
 */
async function acceptAppCode(db: Executor, userId: string, digits: string, now: Date, confirmed: boolean) {
  const row = await secretRow(db, userId);
  if (!row || (row.confirmedAt !== null) !== confirmed) return false;
  const secret = openSecret(row.secret);
  if (!secret) return false;
  const result = await verify({
    secret,
    token: digits,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastStep === null ? {} : { afterTimeStep: row.lastStep }),
  });
  // A TOTP result always carries its time step (the union type also covers HOTP's).
  if (!result.valid || !("timeStep" in result)) return false;
  const [taken] = await db
    .update(twoFactorSecrets)
    .set({ lastStep: result.timeStep, ...(confirmed ? {} : { confirmedAt: now }) })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, result.timeStep)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return taken !== undefined;
}

async function replaceRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes(randomInt);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: keyedHash(code.replace("-", "")) })));
  return codes;
}

/** Confirms the app with its first code; answers the ten recovery codes, shown once. */
export async function confirmEnrolment(
  db: Database,
  userId: string,
  typed: string,
  now: Date,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }> {
  const code = readTypedCode(typed);
  if (code?.kind !== "app") return { ok: false };
  return db.transaction(async (tx) => {
    if (!(await acceptAppCode(tx, userId, code.digits, now, false))) return { ok: false as const };
    return { ok: true as const, recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/**
 * Checks a second factor typed at sign-in (or to turn it off): a code from the app, once in its window, or an unused
 * recovery code, spent. Answers which one passed, or null.
 */
export async function checkSecondFactor(
  db: Executor,
  userId: string,
  typed: string,
  now: Date,
): Promise<"app" | "recovery" | null> {
  const code = readTypedCode(typed);
  if (!code) return null;
  if (code.kind === "app") return (await acceptAppCode(db, userId, code.digits, now, true)) ? "app" : null;
  if (!(await hasTwoFactor(db, userId))) return null;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, keyedHash(code.code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent ? "recovery" : null;
}

/** Turns two-factor sign-in off once a second factor is typed: the secret and the recovery codes are deleted. */
export async function turnOffTwoFactor(db: Database, userId: string, typed: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await checkSecondFactor(tx, userId, typed, now))) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    return true;
  });
}

/** A new set of recovery codes (the old ones stop working) once a second factor is typed. */
export async function renewRecoveryCodes(
  db: Database,
  userId: string,
  typed: string,
  now: Date,
): Promise<string[] | null> {
  return db.transaction(async (tx) =>
    (await checkSecondFactor(tx, userId, typed, now)) ? replaceRecoveryCodes(tx, userId) : null,
  );
}
