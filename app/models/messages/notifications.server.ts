/**
 * A user's notifications: the text is a translation key with parameters, rendered in the reader's language. Every
 * query is scoped to the signed-in user's id, so another user's notification id is simply not found.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { notifications } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { isUuid } from "~/domain/ids";

/**
 * Records one notification for a user (about a booking, or none), in the caller's transaction: the one place a
 * notification row is written. Returns its id, for its e-mail copy (`queueNotificationEmails`).
 */
export async function notify(db: Executor, note: typeof notifications.$inferInsert): Promise<string> {
  const [row] = await db.insert(notifications).values(note).returning({ id: notifications.id });
  if (!row) throw new Error("a notification insert returned no row");
  return row.id;
}

/** Spec §9: page size 30. */
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NOTIFICATION_ACTIONS = ["read", "unread", "delete", "open"] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export async function listNotifications(db: Executor, userId: string, page: number) {
  const mine = eq(notifications.userId, userId);
  const [[totals], [unread], rows] = await Promise.all([
    db.select({ value: count() }).from(notifications).where(mine),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(mine, eq(notifications.isRead, false))),
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE)
      .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
  ]);
  const total = totals?.value ?? 0;
  return {
    total,
    unread: unread?.value ?? 0,
    pages: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE)),
    rows: rows.map((row) => ({
      id: row.id,
      messageKey: row.messageKey,
      params: row.messageParams,
      isRead: row.isRead,
      bookingId: row.bookingId,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

const validIds = (ids: string[]) => [...new Set(ids)].filter(isUuid).slice(0, 60);

/** The user's own notifications among `ids` (for a confirmation page). */
export async function ownNotifications(db: Executor, userId: string, ids: string[]) {
  const wanted = validIds(ids);
  if (!wanted.length) return [];
  return db
    .select({
      id: notifications.id,
      messageKey: notifications.messageKey,
      params: notifications.messageParams,
      bookingId: notifications.bookingId,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, wanted)));
}

/** Marks read or unread, or deletes, the user's own notifications among `ids`; says how many it changed. */
export async function applyNotificationAction(
  db: Executor,
  userId: string,
  ids: string[],
  action: Exclude<NotificationAction, "open">,
): Promise<number> {
  const wanted = validIds(ids);
  if (!wanted.length) return 0;
  const mine = and(eq(notifications.userId, userId), inArray(notifications.id, wanted));
  const changed =
    action === "delete"
      ? await db.delete(notifications).where(mine).returning({ id: notifications.id })
      : await db
          .update(notifications)
          .set({ isRead: action === "read" })
          .where(mine)
          .returning({ id: notifications.id });
  return changed.length;
}
