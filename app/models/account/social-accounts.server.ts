/**
 * Which account a social sign-in opens (spec §7): the account already linked to the provider's identity; else the
 * account with the same e-mail address, when the provider vouches for that address (then the two are linked);
 * else a new account, already validated. An address the provider has not verified never reaches an existing
 * account — otherwise anyone could claim someone's account by creating a provider profile with their address.
 * The reverse holds too: an account whose address was never validated may have been opened by someone else with
 * the owner's address, so when the provider proves the owner, that account's password and sessions are dropped.
 * Only drivers sign in to the storefront (decision 005): supplier and admin accounts are refused here as well.
 */
import { and, eq } from "drizzle-orm";
import { sessions, userIdentities, users } from "#db/schema";
import { type Language } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import type { SocialIdentity } from "~/utils/social.server";
import { sqlState } from "~/utils/errors.server";
import { insertedRow } from "~/utils/sql.server";
import { hasEmail } from "./user-email.server";

export type SocialAccountResult =
  | { ok: true; userId: string; fullName: string; created: boolean }
  | { ok: false; error: "errors.accountSuspended" | "errors.socialEmailUnverified" | "errors.socialSignInFailed" };

type AccountRow = { id: string; fullName: string; blacklisted: boolean; verified: boolean; role: string };
const accountColumns = {
  id: users.id,
  fullName: users.fullName,
  blacklisted: users.blacklisted,
  verified: users.verified,
  role: users.role,
};

function opened(account: AccountRow, created: boolean): SocialAccountResult {
  if (account.role !== "user") return { ok: false, error: "errors.socialSignInFailed" };
  if (account.blacklisted) return { ok: false, error: "errors.accountSuspended" };
  return { ok: true, userId: account.id, fullName: account.fullName, created };
}

export async function findOrCreateSocialAccount(
  db: Executor,
  identity: SocialIdentity,
  language: Language,
): Promise<SocialAccountResult> {
  const [linked] = await db
    .select(accountColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)));
  if (linked) return opened(linked, false);

  if (!identity.email || !identity.emailVerified) return { ok: false, error: "errors.socialEmailUnverified" };
  const email = identity.email;

  const [existing] = await db.select(accountColumns).from(users).where(hasEmail(email));
  let account: AccountRow;
  let created = false;
  if (existing) {
    account = existing;
    if (existing.role !== "user") return opened(existing, false);
    if (!existing.verified) {
      // The provider proved who owns the address; whoever set this account's password may not be them.
      await db
        .update(users)
        .set({ verified: true, verifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await db.delete(sessions).where(eq(sessions.userId, existing.id));
    }
  } else {
    try {
      account = insertedRow(
        await db
          .insert(users)
          .values({
            role: "user",
            email,
            fullName: identity.name ?? email.split("@")[0] ?? email,
            language,
            verified: true,
            verifiedAt: new Date(),
          })
          .returning(accountColumns),
      );
      created = true;
    } catch (error) {
      // The same address signing up at the same moment: the unique index decides, and we link to the winner.
      if (sqlState(error) !== "23505") throw error;
      return findOrCreateSocialAccount(db, identity, language);
    }
  }
  await db
    .insert(userIdentities)
    .values({ provider: identity.provider, subject: identity.subject, userId: account.id })
    .onConflictDoNothing();
  return opened(account, created);
}
