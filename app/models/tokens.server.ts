import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { tokens } from "#db/schema";
import { type TokenPurpose } from "./enums";
import type { Executor } from "~/utils/db.server";

/** Spec §4: validation and reset links expire after one day. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new one-time token for `purpose`; earlier ones of the same purpose stop working. Only its hash is stored. */
export async function issueToken(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(tokens).where(and(eq(tokens.userId, userId), eq(tokens.purpose, purpose)));
  await db
    .insert(tokens)
    .values({ userId, purpose, tokenHash: digest(token), expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS) });
  return token;
}

export type TokenCheck =
  { status: "valid"; userId: string } | { status: "expired"; userId: string } | { status: "invalid" };

/** Uses a token once: a valid one is deleted; an expired one says whose it was (to offer a new link). */
export async function redeemToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenCheck> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: "invalid" };
  const [row] = await db
    .delete(tokens)
    .where(and(eq(tokens.tokenHash, digest(token)), eq(tokens.purpose, purpose)))
    .returning();
  if (!row) return { status: "invalid" };
  return row.expiresAt.getTime() > now.getTime()
    ? { status: "valid", userId: row.userId }
    : { status: "expired", userId: row.userId };
}

/** Looks a token up without using it (a page showing the form the token will be used with). */
export async function checkToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenCheck> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: "invalid" };
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.tokenHash, digest(token)), eq(tokens.purpose, purpose)));
  if (!row) return { status: "invalid" };
  return row.expiresAt.getTime() > now.getTime()
    ? { status: "valid", userId: row.userId }
    : { status: "expired", userId: row.userId };
}
