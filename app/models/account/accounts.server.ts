import { insertedRow } from "~/utils/sql.server";
import { and, count, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notifications, sessions, supplierStaff, tokens, users } from "#db/schema";
import { type Currency, type Language, type StaffRole, type UserRole } from "~/domain/enums";
import type { Database, Executor } from "~/utils/db.server";
import { sqlState } from "~/utils/errors.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { checkToken, issueToken, redeemToken, type TokenCheck } from "./tokens.server";
import { hasEmail } from "./user-email.server";

/** What every page needs to know about the signed-in user. */
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  role: UserRole;
  /** A supplier's own account or a member of its team (decision 044): the supplier they act for, and their role. */
  supplierId: string | null;
  staffRole: StaffRole | null;
  language: Language;
  currency: Currency | null;
  verified: boolean;
  unreadNotifications: number;
}

/** Whether a supplier (a team's employer) is suspended: its whole team is then (issue 51). */
/** A team's employer (a supplier's account), joined beside the member's own row. */
const employers = alias(users, "employers");

/** Whether a team member's supplier is suspended: its whole team is then (issue 51). One joined read. */
async function teamOfSuspendedSupplier(db: Executor, staffId: string): Promise<boolean> {
  const [membership] = await db
    .select({ suspended: employers.blacklisted })
    .from(supplierStaff)
    .innerJoin(employers, eq(employers.id, supplierStaff.supplierId))
    .where(eq(supplierStaff.userId, staffId));
  return membership?.suspended ?? false;
}

/** The signed-in user behind a session, or null when the account is gone or suspended (or its employer is). */
export async function findSessionUser(db: Executor, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      language: users.language,
      currency: users.currency,
      verified: users.verified,
      blacklisted: users.blacklisted,
      employer: supplierStaff.supplierId,
      staffRole: supplierStaff.role,
      employerSuspended: employers.blacklisted,
    })
    .from(users)
    .leftJoin(supplierStaff, eq(supplierStaff.userId, users.id))
    .leftJoin(employers, eq(employers.id, supplierStaff.supplierId))
    .where(eq(users.id, userId));
  if (!row || row.blacklisted) return null;
  // A team member of a suspended supplier is signed out with it (issue 51).
  if (row.employerSuspended) return null;
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  const { blacklisted: _blacklisted, employerSuspended: _suspended, employer, staffRole, ...user } = row;
  const team =
    row.role === "supplier"
      ? { supplierId: row.id, staffRole: "owner" as const }
      : { supplierId: employer, staffRole: employer ? staffRole : null };
  return { ...user, ...team, unreadNotifications: unread?.value ?? 0 };
}

