/**
 * Operators told (issue 51): a supplier's staff and the admins choose, each for themselves, to be mailed about new
 * bookings, changes a driver made, drivers' cancellations and (admins) reviews waiting for moderation. The events are
 * the notifications the supplier's account already receives and the reviews table; a digest gathers what happened
 * since the person's last one, at most one per quarter-hour, through the outbox. The choices' rows are the queue:
 * each is claimed with FOR UPDATE SKIP LOCKED, so any number of app instances send each digest once.
 */
import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notifications, operatorMailChoices, reviews, supplierStaff, users } from "#db/schema";
import { OPERATOR_MAIL_KINDS, type OperatorMailKind } from "~/domain/enums";
import { teamPlace, type Operator } from "~/models/access/operator-access";
import type { Database, Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";
import { startWorkerLoop, type WorkerLoop } from "~/utils/worker-loop.server";

/** At most one digest per person in this time. */
export const DIGEST_INTERVAL_MS = 15 * 60_000;
/**
 * Events younger than this wait for the next digest: a row is stamped when its transaction starts, so one committed a
 * moment after a digest read could carry an earlier time. Statements time out long before a minute.
 */
export const DIGEST_SETTLING_MS = 60_000;
/** The events a digest names one by one; the rest are counted. */
export const DIGEST_LINES = 20;

/** The supplier notifications each kind of mail is made of. */
const NOTIFICATION_KEYS: Record<Exclude<OperatorMailKind, "reviewWaiting">, readonly string[]> = {
  newBooking: ["notifications.newBooking"],
  changeByDriver: ["notifications.bookingAmended"],
  cancellation: ["notifications.cancelledByDriver", "notifications.cancellationRequested"],
};

/** What an operator may choose: a supplier's team its supplier's booking news; an admin everything. */
export function mailKindsFor(operator: Operator): readonly OperatorMailKind[] {
  if (operator.role === "admin") return OPERATOR_MAIL_KINDS;
  return teamPlace(operator) ? OPERATOR_MAIL_KINDS.filter((kind) => kind !== "reviewWaiting") : [];
}

export async function mailChoicesOf(db: Executor, userId: string): Promise<OperatorMailKind[]> {
  const [row] = await db
    .select({ kinds: operatorMailChoices.kinds })
    .from(operatorMailChoices)
    .where(eq(operatorMailChoices.userId, userId));
  return row?.kinds ?? [];
}

/**
 * Saves what the operator chose (kinds they may not choose are dropped). Choosing after choosing nothing starts from
 * now: nobody is mailed the backlog of the weeks before.
 */
export async function saveMailChoices(db: Executor, operator: Operator, chosen: readonly string[]): Promise<void> {
  const allowed = mailKindsFor(operator);
  const kinds = allowed.filter((kind) => chosen.includes(kind));
  await db
    .insert(operatorMailChoices)
    .values({ userId: operator.id, kinds })
    .onConflictDoUpdate({
      target: operatorMailChoices.userId,
      set: {
        kinds,
        since: sql`case when cardinality(${operatorMailChoices.kinds}) = 0 then now() else ${operatorMailChoices.since} end`,
      },
    });
}

interface DigestLine {
  text: string;
  url: string;
}

const suppliers = alias(users, "suppliers");

/** The events of `kinds` in (from, to] for the scope: one supplier's, or every supplier's (null). */
async function digestEvents(
  db: Executor,
  scope: { supplierId: string | null },
  kinds: readonly OperatorMailKind[],
  window: { from: Date; to: Date },
): Promise<{
  total: number;
  rows: Array<{
    messageKey: string;
    params: Record<string, string | number>;
    bookingId: string | null;
    supplier: string;
    at: Date;
  }>;
}> {
  const keys = kinds.flatMap((kind) => (kind === "reviewWaiting" ? [] : NOTIFICATION_KEYS[kind]));
  const inWindow = (column: typeof notifications.createdAt | typeof reviews.createdAt) =>
    and(gt(column, window.from), lte(column, window.to));
  const parts: Array<Promise<{ total: number; rows: Awaited<ReturnType<typeof digestEvents>>["rows"] }>> = [];
  if (keys.length) {
    const where: SQL | undefined = and(
      inArray(notifications.messageKey, keys),
      inWindow(notifications.createdAt),
      scope.supplierId ? eq(notifications.userId, scope.supplierId) : eq(suppliers.role, "supplier"),
    );
    parts.push(
      Promise.all([
        db
          .select({
            messageKey: notifications.messageKey,
            params: notifications.messageParams,
            bookingId: notifications.bookingId,
            supplier: suppliers.fullName,
            at: notifications.createdAt,
          })
          .from(notifications)
          .innerJoin(suppliers, eq(suppliers.id, notifications.userId))
          .where(where)
          .orderBy(asc(notifications.createdAt), asc(notifications.id))
          .limit(DIGEST_LINES),
        db
          .select({ total: count() })
          .from(notifications)
          .innerJoin(suppliers, eq(suppliers.id, notifications.userId))
          .where(where),
      ]).then(([rows, [counted]]) => ({ rows, total: counted?.total ?? 0 })),
    );
  }
  if (kinds.includes("reviewWaiting") && !scope.supplierId) {
    const where = and(eq(reviews.status, "pending"), inWindow(reviews.createdAt));
    parts.push(
      Promise.all([
        db
          .select({ supplier: suppliers.fullName, at: reviews.createdAt })
          .from(reviews)
          .innerJoin(suppliers, eq(suppliers.id, reviews.supplierId))
          .where(where)
          .orderBy(asc(reviews.createdAt), asc(reviews.bookingId))
          .limit(DIGEST_LINES),
        db.select({ total: count() }).from(reviews).where(where),
      ]).then(([rows, [counted]]) => ({
        total: counted?.total ?? 0,
        rows: rows.map((row) => ({
          messageKey: "notifications.reviewWaiting",
          params: { supplier: row.supplier },
          bookingId: null,
          supplier: row.supplier,
          at: row.at,
        })),
      })),
    );
  }
  const found = await Promise.all(parts);
  return {
    total: found.reduce((sum, part) => sum + part.total, 0),
    rows: found
      .flatMap((part) => part.rows)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(0, DIGEST_LINES),
  };
}

/** The person a digest is for, with the supplier they work for (null for an admin); null when none is due them. */
async function digestReader(db: Executor, userId: string) {
  const [reader] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      blacklisted: users.blacklisted,
      supplierId: supplierStaff.supplierId,
      staffRole: supplierStaff.role,
    })
    .from(users)
    .leftJoin(supplierStaff, eq(supplierStaff.userId, users.id))
    .where(eq(users.id, userId));
  if (!reader || reader.blacklisted) return null;
  if (reader.role === "admin") return { ...reader, scope: { supplierId: null } };
  const place = teamPlace(reader);
  return place ? { ...reader, scope: { supplierId: place.supplierId } } : null;
}

