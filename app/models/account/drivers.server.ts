/**
 * Accounts as an admin runs them (decision 027, issue 51): suspension (every session ends at once; sign-in then says
 * the account is suspended, spec §8) and reinstatement, and a driver's activation or validation link sent again. The
 * list and each person's page read people.server.ts.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { bookings, sessions, users } from "#db/schema";
import type { Database, Executor } from "~/utils/db.server";
import { sendActivationEmail, sendValidationEmail } from "~/models/account/account-mails.server";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import { accountAuditRecord } from "./people-roles";
import { toComeAt } from "~/models/booking/bookings-to-come.server";

/**
 * An account suspended, reinstated or sent its link from the people's pages: a driver, a supplier's team member or an
 * admin. A supplier's own account is suspended from its supplier page, which also says what happens to its fleet.
 */
async function findDriver(db: Executor, driverId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(driverId)) return null;
  const [driver] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      verified: users.verified,
      blacklisted: users.blacklisted,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(eq(users.id, driverId), inArray(users.role, ["user", "staff", "admin"])));
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
      record: accountAuditRecord(driver.role),
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
    // A team member's or an admin's first link is their invitation, sent again from the team's page.
    if (driver.role !== "user") return "none";
    const link = !driver.hasPassword ? "activation" : !driver.verified ? "validation" : "none";
    if (link === "none") return link;
    // The link and its mail are queued with the audit row, in one transaction.
    if (link === "activation") await sendActivationEmail(tx, driver, origin);
    else await sendValidationEmail(tx, driver, origin);
    await writeAudit(tx, actor, {
      record: accountAuditRecord(driver.role),
      recordId: driver.id,
      supplierId: null,
      action: "update",
      label: `${driver.fullName} <${driver.email}>`,
      changes: { linkSent: { from: null, to: link } },
    });
    return link;
  });
}
