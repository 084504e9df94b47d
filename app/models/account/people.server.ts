/**
 * Every account on the platform as an admin runs it (issue 51): one list of drivers, suppliers, their teams and
 * admins (searched by name, e-mail or phone, filtered by role, in pages), and one page per person with what an admin
 * needs to help them: details, licence on file, their bookings, the browsers signed in, and an edit of the details a
 * person may ask the helpdesk to correct (name, phone, birth date), audited. No page shows a password hash, a token
 * or a two-factor secret: the queries select none of them.
 */
import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { bookings, cars, locations, sessions, supplierStaff, twoFactorSecrets, users } from "#db/schema";
import type { Language, StaffRole, UserRole } from "~/domain/enums";
import { fieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import type { Database, Executor } from "~/utils/db.server";
import { removeStoredUpload } from "~/utils/uploads.server";
import { anyOf, containsPattern } from "~/utils/sql.server";
import { convertMinorUnits } from "~/domain/money";
import { instantToLocalDateTime } from "~/domain/rental-period";
import type { personDetailsSchema } from "./account-forms";
import { accountAuditRecord, PEOPLE_PAGE_SIZE, type PeopleRole } from "./people-roles";

type PersonDetails = z.output<ReturnType<typeof personDetailsSchema>>;

/** How many of a person's bookings their page lists, newest first (the bookings page finds the rest). */
export const PERSON_BOOKINGS_SHOWN = 10;

const employers = alias(users, "employers");

/** What the list and the page both show of an account (with `supplierStaff` and `employers` joined). */
const accountColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  staffRole: supplierStaff.role,
  employer: employers.fullName,
  verified: users.verified,
  suspended: users.blacklisted,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
};

