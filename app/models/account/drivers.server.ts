/**
 * Drivers' accounts as an admin runs them (decision 027): the list with a search, suspension (every session ends at
 * once; sign-in then says the account is suspended, spec §8) and reinstatement, and the activation or validation link
 * sent again. No operator page shows a password hash, a token or a licence file: the list selects none of them.
 */
import { and, asc, count, eq, ilike, sql, type SQL } from "drizzle-orm";
import { bookings, sessions, users } from "#db/schema";
import type { Database, Executor } from "~/utils/db.server";
import { sendActivationEmail, sendValidationEmail } from "~/models/account/account-mails.server";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import { anyOf, containsPattern } from "~/utils/sql.server";
import { toComeAt } from "~/models/booking/bookings-to-come.server";

export const DRIVERS_PAGE_SIZE = 30;

export async function listDrivers(db: Executor, query: { text: string; page: number }) {
  const conditions: SQL[] = [eq(users.role, "user")];
  if (query.text) {
    const pattern = containsPattern(query.text);
    conditions.push(anyOf(ilike(users.fullName, pattern), ilike(users.email, pattern)));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        verified: users.verified,
        suspended: users.blacklisted,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        createdAt: users.createdAt,
        // Qualified by hand: in a query without joins drizzle writes `${users.id}` as a bare "id", which inside this
        // subquery named the booking's own id (every driver counted 0).
        bookings: sql<number>`(select count(*)::int from ${bookings} b where b.driver_id = "users"."id")`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.email), asc(users.id))
      .limit(DRIVERS_PAGE_SIZE)
      .offset((query.page - 1) * DRIVERS_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { drivers: rows, total: counted?.total ?? 0 };
}

async function findDriver(db: Executor, driverId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(driverId)) return null;
  const [driver] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      verified: users.verified,
      blacklisted: users.blacklisted,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(eq(users.id, driverId), eq(users.role, "user")));
  return driver ?? null;
}

/**
 * What suspending a driver does, said before it is done (issue 50: nothing destructive in one click): the browsers
 * signed in that it signs out, and the bookings still to come, which it leaves as they are. Null: no such driver.
 */
export async function suspensionPreview(db: Executor, driverId: string, now = new Date()) {
  const driver = await findDriver(db, driverId);
  if (!driver) return null;
  const [[signedIn], [toCome]] = await Promise.all([
    db.select({ total: count() }).from(sessions).where(eq(sessions.userId, driver.id)),
    db
      .select({ total: count() })
      .from(bookings)
      .where(and(eq(bookings.driverId, driver.id), toComeAt(now))),
  ]);
  return {
    id: driver.id,
    fullName: driver.fullName,
    email: driver.email,
    suspended: driver.blacklisted,
    sessions: signedIn?.total ?? 0,
    bookingsToCome: toCome?.total ?? 0,
  };
}

/** Suspends (or reinstates) a driver; a suspension ends every session of the account at once. False: no such driver. */
export async function setSuspended(db: Database, actor: Actor, driverId: string, suspended: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const driver = await findDriver(tx, driverId);
    if (!driver) return false;
    if (driver.blacklisted === suspended) return true;
    await tx.update(users).set({ blacklisted: suspended, updatedAt: new Date() }).where(eq(users.id, driver.id));
    if (suspended) await tx.delete(sessions).where(eq(sessions.userId, driver.id));
    await writeAudit(tx, actor, {
      record: "driver",
      recordId: driver.id,
      supplierId: null,
      action: "update",
      label: `${driver.fullName} <${driver.email}>`,
      changes: { suspended: { from: driver.blacklisted, to: suspended } },
    });
    return true;
  });
}

/**
 * Sends a driver the link they still need: activation (an account made at checkout sets its first password) or
 * e-mail validation. "none" when the account needs neither; null when there is no such driver.
 */
export async function resendLink(
  db: Database,
  actor: Actor,
  driverId: string,
  origin: string,
): Promise<"activation" | "validation" | "none" | null> {
  return db.transaction(async (tx) => {
    const driver = await findDriver(tx, driverId);
    if (!driver) return null;
    const link = !driver.hasPassword ? "activation" : !driver.verified ? "validation" : "none";
    if (link === "none") return link;
    // The link and its mail are queued with the audit row, in one transaction.
    if (link === "activation") await sendActivationEmail(tx, driver, origin);
    else await sendValidationEmail(tx, driver, origin);
    await writeAudit(tx, actor, {
      record: "driver",
      recordId: driver.id,
      supplierId: null,
      action: "update",
      label: `${driver.fullName} <${driver.email}>`,
      changes: { linkSent: { from: null, to: link } },
    });
    return link;
  });
}
