import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { eq, lt } from "drizzle-orm";
import { sessions } from "#db/schema";
import { getDb } from "./db.server";
import { cookiesAreSecure, getEnv } from "./env.server";

/** How long a browser-session ('stay connected' off) session lives on the server without use. */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24;

/**
 * `stayConnected`: the session outlives the browser (its cookie has a max age); a renewed session keeps it.
 * `seenAt`: its last use (ms), noted at most once a minute; `browser`: the browser that signed in, as its owner
 * would name it (their list of sessions shows both, decision 043).
 */
export type SessionData = { userId: string; stayConnected?: boolean; seenAt?: number; browser?: string | null };

/** How often a session's last use is written: a write per page would cost more than it tells. */
const SEEN_EVERY_MS = 60_000;

const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookiesAreSecure(),
  secrets: [getEnv().SESSION_SECRET],
  // No maxAge: the cookie ends with the browser session unless commitSession is given one ('stay connected').
});

/**
 * Sessions live in the database and the signed cookie carries only a random id, so any app instance can
 * serve any request, sign-out really ends the session, and the id is renewed at sign-in.
 */
export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const db = await getDb();
    const id = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({
      id,
      userId: typeof data.userId === "string" ? data.userId : null,
      data,
      expiresAt: expires ?? new Date(Date.now() + SESSION_IDLE_SECONDS * 1000),
    });
    return id;
  },
  async readData(id) {
    const db = await getDb();
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    if (!row) return null;
    if (row.expiresAt.getTime() <= Date.now()) {
      await db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    return row.data as Partial<SessionData>;
  },
  async updateData(id, data, expires) {
    const db = await getDb();
    await db
      .update(sessions)
      .set({
        data,
        userId: typeof data.userId === "string" ? data.userId : null,
        expiresAt: expires ?? new Date(Date.now() + SESSION_IDLE_SECONDS * 1000),
      })
      .where(eq(sessions.id, id));
  },
  async deleteData(id) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, id));
  },
});

export type AppSession = Session<SessionData>;

/** The request's session, read from the database only when the browser sent a session cookie. */
export async function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The request's session, read from the database only when the browser sent a session cookie; null otherwise. */
export async function readSession(request: Request): Promise<AppSession | null> {
  if (!request.headers.get("Cookie")?.includes("__session=")) return null;
  return getSession(request);
}

/**
 * Ends `session` (the request's, already read) when it went unused longer than `idleMs` (operators' sessions,
 * decision 043), else notes this use. Answers whether the session lives on.
 */
export async function keepSessionAlive(session: AppSession, idleMs: number, now = Date.now()): Promise<boolean> {
  if (!session.id) return false;
  const seenAt = session.get("seenAt");
  if (typeof seenAt === "number" && now - seenAt > idleMs) {
    await sessionStorage.destroySession(session);
    return false;
  }
  if (typeof seenAt !== "number" || now - seenAt > SEEN_EVERY_MS) {
    const db = await getDb();
    await db
      .update(sessions)
      .set({ data: { ...session.data, seenAt: now } })
      .where(eq(sessions.id, session.id));
  }
  return true;
}

/** The id of the request's own session (to mark "this browser" in a list of sessions), if it has one. */
export async function currentSessionId(request: Request): Promise<string | null> {
  return (await getSession(request)).id || null;
}

/** Removes sessions past their expiry; run at start-up and periodically. */
export async function purgeExpiredSessions(): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