export async function updateUserLanguage(db: Executor, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateUserCurrency(db: Executor, userId: string, currency: Currency): Promise<void> {
  await db.update(users).set({ currency, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type CredentialsCheck =
  | { ok: true; userId: string; fullName: string; language: Language; role: UserRole }
  // `accountId`: the account the address names, when there is one (its sign-in history notes the refusal).
  | { ok: false; error: "errors.incorrectCredentials" | "errors.accountSuspended"; accountId?: string };

// Verified against when the address is unknown, so a wrong address takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Spec §6, §8: 'Incorrect email or password', or 'Your account is suspended.' for a suspended account. */
export async function verifyCredentials(db: Executor, email: string, password: string): Promise<CredentialsCheck> {
  const [user] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      language: users.language,
      passwordHash: users.passwordHash,
      blacklisted: users.blacklisted,
      role: users.role,
    })
    .from(users)
    .where(hasEmail(email));
  // Drivers, suppliers and admins sign in at the same form (decision 027); an account without a password (a supplier
  // not yet invited, an account made at checkout) cannot.
  if (!user || !user.passwordHash) {
    // Refused as busy, the decoy is made again by the next sign-in rather than kept as a failure.
    decoyHash ??= hashPassword("decoy password that matches nothing").catch((error: unknown) => {
      decoyHash = undefined;
      throw error;
    });
    await verifyPassword(password, await decoyHash);
    return { ok: false, error: "errors.incorrectCredentials" };
  }
  if (!(await verifyPassword(password, user.passwordHash)))
    return { ok: false, error: "errors.incorrectCredentials", accountId: user.id };
  if (user.blacklisted) return { ok: false, error: "errors.accountSuspended", accountId: user.id };
  if (user.role === "staff" && (await teamOfSuspendedSupplier(db, user.id)))
    return { ok: false, error: "errors.accountSuspended", accountId: user.id };
  return { ok: true, userId: user.id, fullName: user.fullName, language: user.language, role: user.role };
}

export interface NewDriver {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  password: string;
  language: Language;
}

/** A new driver account (role 'user', not verified); without a password for an account made at checkout. */
export async function insertDriver(
  db: Executor,
  driver: Omit<NewDriver, "password"> & { passwordHash: string | null; driverLicense?: string | null },
): Promise<string> {
  const created = insertedRow(
    await db
      .insert(users)
      .values({ role: "user", ...driver })
      .returning({ id: users.id }),
  );
  return created.id;
}

/**
 * A new driver account and its e-mail validation token, written in one transaction: a failure leaves neither, so no
 * account exists whose link was never issued. Spec §8: 'This email address is already registered.' when the address
 * (any case) is taken. The token is returned for the caller to mail once the transaction has committed.
 */
export async function createDriverAccount(
  db: Database,
  driver: NewDriver,
  /** Queues the validation link in the account's own transaction (mail-outbox.server.ts). */
  mailLink: (tx: Executor, userId: string, validationToken: string) => Promise<unknown>,
): Promise<{ ok: true; userId: string } | { ok: false; error: "errors.emailAlreadyRegistered" }> {
  const { password, ...details } = driver;
  // Hashed before the transaction: it takes a quarter of a second that no open transaction should wait for.
  const passwordHash = await hashPassword(password);
  const taken = { ok: false, error: "errors.emailAlreadyRegistered" } as const;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(hasEmail(driver.email));
      if (existing) return taken;
      const userId = await insertDriver(tx, { ...details, passwordHash });
      await mailLink(tx, userId, await issueToken(tx, userId, "emailValidation"));
      return { ok: true as const, userId };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (sqlState(error) === "23505") return taken;
    throw error;
  }
}

export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ verified: true, verifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findUserContact(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      verified: users.verified,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Sets a new password and ends every session of the account (a reset may follow a stolen password), and
 * revokes its outstanding reset and activation links: an old reset mail must not undo the change.
 */
export async function setPassword(db: Executor, userId: string, password: string): Promise<void> {
  await storePasswordHash(db, userId, await hashPassword(password));
}

async function storePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db
    .delete(tokens)
    .where(and(eq(tokens.userId, userId), inArray(tokens.purpose, ["passwordReset", "activation"])));
}

/**
 * A password chosen through a one-time link (reset, or activation of an account made at checkout): the link is
 * used up only together with saving the password — one transaction — so a failure leaves it usable. Following
 * the link proved the address, so it is validated too.
 */
export async function setPasswordWithLink(
  db: Database,
  token: string,
  purpose: "passwordReset" | "activation",
  password: string,
): Promise<TokenCheck> {
  const check = await checkToken(db, token, purpose);
  if (check.status !== "valid") return check;
  // Hashed before the transaction: it takes a quarter of a second that no lock should wait for.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const redeemed = await redeemToken(tx, token, purpose);
    if (redeemed.status !== "valid") return redeemed;
    await storePasswordHash(tx, redeemed.userId, passwordHash);
    await markEmailVerified(tx, redeemed.userId);
    return redeemed;
  });
}

export type PasswordCheck = "ok" | "validation.wrongPassword" | "validation.required";

/** For a password change: the current password must match, unless the account has none yet (social sign-in). */
export async function checkCurrentPassword(
  db: Executor,
  userId: string,
  currentPassword: string | undefined,
): Promise<PasswordCheck> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row?.passwordHash) return "ok";
  if (!currentPassword) return "validation.required";
  return (await verifyPassword(currentPassword, row.passwordHash)) ? "ok" : "validation.wrongPassword";
}

export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.passwordHash);
}
