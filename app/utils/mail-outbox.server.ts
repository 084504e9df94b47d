/**
 * The transactional mail outbox (decision 020). `queueMail` writes a message as a row, with the executor of the
 * change it announces, so a booking and its confirmation commit (or roll back) together; a request never waits for
 * SMTP. The worker (`startMailWorker`, one per app instance) claims due rows with FOR UPDATE SKIP LOCKED, sends them,
 * and retries failures with exponential back-off. Delivery is at least once: a worker killed between sending and
 * marking sends again after its claim lapses, under the same Message-ID, so a receiving server or reader can tell.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { outboxMails } from "#db/schema";
import type { Database, Executor } from "./db.server";
import { getEnv } from "./env.server";
import { getMailer, type MailMessage, type Mailer } from "./mail.server";
import { describeErrorBriefly } from "./errors.server";
import { startWorkerLoop, wakeWorker, type WorkerLoop } from "./worker-loop.server";

/** A claimed message is skipped by other workers this long (longer than the SMTP time-outs of one attempt). */
const CLAIM_MS = 2 * 60_000;
/** Then it is given up (failed) and reported: about nine hours of retries. */
export const MAX_ATTEMPTS = 20;

/** Back-off after the n-th failed attempt: 15 s, 30 s, 1 min … up to 30 min. */
export const retryDelayMs = (attempts: number) => Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

const messageDomain = () => /@([^>\s]+)>?\s*$/.exec(getEnv().MAIL_FROM)?.[1] ?? "rentacar.invalid";

