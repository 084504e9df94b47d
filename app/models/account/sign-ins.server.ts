/**
 * An account's sign-in history (issue 51): every session begun and every attempt refused at the password or the
 * code, kept after the session ends, for the account's owner (their settings) and the admins (the person's page).
 * The browser is named as the sessions list names it; no network address is kept.
 */
import { desc, eq, lt } from "drizzle-orm";
import { signIns } from "#db/schema";
import type { SignInMethod, SignInOutcome } from "~/domain/enums";
import { describeBrowser } from "~/domain/user-agent";
import type { Executor } from "~/utils/db.server";

/** How long the history is kept: long enough to look back on a quarter's sign-ins, no longer. */
export const SIGN_IN_HISTORY_DAYS = 90;
/** The latest sign-ins a page shows. */
export const SIGN_INS_SHOWN = 20;

export interface SignInListing {
  at: Date;
  method: SignInMethod;
  outcome: SignInOutcome;
  browser: string | null;
}

/** Notes a sign-in of `userId` from the browser that sent `request`. */
export async function recordSignIn(
  db: Executor,
  request: Request,
  userId: string,
  method: SignInMethod,
  outcome: SignInOutcome,
  at = new Date(),
): Promise<void> {
  await db
    .insert(signIns)
    .values({ userId, method, outcome, at, browser: describeBrowser(request.headers.get("User-Agent")) });
}

/** The account's latest sign-ins, newest first. */
export async function signInHistory(db: Executor, userId: string, limit = SIGN_INS_SHOWN): Promise<SignInListing[]> {
  return db
    .select({ at: signIns.at, method: signIns.method, outcome: signIns.outcome, browser: signIns.browser })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.at))
    .limit(limit);
}

/** Forgets sign-ins older than the history keeps (the hourly maintenance); answers how many. */
export async function purgeOldSignIns(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SIGN_IN_HISTORY_DAYS * 86_400_000);
  const purged = await db.delete(signIns).where(lt(signIns.at, before)).returning({ id: signIns.id });
  return purged.length;
}