export async function listPeople(db: Executor, query: { text: string; role: PeopleRole; page: number }) {
  const conditions: SQL[] = [];
  if (query.role !== "all") conditions.push(eq(users.role, query.role));
  if (query.text) {
    const pattern = containsPattern(query.text);
    conditions.push(anyOf(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...accountColumns,
        bookings: sql<number>`(select count(*)::int from ${bookings} b where b.driver_id = ${users.id})`,
      })
      .from(users)
      .leftJoin(supplierStaff, eq(supplierStaff.userId, users.id))
      .leftJoin(employers, eq(employers.id, supplierStaff.supplierId))
      .where(where)
      .orderBy(asc(users.email), asc(users.id))
      .limit(PEOPLE_PAGE_SIZE)
      .offset((query.page - 1) * PEOPLE_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { people: rows, total: counted?.total ?? 0 };
}

export interface Person {
  id: string;
  fullName: string;
  email: string;
  role: UserRole;
  staffRole: StaffRole | null;
  employerId: string | null;
  employer: string | null;
  phone: string | null;
  birthDate: string | null;
  language: Language;
  verified: boolean;
  suspended: boolean;
  hasPassword: boolean;
  hasLicence: boolean;
  twoFactor: boolean;
  createdAt: Date;
}

/** One account with what its page shows; null when there is none (or the id is not one). */
export async function findPerson(db: Executor, userId: string): Promise<Person | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const [person] = await db
    .select({
      ...accountColumns,
      employerId: supplierStaff.supplierId,
      phone: users.phone,
      birthDate: users.birthDate,
      language: users.language,
      hasLicence: sql<boolean>`${users.driverLicense} is not null`,
      twoFactor: sql<boolean>`${twoFactorSecrets.confirmedAt} is not null`,
    })
    .from(users)
    .leftJoin(supplierStaff, eq(supplierStaff.userId, users.id))
    .leftJoin(employers, eq(employers.id, supplierStaff.supplierId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, users.id))
    .where(eq(users.id, userId));
  return person ?? null;
}

/**
 * What the person's page lists beside the details: their latest bookings as a driver (with the car), and the
 * browsers signed in to the account now, newest first. A session ended (signed out, expired, suspended) is gone:
 * what is shown is who can act as this person at this moment.
 */
export async function personActivity(db: Executor, userId: string, now = new Date()) {
  const [latestBookings, [bookingCount], signedIn] = await Promise.all([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        from: bookings.startsAt,
        to: bookings.endsAt,
        totalPrice: bookings.totalPrice,
        currency: bookings.displayCurrency,
        rate: bookings.displayRate,
        car: cars.name,
        timeZone: locations.timeZone,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .innerJoin(locations, eq(locations.id, bookings.pickupLocationId))
      .where(eq(bookings.driverId, userId))
      .orderBy(desc(bookings.startsAt), desc(bookings.id))
      .limit(PERSON_BOOKINGS_SHOWN),
    db.select({ total: count() }).from(bookings).where(eq(bookings.driverId, userId)),
    db
      .select({ startedAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now}`))
      .orderBy(desc(sessions.createdAt))
      .limit(20),
  ]);
  return {
    // In the currency the driver booked in, as their receipt says it.
    bookings: latestBookings.map(({ totalPrice, rate, from, to, timeZone, ...booking }) => ({
      ...booking,
      // On the pick-up place's clock, as every booking page shows them.
      from: instantToLocalDateTime(from, timeZone),
      to: instantToLocalDateTime(to, timeZone),
      total: convertMinorUnits(totalPrice, rate),
    })),
    bookingCount: bookingCount?.total ?? 0,
    sessions: signedIn,
  };
}

/** The account's row as an admin's edit audits it, locked for the edit's transaction; undefined: no such account. */
async function lockedAccount(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      birthDate: users.birthDate,
      licence: users.driverLicense,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/**
 * Corrects a person's name, phone and birth date, audited with what changed; false when there is no such account.
 * The e-mail is the sign-in and is changed by its owner (who proves the new address), never here.
 */
export async function savePersonDetails(
  db: Database,
  actor: Actor,
  userId: string,
  details: PersonDetails,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await lockedAccount(tx, userId);
    if (!current) return false;
    const before = { fullName: current.fullName, phone: current.phone, birthDate: current.birthDate };
    // A field left empty clears it.
    const after = { fullName: details.fullName, phone: details.phone ?? null, birthDate: details.birthDate ?? null };
    const changes = fieldChanges(before, after);
    if (!Object.keys(changes).length) return true;
    await tx
      .update(users)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await writeAudit(tx, actor, {
      record: accountAuditRecord(current.role),
      recordId: current.id,
      supplierId: null,
      action: "update",
      label: `${after.fullName} <${current.email}>`,
      changes,
    });
    return true;
  });
}

/**
 * Puts `stored` (a licence file already checked and stored, or null to remove it) on the person's account for an
 * admin, audited: whether one was on file before and what became of it. The replaced file is deleted once the change
 * is committed. False when there is no such account (the caller deletes the file it stored).
 */
export async function replacePersonLicence(
  db: Database,
  actor: Actor,
  userId: string,
  stored: string | null,
): Promise<boolean> {
  const replaced = await db.transaction(async (tx) => {
    const current = await lockedAccount(tx, userId);
    if (!current) return null;
    if (!current.licence && !stored) return { previous: null };
    await tx.update(users).set({ driverLicense: stored, updatedAt: new Date() }).where(eq(users.id, userId));
    const before = current.licence ? "onFile" : "none";
    await writeAudit(tx, actor, {
      record: accountAuditRecord(current.role),
      recordId: current.id,
      supplierId: null,
      action: "update",
      label: `${current.fullName} <${current.email}>`,
      changes: { licence: { from: before, to: stored ? (current.licence ? "replaced" : "onFile") : "none" } },
    });
    return { previous: current.licence };
  });
  if (!replaced) return false;
  if (replaced.previous && replaced.previous !== stored) await removeStoredUpload("license", replaced.previous);
  return true;
}
