/**
 * A supplier's team (decision 044): people with their own sign-in, invited by the supplier's owner, each in one role.
 * Every change is audited under the supplier, naming who made it. A removed member's account is suspended and its
 * sessions end at once; the audit trail and the desk's records keep their name.
 */
import { and, asc, eq } from "drizzle-orm";
import { sessions, supplierStaff, users } from "#db/schema";
import type { Language, StaffRole } from "~/domain/enums";
import { fieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import { sendTeamInvitation } from "~/models/account/account-mails.server";
import type { Database, Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { hasEmail } from "~/models/account/user-email.server";

export interface TeamMember {
  userId: string;
  fullName: string;
  email: string;
  role: StaffRole;
  /** The member chose a password from the invitation. */
  joined: boolean;
  since: Date;
}

export interface TeamSupplier {
  id: string;
  name: string;
}

/** The supplier a team belongs to (a supplier's own account), or null. */
export async function findTeamSupplier(db: Executor, supplierId: string): Promise<TeamSupplier | null> {
  const [supplier] = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.id, supplierId), eq(users.role, "supplier")));
  return supplier ?? null;
}

export async function listTeam(db: Executor, supplierId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: supplierStaff.userId,
      fullName: users.fullName,
      email: users.email,
      role: supplierStaff.role,
      passwordHash: users.passwordHash,
      since: supplierStaff.createdAt,
    })
    .from(supplierStaff)
    .innerJoin(users, eq(users.id, supplierStaff.userId))
    .where(eq(supplierStaff.supplierId, supplierId))
    .orderBy(asc(users.fullName));
  return rows.map(({ passwordHash, ...member }) => ({ ...member, joined: passwordHash !== null }));
}

/** What an invitation says: who invites, to which supplier, as what (the role in the member's language). */
async function invitationWords(supplier: TeamSupplier, actor: Actor, role: StaffRole, language: Language) {
  const t = await getTranslator(language, "manage");
  return { supplier: supplier.name, inviter: actor.fullName, role: t(`teamRoles.${role}`) };
}

export type InviteResult = { ok: true; userId: string } | { ok: false; field: "email"; message: string };

/** A new member: an account of role 'staff' on the supplier's team, and the invitation that sets its password. */
export async function inviteMember(
  db: Database,
  actor: Actor,
  supplier: TeamSupplier,
  input: { fullName: string; email: string; role: StaffRole; language: Language },
  origin: string,
): Promise<InviteResult> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(hasEmail(input.email));
    if (taken) return { ok: false as const, field: "email" as const, message: "manage:validation.emailTaken" };
    const [user] = await tx
      .insert(users)
      .values({ role: "staff", email: input.email, fullName: input.fullName, language: input.language })
      .returning();
    if (!user) throw new Error("member not inserted");
    await tx
      .insert(supplierStaff)
      .values({ userId: user.id, supplierId: supplier.id, role: input.role, invitedBy: actor.fullName });
    await writeAudit(tx, actor, {
      record: "staff",
      recordId: user.id,
      supplierId: supplier.id,
      action: "create",
      label: input.fullName,
      changes: fieldChanges(null, { email: input.email, role: input.role }),
    });
    await sendTeamInvitation(tx, user, origin, await invitationWords(supplier, actor, input.role, user.language));
    return { ok: true as const, userId: user.id };
  });
}

async function memberOf(db: Executor, supplierId: string, userId: string) {
  const [member] = await db
    .select({
      userId: supplierStaff.userId,
      role: supplierStaff.role,
      fullName: users.fullName,
      email: users.email,
      language: users.language,
      passwordHash: users.passwordHash,
    })
    .from(supplierStaff)
    .innerJoin(users, eq(users.id, supplierStaff.userId))
    .where(and(eq(supplierStaff.supplierId, supplierId), eq(supplierStaff.userId, userId)));
  return member ?? null;
}

/** A member's new role; null when no such member of this supplier (another supplier's is answered alike). */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  supplierId: string,
  userId: string,
  role: StaffRole,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, supplierId, userId);
    if (!member) return false;
    if (member.role === role) return true;
    await tx.update(supplierStaff).set({ role }).where(eq(supplierStaff.userId, userId));
    // A role taken away takes effect now: the member signs in again under the new one.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await writeAudit(tx, actor, {
      record: "staff",
      recordId: userId,
      supplierId,
      action: "update",
      label: member.fullName,
      changes: fieldChanges({ role: member.role }, { role }),
    });
    return true;
  });
}

/** Sends the invitation again, with a new link, to a member who has not joined yet. */
export async function resendInvitation(
  db: Database,
  actor: Actor,
  supplier: TeamSupplier,
  userId: string,
  origin: string,
): Promise<"sent" | "joined" | "missing"> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, supplier.id, userId);
    if (!member) return "missing";
    if (member.passwordHash !== null) return "joined";
    const words = await invitationWords(supplier, actor, member.role, member.language);
    await sendTeamInvitation(tx, { id: userId, ...member }, origin, words);
    return "sent";
  });
}

/** Removes a member: off the team, account suspended, every session ended now; their name stays on history. */
export async function removeMember(db: Database, actor: Actor, supplierId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, supplierId, userId);
    if (!member) return false;
    await tx.delete(supplierStaff).where(eq(supplierStaff.userId, userId));
    await tx.update(users).set({ blacklisted: true, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await writeAudit(tx, actor, {
      record: "staff",
      recordId: userId,
      supplierId,
      action: "delete",
      label: member.fullName,
      changes: fieldChanges({ email: member.email, role: member.role }, { email: null, role: null }),
    });
    return true;
  });
}
