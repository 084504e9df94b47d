import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { tokens } from "#db/schema";
import { type TokenPurpose } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";

/** Spec §4: validation and reset links expire after one day. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An operator's invitation (a supplier's account, a team member) waits a week: it may arrive on a day off. */
export const INVITATION_LIFETIME_MS = 7 * TOKEN_LIFETIME_MS;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** A booking link (decision 023) is good for an hour: it is asked for to be used at once, on this device. */
export const BOOKING_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A new one-time token for `purpose`; earlier ones of the same purpose (and booking) stop working. Only its hash
 * is stored.
 */
export async function issueToken(
  db: Executor,
  userId: string,
  purpose: Exclude<TokenPurpose, "bookingAccess">,
  now = new Date(),
  lifetimeMs = TOKEN_LIFETIME_MS,
): Promise<string> {
  return insertToken(db, { userId, purpose, bookingId: null }, now.getTime() + lifetimeMs);
}

/** A one-time link that opens one booking on the browser that follows it (decision 023). */
export function issueBookingAccessToken(db: Executor, booking: { id: string; driverId: string }, now = new Date()) {
  return insertToken(
    db,
    { userId: booking.driverId, purpose: "bookingAccess", bookingId: booking.id },
    now.getTime() + BOOKING_LINK_LIFETIME_MS,
  );
}

async function insertToken(
  db: Executor,
  owner: { userId: string; purpose: TokenPurpose; bookingId: string | null },
  expiresAt: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(tokens)
    .where(
      and(
        eq(tokens.userId, owner.userId),
        eq(tokens.purpose, owner.purpose),
        owner.bookingId ? eq(tokens.bookingId, owner.bookingId) : undefined,
      ),
    );
  await db.insert(tokens).values({ ...owner, tokenHash: digest(token), expiresAt: new Date(expiresAt) });
  return token;
}

export type TokenCheck =
  | { status: "valid"; userId: string; bookingId: string | null }
  | { status: "expired"; userId: string }
  | { status: "invalid" };

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
    ? { status: "valid", userId: row.userId, bookingId: row.bookingId }
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
    ? { status: "valid", userId: row.userId, bookingId: row.bookingId }
    : { status: "expired", userId: row.userId };
}
