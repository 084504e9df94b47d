/**
 * Operators told (issue 51): what each person chose, for their own supplier only, at most one digest per quarter-hour,
 * each event in one digest only, and one digest however many instances run the pass at once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { mailChoicesOf, mailKindsFor, saveMailChoices, sendDueDigests } from "./operator-digests.server";
import { notify } from "./notifications.server";

const ORIGIN = "https://rent.example";
const minutes = (count: number) => count * 60_000;

describe.each(testEngines)("operators' summaries by mail (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  let agent: { id: string; email: string };
  let admin: { id: string; email: string };

  const mailsTo = async (email: string) =>
    database.db.select().from(schema.outboxMails).where(eq(schema.outboxMails.recipient, email));
  const bookingNews = (supplierId: string, reference: string, createdAt?: Date) =>
    notify(database.db, {
      userId: supplierId,
      messageKey: "notifications.newBooking",
      messageParams: { reference, car: "Test Car" },
      createdAt,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    other = await insertMinimalCatalogue(database.db);
    const [member, platformAdmin] = await database.db
      .insert(schema.users)
      .values([
        { role: "staff", email: `desk-${catalogue.supplier.id}@example.com`, fullName: "Desk Agent", language: "fr" },
        { role: "admin", email: `admin-${catalogue.supplier.id}@example.com`, fullName: "Admin" },
      ])
      .returning();
    agent = member!;
    admin = platformAdmin!;
    await database.db
      .insert(schema.supplierStaff)
      .values({ userId: agent.id, supplierId: catalogue.supplier.id, role: "desk", invitedBy: "Owner" });
  });
  afterAll(() => database?.destroy());

  const deskAgent = () => ({
    id: agent.id,
    role: "staff" as const,
    supplierId: catalogue.supplier.id,
    staffRole: "desk" as const,
  });

  it("offers the team its supplier's booking news and the admin reviews too; keeps only what may be chosen", async () => {
    expect(mailKindsFor(deskAgent())).toEqual(["newBooking", "changeByDriver", "cancellation"]);
    expect(mailKindsFor({ id: admin.id, role: "admin" })).toContain("reviewWaiting");
    expect(mailKindsFor({ id: catalogue.driver.id, role: "user" })).toEqual([]);
    await saveMailChoices(database.db, deskAgent(), ["newBooking", "reviewWaiting", "anything"]);
    expect(await mailChoicesOf(database.db, agent.id)).toEqual(["newBooking"]);
  });

  it("mails one digest of the supplier's own news, in the reader's language, then waits a quarter-hour", async () => {
    await bookingNews(catalogue.supplier.id, "AAAA0001");
    await bookingNews(catalogue.supplier.id, "AAAA0002");
    await bookingNews(other.supplier.id, "BBBB0001");
    const first = new Date(Date.now() + minutes(2));
    expect(await sendDueDigests(database.db, first, ORIGIN)).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = await mailsTo(agent.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe("2 nouveautés chez Supplier");
    const text = JSON.stringify(digest!.message);
    expect(text).toContain("AAAA0001");
    expect(text).toContain("AAAA0002");
    expect(text).not.toContain("BBBB0001");

    // Something new a minute after that digest: not before the quarter-hour is over, then once.
    await bookingNews(catalogue.supplier.id, "AAAA0003", new Date(first.getTime() + minutes(1)));
    await sendDueDigests(database.db, new Date(first.getTime() + minutes(5)), ORIGIN);
    expect(await mailsTo(agent.email)).toHaveLength(1);
    await sendDueDigests(database.db, new Date(first.getTime() + minutes(16)), ORIGIN);
    const digests = await mailsTo(agent.email);
    expect(digests).toHaveLength(2);
    const second = JSON.stringify(digests.find((mail) => mail.id !== digest!.id)!.message);
    expect(second).toContain("AAAA0003");
    expect(second).not.toContain("AAAA0001");
    // Nothing new: no mail.
    await sendDueDigests(database.db, new Date(first.getTime() + minutes(40)), ORIGIN);
    expect(await mailsTo(agent.email)).toHaveLength(2);
  });

  it("sends one digest however many passes run at once", async () => {
    await saveMailChoices(database.db, { id: admin.id, role: "admin" }, ["newBooking", "reviewWaiting"]);
    // A second after the choice: PGlite's clock counts milliseconds, and news in the choice's own millisecond is not
    // after it (a run of the whole suite once wrote both in one).
    await bookingNews(other.supplier.id, "CCCC0001", new Date(Date.now() + 1_000));
    const at = new Date(Date.now() + minutes(2));
    await Promise.all([
      sendDueDigests(database.db, at, ORIGIN),
      sendDueDigests(database.db, at, ORIGIN),
      sendDueDigests(database.db, at, ORIGIN),
    ]);
    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(1);
    // Every supplier's news for an admin, from the moment they chose (the earlier news was before).
    expect(JSON.stringify(mails[0]!.message)).toContain("CCCC0001");
    expect(JSON.stringify(mails[0]!.message)).not.toContain("BBBB0001");
  });

  it("mails nobody suspended, and nobody who chose nothing", async () => {
    await database.db.update(schema.users).set({ blacklisted: true }).where(eq(schema.users.id, agent.id));
    await bookingNews(catalogue.supplier.id, "DDDD0001");
    await sendDueDigests(database.db, new Date(Date.now() + minutes(60)), ORIGIN);
    expect(await mailsTo(agent.email)).toHaveLength(2);
  });
});
