/**
 * An account's sessions as their owner sees them (decision 043): which browsers are signed in, since when, last used
 * when; and the way to end every one but this. Session ids never leave the server: the page marks this browser's.
 */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { sessions } from "#db/schema";
import type { Executor } from "~/utils/db.server";

export interface SessionListing {
  current: boolean;
  browser: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  staysConnected: boolean;
}

export async function listSessions(
  db: Executor,
  userId: string,
  currentId: string | null,
  now = new Date(),
): Promise<SessionListing[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
  return rows.map((row) => {
    const data = row.data as { seenAt?: unknown; browser?: unknown; stayConnected?: unknown };
    return {
      current: row.id === currentId,
      browser: typeof data.browser === "string" ? data.browser : null,
      signedInAt: row.createdAt,
      lastSeenAt: typeof data.seenAt === "number" ? new Date(data.seenAt) : row.createdAt,
      staysConnected: data.stayConnected === true,
    };
  });
}

/** Signs the account out everywhere but this browser; answers how many sessions ended. */
export async function endOtherSessions(db: Executor, userId: string, currentId: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(currentId ? and(eq(sessions.userId, userId), ne(sessions.id, currentId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}
