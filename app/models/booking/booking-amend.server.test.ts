import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { amendBooking } from "./booking-amend.server";
import { bookingReceipt } from "./booking-view.server";
import { findBookingDetails } from "./bookings.server";
import { takePhoneBooking } from "./staff/staff-bookings.server";
import { findPaymentLink, payThroughLink } from "~/models/payments/payment-links.server";
import { capturedTotal } from "~/models/payments/payments.server";

const NOW = new Date("2030-01-15T12:00:00Z");

describe.each(testEngines)("amending a booking (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  const driver = () => ({ id: catalogue.driver.id, role: "user" as const });
  const link = (from: string, to: string) => ({
    car: catalogue.car.id,
    pickup: catalogue.location.slug,
    dropoff: catalogue.location.slug,
    from,
    to,
  });
  const row = async (id: string) =>
    (await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]!;

  /** Pays the payment link mailed to `email` with the sandbox's approved card. */
  const payMailedLink = async (email: string) => {
    const [mail] = await database.db
      .select({ message: schema.outboxMails.message })
      .from(schema.outboxMails)
      .where(eq(schema.outboxMails.recipient, email));
    const token = /\/pay\/([A-Za-z0-9_-]{32})/.exec(JSON.stringify(mail!.message))![1]!;
    const paid = await payThroughLink(database.db, (await findPaymentLink(database.db, token))!, token, {
      gateway: "sandbox",
      card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
      embedded: false,
      customerEmail: email,
      carName: "Test Car",
      language: "en",
      origin: "http://localhost",
      now: NOW,
    });
    expect(paid).toMatchObject({ kind: "confirmed" });
  };

  /**
   * A booking taken by the supplier's desk for a new customer, paid the way `payment` says (a mailed link paid with
   * the sandbox card, or at the counter): its id.
   */
  const phoneBooking = async (
    email: string,
    period: { from: string; to: string },
    payment: "counter" | "linkDeposit" | "linkFull",
  ) => {
    const staff = { id: catalogue.supplier.id, role: "supplier" as const, fullName: "Desk Clerk" };
    const taken = await takePhoneBooking(
      database.db,
      staff,
      {
        choice: {
          car: catalogue.car.id,
          pickup: catalogue.location.slug,
          dropoff: "",
          ...period,
          extras: [],
          equipment: { counts: {}, malformed: false },
          additionalDrivers: [],
          flightNumber: "",
        },
        customer: {
          email,
          fullName: "Phone Driver",
          phone: "+216 20 111 333",
          birthDate: "1980-05-05",
          language: "en",
        },
        payment,
        display: { currency: "USD", rate: 1 },
      },
      { language: "en", now: NOW, origin: "http://localhost" },
    );
    if (taken.ok !== true) throw new Error(JSON.stringify(taken));
    if (payment !== "counter") await payMailedLink(email);
    return taken.bookingId;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
  });
  afterAll(() => database?.destroy());

  it("re-prices a pay-later booking with new dates and notifies both sides", async () => {
    const [booking] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, "2030-02-01T09:00:00Z", "2030-02-02T09:00:00Z", "pending"),
        totalPrice: 4000,
        basePrice: 4000,
      })
      .returning();
    const result = await amendBooking(
      database.db,
      driver(),
      booking!.id,
      { link: link("2030-02-01T10:00", "2030-02-04T10:00"), extras: [] },
      "en",
      NOW,
      "http://localhost",
    );
    expect(result.ok).toBe(true);
    const amended = await row(booking!.id);
    // 08:00 UTC = 09:00 in Tunis (the minimal catalogue's place); three days at $40.
    expect(amended).toMatchObject({
      days: 3,
      totalPrice: 12_000,
      startsAt: new Date("2030-02-01T09:00:00Z"),
      endsAt: new Date("2030-02-04T09:00:00Z"),
    });
    expect(
      await database.db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, booking!.id)),
    ).toHaveLength(2);
    // Their e-mail copies were queued with the change (decision 020), one to each side.
    const queued = await database.db.select({ recipient: schema.outboxMails.recipient }).from(schema.outboxMails);
    expect(queued.map((mail) => mail.recipient)).toEqual(
      expect.arrayContaining([catalogue.driver.email, catalogue.supplier.email]),
    );
  });

  it("refuses an option the car does not offer (posted by hand), without a 500, and changes nothing", async () => {
    const [booking] = await database.db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2030-05-01T09:00:00Z", "2030-05-02T09:00:00Z", "pending"))
      .returning();
    const before = await row(booking!.id);
    const result = await amendBooking(
      database.db,
      driver(),
      booking!.id,
      { link: link("2030-05-01T10:00", "2030-05-03T10:00"), extras: ["fullInsurance"] },
      "en",
      NOW,
      "http://localhost",
    );
    expect(result).toEqual({ ok: false, error: "checkout:problems.extraUnavailable" });
    expect(await row(booking!.id)).toEqual(before);
  });

  it("refuses an amendment into another booking's period and changes nothing", async () => {
    const [mine, theirs] = await database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2030-03-01T09:00:00Z", "2030-03-02T09:00:00Z", "pending"),
        bookingValues(catalogue, "2030-03-05T09:00:00Z", "2030-03-07T09:00:00Z", "paid"),
      ])
      .returning();
    const before = await row(mine!.id);
    const result = await amendBooking(
      database.db,
      driver(),
      mine!.id,
      { link: link("2030-03-01T10:00", "2030-03-06T10:00"), extras: [] },
      "en",
      NOW,
      "http://localhost",
    );
    expect(result).toMatchObject({ ok: false, error: "checkout:problems.carUnavailable" });
    expect(await row(mine!.id)).toEqual(before);
    expect((await row(theirs!.id)).status).toBe("paid");
  });

  it("never lets a booking paid in full cost more unasked, nor anyone but its driver amend it, nor a booking without the right", async () => {
    const [paid] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, "2030-04-01T09:00:00Z", "2030-04-02T09:00:00Z", "paid"),
        paymentMode: "full",
        amendments: true,
      })
      .returning();
    const longer = { link: link("2030-04-01T10:00", "2030-04-05T10:00"), extras: [] };
    // Dearer, with no way chosen to pay the difference: refused, nothing changed.
    expect(await amendBooking(database.db, driver(), paid!.id, longer, "en", NOW, "http://localhost")).toMatchObject({
      ok: false,
      error: "bookings:amend.chooseShortfall",
    });
    expect(
      await amendBooking(
        database.db,
        { id: catalogue.supplier.id, role: "supplier" },
        paid!.id,
        longer,
        "en",
        NOW,
        "http://localhost",
      ),
    ).toEqual({ ok: false, error: "notFound" });
    const [stranger] = await database.db
      .insert(schema.users)
      .values({ email: `stranger-${engine}@example.com`, fullName: "Stranger" })
      .returning();
    expect(
      await amendBooking(
        database.db,
        { id: stranger!.id, role: "user" },
        paid!.id,
        longer,
        "en",
        NOW,
        "http://localhost",
      ),
    ).toEqual({ ok: false, error: "notFound" });
    // Paid online without the amendments option: no amendment at all.
    await database.db.update(schema.bookings).set({ amendments: false }).where(eq(schema.bookings.id, paid!.id));
    expect(
      await amendBooking(
        database.db,
        driver(),
        paid!.id,
        { link: link("2030-04-01T10:00", "2030-04-02T09:00"), extras: [] },
        "en",
        NOW,
        "http://localhost",
      ),
    ).toEqual({ ok: false, error: "notFound" });
    expect((await row(paid!.id)).endsAt).toEqual(new Date("2030-04-02T09:00:00Z"));
  });

  it("refunds a cheaper change to a booking paid in full once, mails its facts, and the receipt adds up", async () => {
    const email = `amend-refund-${engine}@example.com`;
    const bookingId = await phoneBooking(email, { from: "2030-06-01T10:00", to: "2030-06-04T10:00" }, "linkFull");
    await database.db.update(schema.bookings).set({ amendments: true }).where(eq(schema.bookings.id, bookingId));
    const booked = await row(bookingId);
    const owner = { id: booked.driverId, role: "user" as const };
    // Three days at $40 paid; two days cost $80: $40 goes back.
    expect(
      await amendBooking(
        database.db,
        owner,
        bookingId,
        { link: link("2030-06-01T10:00", "2030-06-03T10:00"), extras: [] },
        "en",
        NOW,
        "http://localhost",
      ),
    ).toEqual({ ok: true, settles: "refund" });
    await vi.waitFor(
      async () => {
        const [payment] = await database.db
          .select()
          .from(schema.payments)
          .where(eq(schema.payments.bookingId, bookingId));
        expect(payment).toMatchObject({ refundedAmount: 4_000 });
      },
      { timeout: 20_000 },
    );
    expect(await capturedTotal(database.db, bookingId)).toBe(8_000);
    // The driver's mail states the new dates' total, the old one and the refund, whatever their settings.
    const mails = await database.db
      .select({ subject: schema.outboxMails.subject, message: schema.outboxMails.message })
      .from(schema.outboxMails)
      .where(eq(schema.outboxMails.recipient, email));
    const changed = mails.filter((sent) => sent.subject.includes("was changed"));
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0]!.message)).toMatch(
      /June 3, 2030[^]*\$80 \(it was \$120\)[^]*\$40, is being refunded/,
    );
    const receipt = bookingReceipt((await findBookingDetails(database.db, { id: bookingId }))!);
    expect(receipt).toMatchObject({ total: 8_000, charged: 12_000, refunded: 4_000, atCounter: 0 });
    expect(receipt.charged! - receipt.refunded + receipt.atCounter).toBe(receipt.total + receipt.deposit);
    // A second save of the same change owes nothing more (the right to amend given back: the first dropped the option).
    await database.db.update(schema.bookings).set({ amendments: true }).where(eq(schema.bookings.id, bookingId));
    expect(
      await amendBooking(
        database.db,
        owner,
        bookingId,
        { link: link("2030-06-01T10:00", "2030-06-03T10:00"), extras: [] },
        "en",
        NOW,
        "http://localhost",
      ),
    ).toEqual({ ok: true, settles: "none" });
    expect(await capturedTotal(database.db, bookingId)).toBe(8_000);

    // Four days cost $160 against $80 held: the difference is asked before saving (issue 53), never taken silently.
    const amendAgain = async (shortfall?: "link" | "counter") => {
      await database.db.update(schema.bookings).set({ amendments: true }).where(eq(schema.bookings.id, bookingId));
      return amendBooking(
        database.db,
        owner,
        bookingId,
        { link: link("2030-06-01T10:00", "2030-06-05T10:00"), extras: [], shortfall },
        "en",
        NOW,
        "http://localhost",
      );
    };
    expect(await amendAgain()).toMatchObject({ ok: false, error: "bookings:amend.chooseShortfall" });
    expect((await row(bookingId)).totalPrice).toBe(8_000);
    // Online: a payment link for the $80, which the driver is taken to (and is mailed).
    const byLink = await amendAgain("link");
    expect(byLink).toMatchObject({ ok: true, settles: "link" });
    const asked = byLink.ok ? await findPaymentLink(database.db, byLink.paymentToken ?? "") : null;
    expect(asked).toMatchObject({ amount: 8_000, purpose: "balance" });
    expect((await row(bookingId)).totalPrice).toBe(16_000);
    // Saved again to pay at the counter instead: the link is no longer payable, the counter collects the $80, and
    // the receipt still adds up.
    expect(await amendAgain("counter")).toMatchObject({ ok: true, settles: "counter" });
    expect(await findPaymentLink(database.db, byLink.ok ? (byLink.paymentToken ?? "") : "")).toMatchObject({
      cancelledAt: expect.any(Date),
    });
    const after = bookingReceipt((await findBookingDetails(database.db, { id: bookingId }))!);
    expect(after).toMatchObject({ total: 16_000, atCounter: 8_000 });
    expect(after.charged! - after.refunded + after.atCounter).toBe(after.total + after.deposit);
  });

  it.each([
    ["paid at the counter", "counter", "2030-08-01", "2030-08-04", "2030-08-03", "2030-08-05", undefined],
    ["a deposit paid online", "linkDeposit", "2030-08-11", "2030-08-14", "2030-08-13", "2030-08-15", undefined],
    ["paid in full online", "linkFull", "2030-08-21", "2030-08-24", "2030-08-23", "2030-08-25", "counter"],
  ] as const)(
    "%s: the receipt adds up as booked, after a cheaper change and after a dearer one",
    async (_name, payment, from, booked, shorter, longer, shortfall) => {
      const email = `amend-${payment}-${engine}@example.com`;
      // A car with a security deposit: a deposit booking pays it online, and every receipt counts it.
      const [car] = await database.db.select().from(schema.cars).where(eq(schema.cars.id, catalogue.car.id));
      await database.db.update(schema.cars).set({ deposit: 30_000 }).where(eq(schema.cars.id, catalogue.car.id));
      onTestFinished(async () => {
        await database.db
          .update(schema.cars)
          .set({ deposit: car!.deposit })
          .where(eq(schema.cars.id, catalogue.car.id));
      });
      const bookingId = await phoneBooking(email, { from: `${from}T10:00`, to: `${booked}T10:00` }, payment);
      const owner = { id: (await row(bookingId)).driverId, role: "user" as const };
      const addsUp = async () => {
        const receipt = bookingReceipt((await findBookingDetails(database.db, { id: bookingId }))!);
        // Paid at the counter, the security deposit is a hold on the driver's card at the desk, not a payment.
        const owed = receipt.total + (payment === "counter" ? 0 : receipt.deposit);
        expect((receipt.charged ?? 0) - receipt.refunded + receipt.atCounter).toBe(owed);
        return receipt;
      };
      expect((await addsUp()).days).toBe(3);
      for (const [to, days] of [
        [shorter, 2],
        [longer, 4],
      ] as const) {
        await database.db.update(schema.bookings).set({ amendments: true }).where(eq(schema.bookings.id, bookingId));
        const changed = await amendBooking(
          database.db,
          owner,
          bookingId,
          { link: link(`${from}T10:00`, `${to}T10:00`), extras: [], shortfall },
          "en",
          NOW,
          "http://localhost",
        );
        expect(changed).toMatchObject({ ok: true });
        expect((await addsUp()).days).toBe(days);
      }
    },
  );
});
