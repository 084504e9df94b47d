import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { confirmPaidBooking, placeBooking, releaseExpiredHolds, releaseHold, type NewBooking } from "./bookings.server";
import { quoteOffer, resolveCheckout, type CheckoutOffer } from "~/models/checkout/checkout-offer.server";
import { readCheckoutLink } from "~/models/navigation/links";

const NOW = new Date("2030-01-15T12:00:00Z");

describe.each(testEngines)("placing and confirming bookings (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  let offer: CheckoutOffer;

  const resolve = async (from: string, to: string) => {
    const link = readCheckoutLink(
      new URLSearchParams({
        car: catalogue.car.id,
        pickup: catalogue.location.slug,
        dropoff: catalogue.location.slug,
        from,
        to,
      }),
    );
    const resolved = await resolveCheckout(database.db, link, { language: "en", now: NOW });
    if (!resolved.ok) throw new Error(resolved.problem.key);
    return resolved.offer;
  };

  const newBooking = (overrides: Partial<NewBooking> & { email?: string } = {}): NewBooking => {
    const { price, extras } = quoteOffer(overrides.offer ?? offer, []);
    return {
      offer,
      price,
      extras,
      paymentMode: "payLater",
      gateway: null,
      display: { currency: "EUR", rate: 0.9 },
      driver: {
        kind: "visitor",
        fullName: "Visitor",
        email: overrides.email ?? "visitor@example.com",
        phone: "+33 6 12 34 56 78",
        birthDate: "1990-01-01",
        language: "fr",
      },
      attemptId: `bk_${Math.random().toString(36).slice(2)}`,
      holdUntil: new Date(NOW.getTime() + 30 * 60_000),
      now: NOW,
      ...overrides,
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    offer = await resolve("2030-02-01T10:00", "2030-02-04T10:00");
  });
  afterAll(() => database?.destroy());

  it("books pay later as pending, with the visitor's new account (no password, not verified) and the price in base cents", async () => {
    const placed = await placeBooking(database.db, newBooking({ email: "first@example.com" }));
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const [booking] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, placed.bookingId));
    expect(booking).toMatchObject({
      status: "pending",
      paymentMode: "payLater",
      totalPrice: 12_000,
      days: 3,
      amountDue: 0,
      displayCurrency: "EUR",
      displayRate: 0.9,
      expiresAt: null,
    });
    const [driver] = await database.db.select().from(schema.users).where(eq(schema.users.id, placed.driverId));
    expect(driver).toMatchObject({ email: "first@example.com", verified: false, passwordHash: null, language: "fr" });
    expect(placed.newAccount).toBe(true);
  });

  it("50 simultaneous checkouts of one car for one period leave exactly one booking and one new account", async () => {
    const period = await resolve("2030-03-01T10:00", "2030-03-05T10:00");
    const usersBefore = (await database.db.select({ value: count() }).from(schema.users))[0]!.value;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        placeBooking(database.db, newBooking({ offer: period, email: `racer-${index}@example.com` })),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === "checkout:problems.carUnavailable")).toHaveLength(
      49,
    );
    const [{ value: bookingsInPeriod }] = (await database.db
      .select({ value: count() })
      .from(schema.bookings)
      .where(and(eq(schema.bookings.carId, catalogue.car.id), eq(schema.bookings.startsAt, period.from)))) as [
      { value: number },
    ];
    expect(bookingsInPeriod).toBe(1);
    const racers = await database.db
      .select({ value: count() })
      .from(schema.users)
      .where(like(schema.users.email, "racer-%"));
    expect(racers[0]!.value).toBe(1);
    expect((await database.db.select({ value: count() }).from(schema.users))[0]!.value).toBe(usersBefore + 1);
  });

  it("an unpaid hold keeps the car until it expires; an expired one is released (kept, cancelled) by the next booking's own transaction", async () => {
    const period = await resolve("2030-04-01T10:00", "2030-04-03T10:00");
    await database.db.insert(schema.bookings).values({
      ...bookingValues(catalogue, "2030-04-01T09:00:00Z", "2030-04-03T09:00:00Z", "void"),
      checkoutSessionId: "hold-live",
      expiresAt: new Date(NOW.getTime() + 60_000),
    });
    const blocked = await placeBooking(database.db, newBooking({ offer: period, email: "blocked@example.com" }));
    expect(blocked).toEqual({ ok: false, error: "checkout:problems.carUnavailable" });

    // The same hold, now past its expiry: the constraint alone would still refuse the booking.
    await database.db
      .update(schema.bookings)
      .set({ expiresAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(schema.bookings.checkoutSessionId, "hold-live"));
    const placed = await placeBooking(database.db, newBooking({ offer: period, email: "after-hold@example.com" }));
    expect(placed.ok).toBe(true);
    const [released] = await database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, "hold-live"));
    expect(released).toMatchObject({ status: "cancelled", releasedAt: NOW });
  });

  it("the periodic job releases only expired holds", async () => {
    await database.db.insert(schema.bookings).values([
      {
        ...bookingValues(catalogue, "2030-05-01T09:00:00Z", "2030-05-02T09:00:00Z", "void"),
        checkoutSessionId: "old-hold",
        expiresAt: new Date(NOW.getTime() - 1),
      },
      {
        ...bookingValues(catalogue, "2030-05-03T09:00:00Z", "2030-05-04T09:00:00Z", "void"),
        checkoutSessionId: "new-hold",
        expiresAt: new Date(NOW.getTime() + 60_000),
      },
    ]);
    expect(await releaseExpiredHolds(database.db, NOW)).toBe(1);
    const left = await database.db
      .select({ id: schema.bookings.checkoutSessionId })
      .from(schema.bookings)
      .where(eq(schema.bookings.status, "void"));
    expect(left.map((row) => row.id)).toContain("new-hold");
    expect(left.map((row) => row.id)).not.toContain("old-hold");
  });

  it("confirms a paid hold exactly once when the return page and the webhook race, and never for another amount", async () => {
    const period = await resolve("2030-06-01T10:00", "2030-06-03T10:00");
    const placed = await placeBooking(
      database.db,
      newBooking({
        offer: period,
        paymentMode: "full",
        gateway: "stripe",
        attemptId: "cs_race",
        email: "payer@example.com",
      }),
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.status).toBe("void");
    // Full payment: the rental (2 days × $40) and no deposit, in euros at 0.9.
    expect(placed.chargeAmount).toBe(7_200);
    // A paid session with no hold is reported, never confirmed.
    expect(await confirmPaidBooking(database.db, "cs_unknown", { amount: 7_200, currency: "EUR" })).toEqual({
      outcome: "noHold",
    });

    const paid = { amount: 7_200, currency: "EUR", references: { paymentIntentId: "pi_1" } };
    const outcomes = await Promise.all([
      database.db.transaction((tx) => confirmPaidBooking(tx, "cs_race", { ...paid, currency: "eur" })),
      database.db.transaction((tx) => confirmPaidBooking(tx, "cs_race", paid)),
      database.db.transaction((tx) => confirmPaidBooking(tx, "cs_race", paid)),
    ]);
    expect(outcomes.filter((outcome) => outcome.outcome === "confirmed")).toHaveLength(1);
    const [booking] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, placed.bookingId));
    expect(booking).toMatchObject({ status: "paid", expiresAt: null, chargedAmount: 7_200 });
    // A late failure notice changes nothing once paid.
    expect(await releaseHold(database.db, "cs_race")).toBe(false);
  });

  it("never confirms another amount or currency: the hold is released (kept for its payment's refund)", async () => {
    const period = await resolve("2030-06-10T10:00", "2030-06-12T10:00");
    const placed = await placeBooking(
      database.db,
      newBooking({
        offer: period,
        paymentMode: "full",
        gateway: "stripe",
        attemptId: "cs_mismatch",
        email: "mismatch@example.com",
      }),
    );
    if (!placed.ok) throw new Error("not placed");
    expect(await confirmPaidBooking(database.db, "cs_mismatch", { amount: 7_200, currency: "USD" })).toEqual({
      outcome: "amountMismatch",
      bookingId: placed.bookingId,
    });
    expect(await confirmPaidBooking(database.db, "cs_mismatch", { amount: 7_100, currency: "EUR" })).toEqual({
      outcome: "amountMismatch",
      bookingId: placed.bookingId,
    });
    const [booking] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, placed.bookingId));
    expect(booking).toMatchObject({ status: "cancelled", chargedAmount: null });
    expect(booking!.releasedAt).not.toBeNull();
  });

  it("a payment completing after its hold was released confirms it if the car is still free, and reports carTaken otherwise", async () => {
    const free = await resolve("2030-06-20T10:00", "2030-06-22T10:00");
    const late = await placeBooking(
      database.db,
      newBooking({
        offer: free,
        paymentMode: "full",
        gateway: "stripe",
        attemptId: "cs_late_free",
        email: "late-free@example.com",
      }),
    );
    if (!late.ok) throw new Error("not placed");
    await releaseHold(database.db, "cs_late_free", NOW);
    const paid = { amount: late.chargeAmount, currency: "EUR", references: { paymentIntentId: "pi_late" } };
    expect(await database.db.transaction((tx) => confirmPaidBooking(tx, "cs_late_free", paid))).toEqual({
      outcome: "confirmed",
      bookingId: late.bookingId,
    });
    const [confirmed] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, late.bookingId));
    expect(confirmed).toMatchObject({ status: "paid", releasedAt: null });

    const taken = await resolve("2030-06-25T10:00", "2030-06-27T10:00");
    const lost = await placeBooking(
      database.db,
      newBooking({
        offer: taken,
        paymentMode: "full",
        gateway: "payPal",
        attemptId: "pp_late_taken",
        email: "late-taken@example.com",
      }),
    );
    if (!lost.ok) throw new Error("not placed");
    await releaseHold(database.db, "pp_late_taken", NOW);
    const other = await placeBooking(database.db, newBooking({ offer: taken, email: "quicker@example.com" }));
    expect(other.ok).toBe(true);
    const outcome = await database.db.transaction((tx) =>
      confirmPaidBooking(tx, "pp_late_taken", { amount: lost.chargeAmount, currency: "EUR" }),
    );
    expect(outcome).toEqual({ outcome: "carTaken", bookingId: lost.bookingId });
    const [still] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, lost.bookingId));
    expect(still).toMatchObject({ status: "cancelled" });
  });

  it("releases a failed payment's hold so the car is free at once", async () => {
    const period = await resolve("2030-07-01T10:00", "2030-07-03T10:00");
    const placed = await placeBooking(
      database.db,
      newBooking({
        offer: period,
        paymentMode: "full",
        gateway: "sandbox",
        attemptId: "sbx_declined",
        email: "declined@example.com",
      }),
    );
    expect(placed.ok).toBe(true);
    expect(await releaseHold(database.db, "sbx_declined")).toBe(true);
    // The account made with the released hold has no booking: the same visitor books again at once with the same
    // address, as the same account (decision 019: no waiting for the hold to end).
    const again = await placeBooking(database.db, newBooking({ offer: period, email: "declined@example.com" }));
    expect(again.ok).toBe(true);
    if (again.ok) expect(again.newAccount).toBe(false);
    // But an address whose account has a booking (activated or not) must sign in: nobody can attach bookings to it.
    const intruder = await placeBooking(
      database.db,
      newBooking({ offer: await resolve("2030-07-10T10:00", "2030-07-12T10:00"), email: "Declined@Example.com" }),
    );
    expect(intruder).toEqual({ ok: false, error: "errors.emailAlreadyRegistered" });
  });

  it("keeps the birth date given at checkout on the booking, and never rewrites a profile's own", async () => {
    const signedIn = (birthDate: string) => ({
      kind: "signedIn" as const,
      userId: catalogue.driver.id,
      phone: "+33 6 12 34 56 78",
      birthDate,
    });
    const bookingOf = async (placed: Awaited<ReturnType<typeof placeBooking>>) => {
      if (!placed.ok) throw new Error(placed.error);
      const [row] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, placed.bookingId));
      return row!;
    };
    const profileBirthDate = async () =>
      (
        await database.db
          .select({ birthDate: schema.users.birthDate })
          .from(schema.users)
          .where(eq(schema.users.id, catalogue.driver.id))
      )[0]!.birthDate;
    // A profile without a birth date takes the first one given.
    await database.db.update(schema.users).set({ birthDate: null }).where(eq(schema.users.id, catalogue.driver.id));
    const first = await placeBooking(
      database.db,
      newBooking({ offer: await resolve("2030-09-01T10:00", "2030-09-03T10:00"), driver: signedIn("1988-04-04") }),
    );
    expect((await bookingOf(first)).driverBirthDate).toBe("1988-04-04");
    expect(await profileBirthDate()).toBe("1988-04-04");
    // Another date typed at a later checkout stays with that booking; the profile keeps its own.
    const second = await placeBooking(
      database.db,
      newBooking({ offer: await resolve("2030-09-10T10:00", "2030-09-12T10:00"), driver: signedIn("1999-12-12") }),
    );
    expect((await bookingOf(second)).driverBirthDate).toBe("1999-12-12");
    expect(await profileBirthDate()).toBe("1988-04-04");
  });

  it("refuses a visitor using the address of an account that signs in, and a suspended driver", async () => {
    const period = await resolve("2030-08-01T10:00", "2030-08-03T10:00");
    const taken = await placeBooking(
      database.db,
      newBooking({ offer: period, email: catalogue.driver.email.toUpperCase() }),
    );
    expect(taken).toEqual({ ok: false, error: "errors.emailAlreadyRegistered" });
    await database.db.update(schema.users).set({ blacklisted: true }).where(eq(schema.users.id, catalogue.driver.id));
    const suspended = await placeBooking(
      database.db,
      newBooking({
        offer: period,
        driver: { kind: "signedIn", userId: catalogue.driver.id, phone: "+33 6 12 34 56 78", birthDate: "1990-01-01" },
      }),
    );
    expect(suspended).toEqual({ ok: false, error: "errors.accountSuspended" });
    await database.db.update(schema.users).set({ blacklisted: false }).where(eq(schema.users.id, catalogue.driver.id));
  });
});
