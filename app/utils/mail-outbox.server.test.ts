/**
 * The mail outbox against a real SMTP server (smtp-server) that refuses, then accepts: every mail arrives exactly
 * once by Message-ID, nothing is lost while SMTP is down, and queuing never waits for SMTP.
 */
import type { AddressInfo } from "node:net";
import { count, eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMails } from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import {
  deliverQueuedMail,
  drainMailOutbox,
  MAX_ATTEMPTS,
  purgeSentMail,
  queueMail,
  retryDelayMs,
  SENT_MAIL_KEPT_MS,
} from "./mail-outbox.server";
import { smtpMailer } from "./mail.server";
// The check the browser tests' server log must pass (scripts/checks/check-server-log.mjs).
import { findLeaks } from "../../scripts/checks/log-leaks.mjs";

const message = (to: string) => ({ to, subject: `Booking for ${to}`, text: "Hello", html: "<p>Hello</p>" });

describe("retry delays", () => {
  it("back off from 15 s, doubling, up to 30 minutes", () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 1_800_000, 1_800_000]);
  });
});

describe.each(testEngines)("the mail outbox (%s)", (engine) => {
  let database: TestDatabase;
  let server: SMTPServer;
  let port = 0;
  let refusing = true;
  const received: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onConnect(_session, callback) {
        // SMTP down: the connection is refused with a temporary error.
        callback(refusing ? Object.assign(new Error("service not available"), { responseCode: 421 }) : undefined);
      },
      onData(stream, _session, callback) {
        let body = "";
        stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(body);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.destroy();
  });

  it("keeps every mail while SMTP refuses, then delivers each exactly once under the Message-ID it was queued with", async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "Rentacar <no-reply@rentacar.test>");
    const ids = await database.db.transaction(async (tx) =>
      Promise.all(Array.from({ length: 20 }, (_, index) => queueMail(tx, message(`driver-${index}@example.com`)))),
    );
    expect(new Set(ids).size).toBe(20);

    const down = await deliverQueuedMail(database.db, { mailer, log: () => {} });
    expect(down).toEqual({ sent: 0, retried: 20, failed: 0 });
    // Nothing is due again before its back-off.
    expect(await deliverQueuedMail(database.db, { mailer, log: () => {} })).toEqual({ sent: 0, retried: 0, failed: 0 });

    refusing = false;
    const up = await drainMailOutbox(database.db, { mailer, now: new Date(Date.now() + 60_000) });
    expect(up.sent).toBe(20);
    const delivered = received.map((body) => /^Message-ID: (<[^>]+>)$/im.exec(body)?.[1]);
    expect(delivered.sort()).toEqual([...ids].sort());
    const [{ value: queued }] = (await database.db
      .select({ value: count() })
      .from(outboxMails)
      .where(eq(outboxMails.status, "queued"))) as [{ value: number }];
    expect(queued).toBe(0);
    // Delivered mail is not sent again.
    expect(await deliverQueuedMail(database.db, { mailer, now: new Date(Date.now() + 3_600_000) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });

  it("once SMTP answers again, mails waiting for their back-off go at once, not up to half an hour later", async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "Rentacar <no-reply@rentacar.test>");
    refusing = true;
    const waiting = await Promise.all(
      ["late-1", "late-2", "late-3"].map((name) => queueMail(database.db, message(`${name}@example.com`))),
    );
    expect(await deliverQueuedMail(database.db, { mailer, log: () => {} })).toMatchObject({ retried: 3 });
    refusing = false;
    const fresh = await queueMail(database.db, message("fresh@example.com"));
    // No clock moved: only the success of the fresh mail makes the others due.
    expect((await drainMailOutbox(database.db, { mailer })).sent).toBe(4);
    const delivered = received.map((body) => /^Message-ID: (<[^>]+>)$/im.exec(body)?.[1]);
    expect(delivered).toEqual(expect.arrayContaining([...waiting, fresh]));
  });

  it("deletes delivered mail after a week, and keeps queued and failed mail", async () => {
    const mailer = { send: async () => {} };
    await queueMail(database.db, message("kept-a-week@example.com"));
    await drainMailOutbox(database.db, { mailer });
    await queueMail(database.db, message("still-queued@example.com"));
    const [delivered] = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, "kept-a-week@example.com"));
    expect(delivered!.status).toBe("sent");
    expect(await purgeSentMail(database.db, new Date(delivered!.sentAt!.getTime() + SENT_MAIL_KEPT_MS - 60_000))).toBe(
      0,
    );
    expect(
      await purgeSentMail(database.db, new Date(delivered!.sentAt!.getTime() + SENT_MAIL_KEPT_MS + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await database.db.select().from(outboxMails).where(eq(outboxMails.recipient, "kept-a-week@example.com")),
    ).toHaveLength(0);
    expect(
      await database.db.select().from(outboxMails).where(eq(outboxMails.recipient, "still-queued@example.com")),
    ).toHaveLength(1);
    // Leave nothing due for the tests that follow.
    await drainMailOutbox(database.db, { mailer });
  });

  it("a mail queued in a transaction that rolls back is never sent", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, message("rolled-back@example.com"));
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    expect(
      await database.db.select().from(outboxMails).where(eq(outboxMails.recipient, "rolled-back@example.com")),
    ).toHaveLength(0);
  });

  it("a claim left by a worker that died mid-send is taken again once it lapses (at least once)", async () => {
    await queueMail(database.db, message("crash@example.com"));
    const sent: string[] = [];
    let claimed!: () => void;
    const sending = new Promise<void>((resolve) => (claimed = resolve));
    const dying = { send: () => (claimed(), new Promise<void>(() => {})) };
    // The first worker claims the mail and never finishes (killed): the mail stays claimed.
    void deliverQueuedMail(database.db, { mailer: dying });
    await sending;
    const second = { send: async (mail: { messageId: string }) => void sent.push(mail.messageId) };
    expect((await deliverQueuedMail(database.db, { mailer: second })).sent).toBe(0);
    expect(
      (await deliverQueuedMail(database.db, { mailer: second, now: new Date(Date.now() + 3 * 60_000) })).sent,
    ).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("a mail sent while the database is short of connections is recorded once one frees up, and never sent twice", async () => {
    await queueMail(database.db, message("short-pool@example.com"));
    const sent: string[] = [];
    const mailer = { send: async (mail: { messageId: string }) => void sent.push(mail.messageId) };
    // The claim gets a connection; the next two updates (recording the mail as sent) find none.
    let updates = 0;
    const shortOfConnections = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "update" && ++updates >= 2 && updates <= 3)
          throw new Error("timeout exceeded when trying to connect");
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const lines: string[] = [];
    expect(
      await deliverQueuedMail(shortOfConnections, { mailer, retryMarkMs: [1, 1, 1], log: (line) => lines.push(line) }),
    ).toMatchObject({ sent: 1, retried: 0 });
    expect(lines).toHaveLength(2);
    const [row] = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, "short-pool@example.com"));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // Long after the claim would have lapsed, nothing goes again.
    await deliverQueuedMail(database.db, { mailer, now: new Date(Date.now() + 3_600_000) });
    expect(sent).toEqual([row!.messageId]);
  });

  it("after waiting to record one mail, hands the rest of its batch back unsent rather than past their claim", async () => {
    const ids = await Promise.all(
      ["batch-1", "batch-2", "batch-3"].map((name) => queueMail(database.db, message(`${name}@example.com`))),
    );
    const sent: string[] = [];
    const mailer = { send: async (mail: { messageId: string }) => void sent.push(mail.messageId) };
    let updates = 0;
    const shortOfConnections = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "update" && ++updates === 2) throw new Error("timeout exceeded when trying to connect");
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    expect(await deliverQueuedMail(shortOfConnections, { mailer, retryMarkMs: [1], log: () => {} })).toMatchObject({
      sent: 1,
    });
    expect(sent).toHaveLength(1);
    const rest = await database.db
      .select()
      .from(outboxMails)
      .where(
        inArray(
          outboxMails.messageId,
          ids.filter((id) => id !== sent[0]),
        ),
      );
    expect(rest.map((row) => ({ status: row.status, attempts: row.attempts, locked: row.lockedUntil }))).toEqual([
      { status: "queued", attempts: 0, locked: null },
      { status: "queued", attempts: 0, locked: null },
    ]);
    // The next round sends them, each once.
    await drainMailOutbox(database.db, { mailer });
    expect([...sent].sort()).toEqual([...ids].sort());
  });

  it("gives a mail up after MAX_ATTEMPTS failures, with its last error kept for a person", async () => {
    await queueMail(database.db, message("bounce@example.com"));
    const failing = { send: async () => Promise.reject(new Error("550 mailbox unavailable")) };
    await database.db
      .update(outboxMails)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outboxMails.recipient, "bounce@example.com"));
    const lines: string[] = [];
    expect(await deliverQueuedMail(database.db, { mailer: failing, log: (line) => lines.push(line) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    });
    const [row] = await database.db.select().from(outboxMails).where(eq(outboxMails.recipient, "bounce@example.com"));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable" });
    expect(lines.join("\n")).toContain("GIVEN UP");
  });

  it("logs a retry and a give-up by the Message-ID's local part, never an address: the server-log check passes them", async () => {
    await queueMail(database.db, message("retry-me@example.com"));
    const [queued] = await database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, "retry-me@example.com"));
    // An SMTP refusal names the recipient; so does a Message-ID's `<uuid@host>` shape, to the check.
    const failing = { send: async () => Promise.reject(new Error("550 5.1.1 <retry-me@example.com>: no such user")) };
    const lines: string[] = [];
    expect(await deliverQueuedMail(database.db, { mailer: failing, log: (line) => lines.push(line) })).toMatchObject({
      retried: 1,
    });
    await database.db
      .update(outboxMails)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(outboxMails.id, queued!.id));
    await deliverQueuedMail(database.db, { mailer: failing, log: (line) => lines.push(line) });
    const log = lines.join("\n");
    expect(log).toContain(`attempt 1 of ${queued!.messageId.replace(/^<|>$/g, "").split("@")[0]} failed`);
    expect(log).toContain("GIVEN UP");
    expect(findLeaks(log)).toEqual([]);
    // The same lines with the whole Message-ID, as they were written before, fail the check.
    expect(findLeaks(log.replace("attempt 1 of ", `attempt 1 of ${queued!.messageId} `))).not.toEqual([]);
  });
});
