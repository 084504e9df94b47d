/**
 * "Forgot your password?" for every account (spec §5 and §8 for drivers; issue 50, point 6 for operators): a driver
 * or an operator who has a password gets a reset link; an operator invited who never chose one gets a new invitation
 * (a week), which says what the account is, rather than a reset of a password that does not exist.
 */
import { eq, sql } from "drizzle-orm";
import { supplierStaff, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { sendPasswordResetEmail, sendSupplierInvitation, sendTeamInvitation } from "./account-mails.server";
import { hasEmail } from "./user-email.server";

export type ForgottenPasswordOutcome = "notRegistered" | "resetSent" | "invitationSent";

export async function sendForgottenPasswordLink(
  db: Executor,
  email: string,
  origin: string,
): Promise<ForgottenPasswordOutcome> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      role: users.role,
      blacklisted: users.blacklisted,
      invited: sql<boolean>`${users.passwordHash} is null`,
      team: { role: supplierStaff.role, invitedBy: supplierStaff.invitedBy, supplierId: supplierStaff.supplierId },
    })
    .from(users)
    .leftJoin(supplierStaff, eq(supplierStaff.userId, users.id))
    .where(hasEmail(email));
  if (!account) return "notRegistered";
  if (account.role === "user") {
    await sendPasswordResetEmail(db, account, origin);
    return "resetSent";
  }
  // A suspended operator (a member removed from a team) has nothing to come back to.
  if (account.blacklisted) return "notRegistered";
  if (!account.invited) {
    await sendPasswordResetEmail(db, account, origin);
    return "resetSent";
  }
  if (account.role === "supplier") {
    const t = await getTranslator(account.language, "common");
    await sendSupplierInvitation(db, account, origin, { supplier: account.fullName, inviter: t("meta.siteName") });
    return "invitationSent";
  }
  if (account.role === "staff" && account.team?.supplierId) {
    const [supplier] = await db
      .select({ name: users.fullName })
      .from(users)
      .where(eq(users.id, account.team.supplierId));
    const t = await getTranslator(account.language, "manage");
    await sendTeamInvitation(db, account, origin, {
      supplier: supplier?.name ?? "",
      inviter: account.team.invitedBy,
      role: t(`teamRoles.${account.team.role}`),
    });
    return "invitationSent";
  }
  // An admin is never invited without a password (they are made by the seed or by another admin with one).
  await sendPasswordResetEmail(db, account, origin);
  return "resetSent";
}