/** Queues one person's digest when one is due and something happened; answers whether a mail was queued. */
async function sendDigest(db: Database, userId: string, now: Date, origin: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const due = or(
      isNull(operatorMailChoices.lastSentAt),
      lte(operatorMailChoices.lastSentAt, new Date(now.getTime() - DIGEST_INTERVAL_MS)),
    );
    const [choice] = await tx
      .select()
      .from(operatorMailChoices)
      .where(and(eq(operatorMailChoices.userId, userId), due))
      .for("update", { skipLocked: true });
    if (!choice) return false;
    const until = new Date(now.getTime() - DIGEST_SETTLING_MS);
    if (until <= choice.since) return false;
    const reader = await digestReader(tx, userId);
    const kinds = reader ? mailKindsFor(reader).filter((kind) => choice.kinds.includes(kind)) : [];
    const events =
      reader && kinds.length ? await digestEvents(tx, reader.scope, kinds, { from: choice.since, to: until }) : null;
    if (reader && events && events.total > 0) {
      await queueMail(tx, await digestMail(reader, events, origin));
      await tx
        .update(operatorMailChoices)
        .set({ since: until, lastSentAt: now })
        .where(eq(operatorMailChoices.userId, userId));
      return true;
    }
    // Nothing to tell (or nobody to tell any more): the events read are behind them all the same.
    await tx.update(operatorMailChoices).set({ since: until }).where(eq(operatorMailChoices.userId, userId));
    return false;
  });
}

async function digestMail(
  reader: NonNullable<Awaited<ReturnType<typeof digestReader>>>,
  events: Awaited<ReturnType<typeof digestEvents>>,
  origin: string,
) {
  const t = await getTranslator(reader.language, "mail");
  const common = await getTranslator(reader.language, "common");
  const lines: DigestLine[] = events.rows.map((row) => ({
    text: common(row.messageKey, row.params),
    url: row.bookingId ? `${origin}/manage/bookings/${row.bookingId}` : `${origin}/manage/reviews`,
  }));
  const more = events.total - lines.length;
  const where = reader.scope.supplierId ? (events.rows[0]?.supplier ?? "") : t("operatorDigest.platform");
  return composeMail({
    to: reader.email,
    language: reader.language,
    subject: t("operatorDigest.subject", { count: events.total, where }),
    greeting: t("greeting", { name: reader.fullName }),
    paragraphs: [
      t("operatorDigest.intro", { count: events.total, where }),
      ...lines.map((line) => t("operatorDigest.line", { text: line.text, url: line.url })),
      ...(more > 0 ? [t("operatorDigest.more", { count: more })] : []),
      t("operatorDigest.optOut", { url: `${origin}/settings` }),
    ],
    action: { label: t("operatorDigest.action"), url: `${origin}/manage/bookings` },
    signature: t("signature"),
  });
}

/**
 * One pass: every person with a choice whose digest is due gets theirs (when something happened). Answers how many
 * mails were queued.
 */
export async function sendDueDigests(db: Database, now: Date, origin: string): Promise<number> {
  const due = await db
    .select({ userId: operatorMailChoices.userId })
    .from(operatorMailChoices)
    .where(
      and(
        sql`cardinality(${operatorMailChoices.kinds}) > 0`,
        or(
          isNull(operatorMailChoices.lastSentAt),
          lte(operatorMailChoices.lastSentAt, new Date(now.getTime() - DIGEST_INTERVAL_MS)),
        ),
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { userId } of due) if (await sendDigest(db, userId, now, origin)) sent++;
  return sent;
}

/** This instance's digest loop: a pass a minute (a digest is due at most every quarter-hour anyway). */
export function startOperatorDigestWorker(
  db: Database,
  origin: () => string,
  { pollMs = 60_000, log = console.error }: { pollMs?: number; log?: (line: string) => void } = {},
): WorkerLoop {
  return startWorkerLoop(
    "operatorDigest",
    async () => {
      await sendDueDigests(db, new Date(), origin());
      return false;
    },
    { pollMs, log },
  );
}
