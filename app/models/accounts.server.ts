import { and, count, eq } from "drizzle-orm";
import { notifications, users, type Currency, type Language } from "#db/schema";
import type { Executor } from "~/utils/db.server";

/** What every page needs to know about the signed-in user. */
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  role: "admin" | "supplier" | "user";
  language: Language;
  currency: Currency | null;
  verified: boolean;
  unreadNotifications: number;
}

/** The signed-in user behind a session, or null when the account is gone or suspended. */
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
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.blacklisted) return null;
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  const { blacklisted: _blacklisted, ...user } = row;
  return { ...user, unreadNotifications: unread?.value ?? 0 };
}

export async function updateUserLanguage(db: Executor, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateUserCurrency(db: Executor, userId: string, currency: Currency): Promise<void> {
  await db.update(users).set({ currency, updatedAt: new Date() }).where(eq(users.id, userId));
}