/** Queues a message (in the caller's transaction when given one); returns its Message-ID. */
export async function queueMail(db: Executor, message: MailMessage): Promise<string> {
  const messageId = `<${randomUUID()}@${messageDomain()}>`;
  // Due from this instant by the app's clock, which the worker compares with: the database's now() has microseconds
  // and a worker asking within the same millisecond read it as not yet due (seen in the test run of 2026-11-25).
  await db.insert(outboxMails).values({
    messageId,
    recipient: message.to,
    subject: message.subject,
    message: { ...message },
    nextAttemptAt: new Date(),
  });
  // Deliver soon rather than at the next poll (the row is seen once the caller's transaction commits).
  wakeWorker("mail");
  return messageId;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Claims due messages and sends them once each; a failure is rescheduled with back-off, or given up at MAX_ATTEMPTS. */
export async function deliverQueuedMail(
  db: Database,
  options: {
    mailer?: Mailer;
    batch?: number;
    now?: Date;
    log?: (line: string) => void;
    /** The waits between tries to record a sent mail (MARK_SENT_RETRY_MS; tests shorten them). */
    retryMarkMs?: readonly number[];
  } = {},
): Promise<DeliveryReport> {
  const { mailer = getMailer(), batch = 20, log = console.error } = options;
  const now = options.now ?? new Date();
  const due = db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .where(
      and(
        eq(outboxMails.status, "queued"),
        lte(outboxMails.nextAttemptAt, now),
        or(isNull(outboxMails.lockedUntil), lt(outboxMails.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outboxMails.nextAttemptAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMails)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outboxMails.attempts} + 1` })
    .where(inArray(outboxMails.id, due))
    .returning();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const [index, row] of claimed.entries()) {
    let failure: unknown = null;
    try {
      await mailer.send({ ...(row.message as unknown as MailMessage), messageId: row.messageId });
    } catch (error) {
      failure = error;
    }
    if (failure === null) {
      // Sent: recording it must not fail into "retry the send" (a mail delivered twice) for want of a connection.
      const waited = await markSent(db, row.id, row.messageId, options.retryMarkMs ?? MARK_SENT_RETRY_MS, log);
      if (waited) {
        // The wait ate into the batch's claim: the rest are handed back untouched rather than sent after their claim
        // may have lapsed (another worker could have sent them meanwhile).
        report.sent++;
        await releaseClaims(
          db,
          claimed.slice(index + 1).map((rest) => rest.id),
        );
        break;
      }
      // SMTP answers again: what waits for its back-off after a failure is due now, not in up to half an hour.
      if (report.sent === 0) {
        await db
          .update(outboxMails)
          .set({ nextAttemptAt: now })
          .where(
            and(eq(outboxMails.status, "queued"), isNotNull(outboxMails.lastError), gt(outboxMails.nextAttemptAt, now)),
          );
      }
      report.sent++;
      continue;
    }
    const reason = failure instanceof Error ? failure.message : String(failure);
    const reasonForLog = describeErrorBriefly(failure);
    const givenUp = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(outboxMails)
      .set({
        status: givenUp ? "failed" : "queued",
        nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        lockedUntil: null,
        lastError: reason.slice(0, 500),
      })
      .where(eq(outboxMails.id, row.id));
    if (givenUp) {
      report.failed++;
      log(`[mail] GIVEN UP after ${row.attempts} attempts: ${messageIdForLog(row.messageId)}: ${reasonForLog}`);
    } else {
      report.retried++;
      log(
        `[mail] attempt ${row.attempts} of ${messageIdForLog(row.messageId)} failed (${reasonForLog}); next in ${Math.round(retryDelayMs(row.attempts) / 1000)} s`,
      );
    }
  }
  return report;
}

/**
 * The waits between tries to record a mail as sent: about a minute in all, inside the claim (CLAIM_MS), so no other
 * worker takes the row and sends it again while this one waits for a connection.
 */
export const MARK_SENT_RETRY_MS = [250, 1_000, 4_000, 15_000, 40_000] as const;

/**
 * Records a delivered mail as sent, trying again while the database is short of connections; true when it had to
 * wait. Should every try fail, the claim lapses and the mail goes again under its Message-ID (at least once, as a
 * killed worker does).
 */
async function markSent(
  db: Database,
  id: string,
  messageId: string,
  waits: readonly number[],
  log: (line: string) => void,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      await db
        .update(outboxMails)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(outboxMails.id, id));
      return attempt > 0;
    } catch (error) {
      const wait = waits[attempt];
      if (wait === undefined) throw error;
      log(
        `[mail] ${messageIdForLog(messageId)} sent, not yet recorded (${describeErrorBriefly(error)}); trying again in ${wait} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Hands claimed but unsent mail back to the queue as it was (the claim's attempt not counted). */
async function releaseClaims(db: Database, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(outboxMails)
    .set({ lockedUntil: null, attempts: sql`${outboxMails.attempts} - 1` })
    .where(inArray(outboxMails.id, ids));
}

/**
 * A Message-ID as the log names it: its local part (a UUID), which finds the row. The whole `<uuid@host>` reads as an
 * e-mail address to the log check, and the host says nothing the row does not.
 */
export const messageIdForLog = (messageId: string) => messageId.replace(/^<|>$/g, "").split("@")[0]!;

/** How long a delivered mail is kept (for a person checking what went out); its body holds links and addresses. */
export const SENT_MAIL_KEPT_MS = 7 * 24 * 3_600_000;

/** Deletes mail delivered more than SENT_MAIL_KEPT_MS ago (the hourly maintenance); failed mail stays for a person. */
export async function purgeSentMail(db: Executor, now = new Date()): Promise<number> {
  const purged = await db
    .delete(outboxMails)
    .where(and(eq(outboxMails.status, "sent"), lt(outboxMails.sentAt, new Date(now.getTime() - SENT_MAIL_KEPT_MS))))
    .returning({ id: outboxMails.id });
  return purged.length;
}

/** Delivers until nothing is due (tests and `npm run` scripts; the worker does this on its own). */
export async function drainMailOutbox(
  db: Database,
  options: Parameters<typeof deliverQueuedMail>[1] = {},
): Promise<DeliveryReport> {
  const total: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const report = await deliverQueuedMail(db, options);
    total.sent += report.sent;
    total.retried += report.retried;
    total.failed += report.failed;
    // Nothing more was due, or what was due failed and waits for its back-off.
    if (report.sent === 0) return total;
  }
}

/**
 * The worker of this app instance: polls every `pollMs`, and soon after a message is queued. One pass at a time;
 * several instances share the work through the row claims.
 */
export function startMailWorker(
  db: Database,
  { pollMs = 5_000, log = console.error }: { pollMs?: number; log?: (line: string) => void } = {},
): WorkerLoop {
  // A full batch sent: more may be due straight away.
  return startWorkerLoop("mail", async () => (await deliverQueuedMail(db, { log })).sent === 20, { pollMs, log });
}
