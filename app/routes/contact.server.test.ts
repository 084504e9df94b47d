import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages, outboxMails, users } from "#db/schema";
import { formPost, readOutbox, routeArgs, useAppDatabase } from "../../tests/support/app-test";
import { submitContactMessage } from "~/models/messages/contact.server";
import { getMailer } from "~/utils/mail.server";
import { deliverQueuedMail } from "~/utils/mail-outbox.server";
import { action } from "./contact";

const outbox = await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("contact", { CONTACT_EMAIL: "care@rentacar.test" }),
);

const send = (fields: Record<string, string>, clientIp = "192.0.2.10") =>
  action(routeArgs(formPost("http://localhost/contact", fields), clientIp)) as Promise<
    Response | { init: ResponseInit | null; data: unknown }
  >;
const status = (result: Response | { init: ResponseInit | null }) =>
  result instanceof Response ? result.status : (result.init?.status ?? 200);
const mails = () => readOutbox(outbox);

describe("the contact form", () => {
  const app = useAppDatabase();

  it("keeps the message and mails customer care, answering to the sender — never mailing the sender", async () => {
    const result = await send({
      email: "visitor@example.com",
      subject: "Child seat",
      message: "Can I add a child seat to my booking?",
    });
    expect(status(result)).toBe(302);
    const [stored] = await app.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ email: "visitor@example.com", subject: "Child seat", userId: null });
    const [mail] = await mails();
    expect(mail).toMatch(/^To: care@rentacar\.test$/m);
    expect(mail).toMatch(/^Reply-To: visitor@example\.com$/m);
    expect(mail).toContain("Contact form: Child seat");
    expect((await mails()).some((text) => /^To: visitor@example\.com/m.test(text))).toBe(false);
  });

  it("asks a visitor where to answer and refuses empty or oversized fields", async () => {
    expect(status(await send({ subject: "Hello", message: "Hi" }))).toBe(400);
    expect(status(await send({ email: "not-an-address", subject: "Hello", message: "Hi" }))).toBe(400);
    expect(status(await send({ email: "a@example.com", subject: "", message: "Hi" }))).toBe(400);
    expect(status(await send({ email: "a@example.com", subject: "Hello", message: "x".repeat(5001) }))).toBe(400);
  });

  it("limits messages per sender and per address with Retry-After", async () => {
    const results = [];
    for (let attempt = 0; attempt < 4; attempt++)
      results.push(
        await send({ email: "flood@example.com", subject: `Try ${attempt}`, message: "Hello" }, "198.51.100.20"),
      );
    expect(results.map(status)).toEqual([302, 302, 302, 429]);
    const refused = results[3] as { init: ResponseInit };
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    // Changing the address does not escape the per-IP limit.
    const fromOneAddress = [];
    for (let attempt = 0; attempt < 6; attempt++)
      fromOneAddress.push(
        status(await send({ email: `n${attempt}@example.com`, subject: "Hi", message: "Hello" }, "198.51.100.30")),
      );
    expect(fromOneAddress).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("acknowledges a signed-in sender with a validated address, in their language, and no one else", async () => {
    const before = (await mails()).length;
    const [user] = await app.database.db
      .insert(users)
      .values({ email: "camille@example.com", fullName: "Camille Martin", language: "fr", verified: true })
      .returning();
    const account = {
      id: user!.id,
      email: "camille@example.com",
      fullName: "Camille Martin",
      language: "fr" as const,
      verified: true,
    };
    await submitContactMessage(app.database.db, {
      email: "camille@example.com",
      subject: "Siège enfant",
      message: "Puis-je ajouter un siège ?",
      account,
    });
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(2);
    const acknowledgement = sent.find((text) => /^To: camille@example\.com$/m.test(text));
    expect(acknowledgement).toContain("Notre service client a bien reçu votre message");
    expect(acknowledgement).toContain("Bonjour Camille Martin,");
    expect(acknowledgement).toContain('lang="fr"');
    // Care staff read theirs in English, signed like every other mail.
    expect(sent.find((text) => /^To: care@rentacar\.test$/m.test(text))).toContain("The Rentacar team");

    await submitContactMessage(app.database.db, {
      email: "new@example.com",
      subject: "Hi",
      message: "Hello",
      account: { ...account, verified: false },
    });
    expect((await mails()).slice(before + 2)).toHaveLength(1);
  });

  it("reports the message sent at once, and a mail SMTP refuses is kept and retried, never lost", async () => {
    await readOutbox(outbox);
    const [user] = await app.database.db
      .insert(users)
      .values({ email: "dominique@example.com", fullName: "Dominique", language: "es", verified: true })
      .returning();
    const account = {
      id: user!.id,
      email: "dominique@example.com",
      fullName: "Dominique",
      language: "es" as const,
      verified: true,
    };
    const mailer = getMailer();
    const send = vi.spyOn(mailer, "send");
    let refused = false;
    send.mockImplementation(async (message) => {
      if (message.to === "dominique@example.com" && !refused) {
        refused = true;
        throw new Error("mailbox full");
      }
    });
    try {
      await expect(
        submitContactMessage(app.database.db, {
          email: account.email,
          subject: "Hola",
          message: "¿Tienen sillas para niños?",
          account,
        }),
      ).resolves.toBeUndefined();
      // Nothing was sent by the request itself: the worker delivers.
      expect(send).toHaveBeenCalledTimes(0);
      expect(await deliverQueuedMail(app.database.db, { log: () => {} })).toEqual({ sent: 1, retried: 1, failed: 0 });
    } finally {
      send.mockRestore();
    }
    const [waiting] = await app.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, "dominique@example.com"));
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, lastError: "mailbox full" });
    // Its back-off over, it is delivered under the Message-ID it was queued with.
    expect(await deliverQueuedMail(app.database.db, { now: new Date(Date.now() + 60_000) })).toMatchObject({ sent: 1 });
    const delivered = (await readOutbox(outbox)).filter((mail) => /^To: dominique@example\.com$/m.test(mail));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(`Message-ID: ${waiting!.messageId}`);
  });
});
