/**
 * /checkout and /checkout-session through their loaders and actions, with Stripe and PayPal pointed at local
 * stand-ins (tests/support/payment-stand-ins.mjs) and the webhook signed with Stripe's own test helper.
 */
import { dataOf, headerOf, statusOf, type RouteResult } from "../../tests/support/route-results";
import { readFileSync } from "node:fs";
import { desc, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { insertMinimalCatalogue } from "../../tests/support/fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { setDatabase } from "~/utils/db.server";
import { readOutbox, routeArgs, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { action as checkoutAction, loader as checkoutLoader } from "./checkout";
import { action as sessionAction, loader as sessionLoader } from "./checkout-session.$sessionId/route";
import { loader as confirmationLoader } from "./confirmation.$attemptId";
import { releaseExpiredHolds } from "~/models/booking/bookings.server";
import { refundOwedPayments, refundPayment } from "~/models/payments/payments.server";
import { workAfterAnswerDone } from "~/utils/after-answer.server";
import { action as webhookAction } from "./webhooks.$gateway";
import { action as bookingsAction } from "./bookings/route";
import { findOwnBooking } from "~/models/booking/booking-view.server";
import type { SubmissionResult } from "@conform-to/react";
import { decodeFormError } from "~/domain/form-errors";
import { instantToLocalDateTime } from "~/domain/rental-period";

const standIns = await vi.hoisted(async () => {
  const { startPaymentStandIns } = await import("../../tests/support/payment-stand-ins.mjs");
  const started = await startPaymentStandIns();
  (await import("../../tests/support/app-test")).configureOutbox("checkout-gateways", {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
    STRIPE_WEBHOOK_SECRET: "whsec_standin",
    STRIPE_API_URL: started.origin,
    PAYPAL_CLIENT_ID: "paypal-client",
    PAYPAL_CLIENT_SECRET: "paypal-secret",
    PAYPAL_API_URL: started.origin,
  });
  return started as {
    origin: string;
    stripeSessions: Map<string, Record<string, unknown>>;
    paypalOrders: Map<string, { status: string }>;
    payStripeSession(id: string): Record<string, unknown>;
    approvePayPalOrder(id: string): void;
    capturePayPalOrder(id: string): void;
    refunds: Map<string, { id: string; amount: unknown }>;
    outage: { refunds: boolean; sessions: boolean };
    held: { refunds: Promise<void> | null };
    close(): Promise<void>;
  };
});

/** The checkout-session page's outcome (its state and what that state shows). */
const outcomeOf = <T = { state: string }>(result: RouteResult) => dataOf<{ outcome: T }>(result).outcome;
/** The checkout form's problems by field, as the page shows them (decoded from the form kit's reply). */
const formErrorsOf = (result: RouteResult) =>
  Object.fromEntries(
    Object.entries(
      dataOf<{ state: { reply: SubmissionResult<string[]> | null } } | null>(result)?.state.reply?.error ?? {},
    )
      .filter(([, messages]) => messages?.length)
      .map(([field, messages]) => [field, decodeFormError(messages?.[0])]),
  );

const ORIGIN = "http://localhost";
const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
let dates = 0;
/** A fresh week for each test, so bookings never meet. */
function nextPeriod() {
  dates += 1;
  const start = new Date(Date.UTC(2031, 0, 1 + dates * 7));
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(3)}T10:00` };
}

async function runCatching(work: () => Promise<RouteResult>): Promise<RouteResult> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("checkout with Stripe and PayPal (stand-ins)", () => {
  const app = useAppDatabase();
  let link: Record<string, string>;

  async function quoteTotal(query: Record<string, string>) {
    const result = (await checkoutLoader(
      routeArgs(new Request(`${ORIGIN}/checkout?${new URLSearchParams(query)}`)),
    )) as RouteResult;
    const page = dataOf<{ state: { kind: string; view: { total: number; deposit: number; currency: string } } }>(
      result,
    );
    expect(page.state.kind).toBe("offer");
    return page.state.view;
  }

  async function book(fields: Record<string, string>, cookie?: string) {
    // The total the page shows for these choices: what the form sends back as shown.
    const view = await quoteTotal(fields.extra ? { ...link, extra: fields.extra } : link);
    const body = new URLSearchParams({
      ...link,
      intent: "book",
      fullName: "Sam Stripe",
      email: `sam-${Math.random().toString(36).slice(2)}@example.com`,
      phone: "+44 20 7946 0000",
      birthDate: "1985-05-05",
      acceptTerms: "on",
      shownTotal: String(view.total),
      shownDeposit: String(view.deposit),
      shownCurrency: view.currency,
      ...fields,
    });
    const headers: Record<string, string> = { Origin: ORIGIN };
    if (cookie) headers.Cookie = cookie;
    return runCatching(
      () =>
        checkoutAction(
          routeArgs(new Request(`${ORIGIN}/checkout`, { method: "POST", headers, body })),
        ) as Promise<RouteResult>,
    );
  }

  const cookieFrom = (result: RouteResult) => (headerOf(result, "Set-Cookie") ?? "").split(";")[0]!;
  const cancelPayment = (sessionId: string, cookie: string) =>
    runCatching(
      () =>
        sessionAction({
          ...routeArgs(
            new Request(`${ORIGIN}/checkout-session/${sessionId}`, {
              method: "POST",
              headers: { Cookie: cookie, Origin: ORIGIN },
              body: new URLSearchParams({ intent: "cancel" }),
            }),
          ),
          params: { sessionId },
        }) as Promise<RouteResult>,
    );
  const paymentOf = async (bookingId: string) =>
    (await app.database.db.select().from(schema.payments).where(eq(schema.payments.bookingId, bookingId)))[0];
  const driverEmail = async (userId: string) =>
    (
      await app.database.db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, userId))
    )[0]!.email;
  const holdOfSession = async (sessionId: string) =>
    (await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.checkoutSessionId, sessionId)))[0];
  /** The hold a PayPal order pays for: the order's id is a reference on its payments row. */
  const holdOfPayPalOrder = async (orderId: string) =>
    (
      await app.database.db
        .select({ booking: schema.bookings })
        .from(schema.bookings)
        .innerJoin(schema.payments, eq(schema.payments.bookingId, schema.bookings.id))
        .where(sql`${schema.payments.references}->>'orderId' = ${orderId}`)
    )[0]?.booking;
  /** Ends a hold as the clock would: its expiry passes, the maintenance job releases it. */
  const expireHold = async (bookingId: string) => {
    await app.database.db
      .update(schema.bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.bookings.id, bookingId));
    await releaseExpiredHolds(app.database.db, new Date());
  };
  /** Someone else books the same car for the same period (pay later). */
  const bookInstead = async () => expect(statusOf(await book({ paymentMode: "payLater" }))).toBe(302);
  /** Starts a full online payment for a new period and lets its hold expire; `taken` books the car for someone else meanwhile. */
  const lateHold = async (gateway: "stripe" | "payPal", taken: boolean) => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway });
    const reference = headerOf(result, "Location")!.split("/").pop()!;
    const hold = gateway === "stripe" ? await holdOfSession(reference) : await holdOfPayPalOrder(reference);
    await expireHold(hold!.id);
    if (taken) await bookInstead();
    return { result, reference, hold: hold! };
  };
  const sessionPage = (sessionId: string, cookie: string, query = "") =>
    runCatching(
      () =>
        sessionLoader({
          ...routeArgs(new Request(`${ORIGIN}/checkout-session/${sessionId}${query}`, { headers: { Cookie: cookie } })),
          params: { sessionId },
        }) as Promise<RouteResult>,
    );

  function signedWebhook(event: unknown, secret = "whsec_standin") {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return webhookAction({
      ...routeArgs(
        new Request(`${ORIGIN}/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
          body: payload,
        }),
      ),
      params: { gateway: "stripe" },
    });
  }

  it("sends a driver without JavaScript to Stripe's hosted page for the amount shown, then confirms once when the return page and the webhook race", async () => {
    const catalogue = await insertMinimalCatalogue(app.database.db);
    await app.database.db.update(schema.cars).set({ deposit: 25_000 }).where(eq(schema.cars.id, catalogue.car.id));
    link = {
      car: catalogue.car.id,
      pickup: catalogue.location.slug,
      dropoff: catalogue.location.slug,
      ...nextPeriod(),
    };

    const result = await book({ paymentMode: "deposit", gateway: "stripe" });
    expect(statusOf(result)).toBe(303);
    const location = headerOf(result, "Location")!;
    expect(location).toMatch(new RegExp(`^${standIns.origin}/stripe/pay/cs_test_`));
    const sessionId = location.split("/").pop()!;
    const session = standIns.stripeSessions.get(sessionId)!;
    // The deposit option takes the car's refundable deposit online, in the display currency, for at most the hold.
    expect(session).toMatchObject({ mode: "payment", ui_mode: "hosted_page", amount_total: 25_000, currency: "usd" });
    expect(String(session.success_url)).toBe(`${ORIGIN}/checkout-session/{CHECKOUT_SESSION_ID}`);
    // Stripe's session ends a minute before the hold, and at least 30 minutes after it was created.
    expect(Number(session.expires_at) * 1000 - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(session.allowed_payment_method_types ?? ["card"]).toEqual(["card"]);

    const [hold] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, sessionId));
    expect(hold).toMatchObject({ status: "void", paymentMode: "deposit", paymentGateway: "stripe", amountDue: 25_000 });

    // Not paid yet: the page says it is checking.
    const cookie = cookieFrom(result);
    expect(outcomeOf(await sessionPage(sessionId, cookie))).toMatchObject({ state: "checking", gatewaySilent: false });
    // Stripe does not answer: the page says so (spec: "Something went wrong! Try again later") and keeps checking.
    standIns.outage.sessions = true;
    try {
      expect(outcomeOf(await sessionPage(sessionId, cookie))).toMatchObject({ state: "checking", gatewaySilent: true });
    } finally {
      standIns.outage.sessions = false;
    }

    const paid = standIns.payStripeSession(sessionId);
    const mailsBefore = (await readOutbox(process.env.OUTBOX_DIR!)).length;
    const [page, webhook] = await Promise.all([
      sessionPage(sessionId, cookie),
      signedWebhook({ id: "evt_1", type: "checkout.session.completed", data: { object: paid } }),
    ]);
    expect(webhook.status).toBe(200);
    expect(outcomeOf<{ state: string; receipt: { charged: number; status: string } }>(page)).toMatchObject({
      state: "success",
      receipt: { charged: 25_000, status: "deposit" },
    });
    const [booking] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, hold!.id));
    expect(booking).toMatchObject({ status: "deposit", chargedAmount: 25_000, expiresAt: null });
    // Stripe's own ids are data on the payments row, not columns of the booking.
    expect((await paymentOf(hold!.id))!.references.paymentIntentId).toMatch(/^pi_/);
    const notes = await app.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.bookingId, hold!.id));
    expect(notes).toHaveLength(2);
    const confirmations = (await readOutbox(process.env.OUTBOX_DIR!))
      .slice(mailsBefore)
      .filter((mail) => mail.includes("is confirmed"));
    expect(confirmations).toHaveLength(1);

    // Another browser cannot see it: the same 404 as a session that does not exist.
    expect(statusOf(await sessionPage(sessionId, ""))).toBe(404);
  });

  it("refuses a webhook whose signature does not verify, and changes nothing", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "stripe" });
    const sessionId = headerOf(result, "Location")!.split("/").pop()!;
    const forged = standIns.payStripeSession(sessionId);
    expect(
      (
        await signedWebhook(
          { id: "evt_forged", type: "checkout.session.completed", data: { object: forged } },
          "whsec_wrong",
        )
      ).status,
    ).toBe(400);
    const unsigned = await webhookAction({
      ...routeArgs(
        new Request(`${ORIGIN}/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ type: "checkout.session.completed", data: { object: forged } }),
        }),
      ),
      params: { gateway: "stripe" },
    });
    expect((unsigned as Response).status).toBe(400);
    const [booking] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, sessionId));
    expect(booking!.status).toBe("void");
  });

  it("releases the car when Stripe says the session expired", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "stripe" });
    const sessionId = headerOf(result, "Location")!.split("/").pop()!;
    const session = standIns.stripeSessions.get(sessionId)!;
    session.status = "expired";
    expect(
      (await signedWebhook({ id: "evt_expired", type: "checkout.session.expired", data: { object: session } })).status,
    ).toBe(200);
    const [released] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, sessionId));
    expect(released).toMatchObject({ status: "cancelled" });
    expect(released!.releasedAt).not.toBeNull();
    expect(await paymentOf(released!.id)).toMatchObject({ status: "failed", failureReason: "gateway" });
  });

  it("a checkout that fails after placing its hold gives the car back in the same request and ends the gateway's session", async () => {
    link = { ...link, ...nextPeriod() };
    const sessionsBefore = new Set(standIns.stripeSessions.keys());
    // The step after the gateway answered (recording its session on the booking) finds no database connection.
    const { db } = app.database;
    let updates = 0;
    const failingDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "update" && updates++ === 0) throw new Error("timeout exceeded when trying to connect");
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    setDatabase(Promise.resolve({ ...app.database, db: failingDb }));
    let failed: unknown;
    try {
      await book({ paymentMode: "full", gateway: "stripe" });
    } catch (error) {
      failed = error;
    } finally {
      setDatabase(Promise.resolve(app.database));
    }
    expect(String(failed)).toMatch(/timeout exceeded/);
    await workAfterAnswerDone();

    const [sessionId] = [...standIns.stripeSessions.keys()].filter((id) => !sessionsBefore.has(id));
    expect(standIns.stripeSessions.get(sessionId!)?.status).toBe("expired");
    const [hold] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.carId, link.car!))
      .orderBy(desc(schema.bookings.createdAt))
      .limit(1);
    expect(hold).toMatchObject({ status: "cancelled" });
    expect(hold!.releasedAt).not.toBeNull();
    // The car is free at once: the next driver books it.
    await bookInstead();
  });

  it("answers a signed event that is not a checkout session (or malformed) without a 500, and changes nothing", async () => {
    for (const event of [
      { id: "evt_a", type: "checkout.session.completed", data: {} },
      { id: "evt_b", type: "checkout.session.completed", data: { object: { object: "checkout.session" } } },
      { id: "evt_c", type: "payment_intent.succeeded", data: { object: { id: "pi_1", object: "payment_intent" } } },
      { id: "evt_d", type: "checkout.session.completed" },
    ]) {
      expect((await signedWebhook(event)).status).toBe(200);
    }
  });

  it("a driver who turns back on Stripe's page gets 'Payment failed.' with the way back to the same choices, and the car is free", async () => {
    link = { ...link, ...nextPeriod() };
    // An extra the car does not have, in a hand-edited link, is left out of the page; posted by hand, it is refused.
    expect((await quoteTotal({ ...link, extra: "collisionDamageWaiver" })).total).toBe((await quoteTotal(link)).total);
    const refused = await book({ paymentMode: "full", gateway: "stripe", extra: "collisionDamageWaiver" });
    expect(statusOf(refused)).toBe(400);
    expect(formErrorsOf(refused).extras).toEqual({
      key: "checkout:problems.extraUnavailable",
    });
    // Sold once the car has a damage excess for it to take away (a waiver that reduces nothing is not sold).
    await app.database.db
      .update(schema.cars)
      .set({ collisionDamageWaiver: 700, damageExcess: 80_000 })
      .where(eq(schema.cars.id, link.car!));
    const result = await book({ paymentMode: "full", gateway: "stripe", extra: "collisionDamageWaiver" });
    const sessionId = headerOf(result, "Location")!.split("/").pop()!;
    // Back from Stripe's "go back" link (a GET): nothing changes, the driver is offered to cancel.
    const left = outcomeOf<{ state: string; canCancel: boolean }>(
      await sessionPage(sessionId, cookieFrom(result), "?cancelled=1"),
    );
    expect(left).toMatchObject({ state: "left", canCancel: true });
    expect(standIns.stripeSessions.get(sessionId)!.status).toBe("open");
    const [held] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, sessionId));
    expect(held!.status).toBe("void");
    // Only the paying driver may cancel: another browser gets the same 404 as for a session that does not exist.
    expect(statusOf(await cancelPayment(sessionId, ""))).toBe(404);
    expect(statusOf(await cancelPayment(sessionId, cookieFrom(result)))).toBe(303);
    const page = outcomeOf<{ state: string; retry: string }>(await sessionPage(sessionId, cookieFrom(result)));
    expect(page.state).toBe("failed");
    expect(page.retry).toContain(`car=${link.car}`);
    expect(page.retry).toContain("payment=full");
    expect(page.retry).toContain("extra=collisionDamageWaiver");
    expect(standIns.stripeSessions.get(sessionId)!.status).toBe("expired");
    const [released] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, sessionId));
    expect(released!.status).toBe("cancelled");
    // The same visitor books the same car again at once, with the same address.
    const again = await book({
      paymentMode: "full",
      gateway: "stripe",
      extra: "collisionDamageWaiver",
      email: released ? await driverEmail(released.driverId) : "",
    });
    expect(statusOf(again)).toBe(303);
  });

  it("with JavaScript, opens Stripe's embedded checkout instead of a redirect", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "stripe", embedded: "1" });
    expect(statusOf(result)).toBe(200);
    const state = dataOf<{ state: { kind: string; clientSecret: string; publishableKey: string; sessionId: string } }>(
      result,
    ).state;
    expect(state).toMatchObject({ kind: "embedded", publishableKey: "pk_test_standin" });
    expect(standIns.stripeSessions.get(state.sessionId)).toMatchObject({
      ui_mode: "embedded_page",
      return_url: `${ORIGIN}/checkout-session/{CHECKOUT_SESSION_ID}`,
    });
  });

  it("takes a PayPal order through approval and captures it on the server", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "payPal" });
    expect(statusOf(result)).toBe(303);
    const approve = headerOf(result, "Location")!;
    expect(approve).toMatch(new RegExp(`^${standIns.origin}/paypal/approve/`));
    const orderId = approve.split("/").pop()!;
    const hold = await holdOfPayPalOrder(orderId);
    expect(hold).toMatchObject({ status: "void", paymentGateway: "payPal" });
    const cookie = cookieFrom(result);
    // Not approved yet: still checking.
    expect(outcomeOf(await sessionPage(hold!.checkoutSessionId!, cookie)).state).toBe("checking");
    standIns.approvePayPalOrder(orderId);
    const [first, second] = await Promise.all([
      sessionPage(hold!.checkoutSessionId!, cookie),
      sessionPage(hold!.checkoutSessionId!, cookie),
    ]);
    expect(outcomeOf(first).state).toBe("success");
    expect(outcomeOf(second).state).toBe("success");
    expect(standIns.paypalOrders.get(orderId)!.status).toBe("COMPLETED");
    const [booking] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, hold!.id));
    expect(booking).toMatchObject({ status: "paid", chargedAmount: hold!.amountDue });
    expect(
      await app.database.db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, hold!.id)),
    ).toHaveLength(2);
  });

  it("Stripe: a payment completed after its hold ended confirms the booking when the car is still free", async () => {
    const { result, reference: sessionId, hold } = await lateHold("stripe", false);
    const paid = standIns.payStripeSession(sessionId);
    expect(
      (await signedWebhook({ id: "evt_late_free", type: "checkout.session.completed", data: { object: paid } })).status,
    ).toBe(200);
    const [booking] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, hold.id));
    expect(booking).toMatchObject({ status: "paid", releasedAt: null });
    expect(await paymentOf(hold.id)).toMatchObject({ status: "captured", refundReason: null });
    expect(outcomeOf(await sessionPage(sessionId, cookieFrom(result))).state).toBe("success");
  });

  it("Stripe: a payment completed after its hold ended, the car taken meanwhile, is refunded through Stripe once, and the driver told", async () => {
    const { result, reference: sessionId, hold } = await lateHold("stripe", true);
    const paid = standIns.payStripeSession(sessionId);
    const refundsBefore = standIns.refunds.size;
    // The webhook and the return page race: one refund, one mail.
    const [webhook, page] = await Promise.all([
      signedWebhook({ id: "evt_late_taken", type: "checkout.session.completed", data: { object: paid } }),
      sessionPage(sessionId, cookieFrom(result)),
    ]);
    expect(webhook.status).toBe(200);
    // Neither waits for the gateway's refund: it goes after the answer, which says it is on its way.
    expect(["refunded", "refundPending"]).toContain(outcomeOf(page).state);
    await workAfterAnswerDone();
    expect(
      outcomeOf<{ state: string; amount: string }>(await sessionPage(sessionId, cookieFrom(result))),
    ).toMatchObject({
      state: "refunded",
      amount: expect.stringContaining("$"),
    });
    expect(standIns.refunds.size).toBe(refundsBefore + 1);
    const payment = await paymentOf(hold.id);
    expect(payment).toMatchObject({
      status: "refunded",
      refundReason: "carTaken",
      refundedAmount: hold.amountDue,
      capturedAmount: hold.amountDue,
    });
    expect(payment!.references).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_/),
      refundId: expect.stringMatching(/^re_/),
    });
    const events = await app.database.db
      .select({ status: schema.paymentEvents.status, detail: schema.paymentEvents.detail })
      .from(schema.paymentEvents)
      .where(eq(schema.paymentEvents.paymentId, payment!.id))
      .orderBy(schema.paymentEvents.at);
    // Taken, the refund asked (on record before the gateway is called, with what it asks), refunded.
    expect(events.map((event) => event.status)).toEqual(["started", "captured", "captured", "refunded"]);
    expect(events[2]!.detail).toEqual({ refundAsked: payment!.capturedAmount ?? payment!.amount, after: 0 });
    const [booking] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, hold.id));
    expect(booking!.status).toBe("cancelled");
    const to = await driverEmail(hold.driverId);
    const mails = (await readOutbox(process.env.OUTBOX_DIR!)).filter((mail) => mail.includes("Refund of"));
    expect(mails.filter((mail) => mail.includes(`To: ${to}`))).toHaveLength(1);
  });

  it("Stripe: a payment taken in another currency than asked is recorded, refunded and mailed in the currency taken", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "stripe" });
    const sessionId = headerOf(result, "Location")!.split("/").pop()!;
    const hold = (await holdOfSession(sessionId))!;
    const paid = standIns.payStripeSession(sessionId);
    // The gateway reports yen (a payment method that converted it): not the amount shown, so it is given back.
    Object.assign(standIns.stripeSessions.get(sessionId)!, { currency: "jpy", amount_total: 61_500 });
    expect(
      (await signedWebhook({ id: "evt_other_currency", type: "checkout.session.completed", data: { object: paid } }))
        .status,
    ).toBe(200);
    await workAfterAnswerDone();
    expect(await paymentOf(hold.id)).toMatchObject({
      status: "refunded",
      refundReason: "amountMismatch",
      currency: "USD",
      capturedAmount: 61_500,
      capturedCurrency: "JPY",
      refundedAmount: 61_500,
    });
    expect(
      outcomeOf<{ state: string; amount: string }>(await sessionPage(sessionId, cookieFrom(result))),
    ).toMatchObject({ state: "refunded", amount: "¥61,500" });
    const to = await driverEmail(hold.driverId);
    const mails = (await readOutbox(process.env.OUTBOX_DIR!)).filter(
      (mail) => mail.includes("We have refunded the full amount") && mail.includes(`To: ${to}`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("We have refunded the full amount, ¥61,500,");
  });

  it("a refund the gateway refuses is kept as owed and retried until it succeeds", async () => {
    const { result, reference: sessionId, hold } = await lateHold("stripe", true);
    standIns.outage.refunds = true;
    try {
      const paid = standIns.payStripeSession(sessionId);
      await signedWebhook({ id: "evt_refund_outage", type: "checkout.session.completed", data: { object: paid } });
      await workAfterAnswerDone();
      expect(await paymentOf(hold.id)).toMatchObject({ status: "refundFailed", refundAttempts: 1 });
      expect(outcomeOf(await sessionPage(sessionId, cookieFrom(result))).state).toBe("refundPending");
    } finally {
      standIns.outage.refunds = false;
    }
    // Not due yet: nothing happens; once due, the retry job refunds it.
    expect(await refundOwedPayments(app.database.db, ORIGIN)).toBe(0);
    expect(await refundOwedPayments(app.database.db, ORIGIN, new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect(await paymentOf(hold.id)).toMatchObject({ status: "refunded" });
  });

  it("PayPal: an order approved after its hold ended is captured when the car is still free, and never captured when it was taken", async () => {
    const { result: free, reference: freeOrder, hold: freeHold } = await lateHold("payPal", false);
    standIns.approvePayPalOrder(freeOrder);
    expect(outcomeOf(await sessionPage(freeHold.checkoutSessionId!, cookieFrom(free))).state).toBe("success");
    expect(standIns.paypalOrders.get(freeOrder)!.status).toBe("COMPLETED");

    const { result: taken, reference: takenOrder, hold: takenHold } = await lateHold("payPal", true);
    standIns.approvePayPalOrder(takenOrder);
    expect(outcomeOf(await sessionPage(takenHold.checkoutSessionId!, cookieFrom(taken))).state).toBe("carTaken");
    // Approved but never captured: no money moved.
    expect(standIns.paypalOrders.get(takenOrder)!.status).toBe("APPROVED");
    expect(await paymentOf(takenHold.id)).toMatchObject({
      status: "failed",
      failureReason: "carTaken",
      capturedAmount: null,
    });
  });

  it("PayPal: an order found captured for a hold whose car was taken meanwhile is refunded through PayPal", async () => {
    const { result, reference: orderId, hold } = await lateHold("payPal", true);
    // Captured (our answer lost to a crash), then found on the next check.
    standIns.capturePayPalOrder(orderId);
    // The page answers at once, the refund on its way; once through, the page says it is done.
    let refunded!: () => void;
    standIns.held.refunds = new Promise<void>((resolve) => (refunded = resolve));
    try {
      expect(outcomeOf(await sessionPage(hold.checkoutSessionId!, cookieFrom(result))).state).toBe("refundPending");
    } finally {
      standIns.held.refunds = null;
      refunded();
    }
    await workAfterAnswerDone();
    expect(outcomeOf(await sessionPage(hold.checkoutSessionId!, cookieFrom(result))).state).toBe("refunded");
    const payment = await paymentOf(hold.id);
    expect(payment).toMatchObject({ status: "refunded", refundReason: "carTaken" });
    expect(payment!.references).toMatchObject({
      orderId,
      captureId: expect.stringMatching(/^CAP_/),
      refundId: expect.stringMatching(/^REF_/),
    });
  });

  it.each([
    [
      "a pick-up in ten minutes",
      () => ({ from: isoMinute(Date.now() + 10 * 60_000), to: isoMinute(Date.now() + 3 * 86_400_000) }),
      "common:validation.pickupTooSoon",
    ],
    [
      "a drop-off before the pick-up",
      () => ({ from: "2031-03-04T10:00", to: "2031-03-01T10:00" }),
      "common:validation.dropoffBeforePickup",
    ],
    [
      "a half-hour rental",
      () => ({ from: "2031-03-01T10:00", to: "2031-03-01T10:30" }),
      "common:validation.rentalTooShort",
    ],
    [
      "a two-year rental",
      () => ({ from: "2031-03-01T10:00", to: "2033-03-01T10:00" }),
      "common:validation.rentalTooLong",
    ],
    ["a date that is not one", () => ({ from: "soon", to: "2031-03-01T10:00" }), "common:validation.invalidDate"],
  ])("a link with %s explains it with a message the page can translate", async (_name, period, key) => {
    const result = (await checkoutLoader(
      routeArgs(new Request(`${ORIGIN}/checkout?${new URLSearchParams({ ...link, ...period() })}`)),
    )) as RouteResult;
    const problem = dataOf<{ state: { kind: string; problem: { key: string } } }>(result).state;
    expect(problem).toMatchObject({ kind: "problem", problem: { key } });
    // The key names its namespace and exists there (the page's t() would show it raw otherwise).
    const [namespace, path] = key.split(":") as [string, string];
    const catalogue = JSON.parse(readFileSync(`app/locales/en/${namespace}.json`, "utf8")) as Record<string, unknown>;
    const leaf = path
      .split(".")
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)?.[part] ?? (node as Record<string, unknown>)?.[`${part}_one`],
        catalogue,
      );
    expect(typeof leaf).toBe("string");
  });

  it("a booking paid at pick-up lands on its confirmation, not on a payment's page; only its browser opens it", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "payLater" });
    expect(statusOf(result)).toBe(302);
    const location = headerOf(result, "Location")!;
    expect(location).toMatch(/^\/confirmation\/bk_/);
    const attemptId = location.split("/").pop()!;
    const confirmation = (cookie: string) =>
      runCatching(
        () =>
          confirmationLoader({
            ...routeArgs(new Request(`${ORIGIN}${location}`, { headers: { Cookie: cookie } })),
            params: { attemptId },
          }) as Promise<RouteResult>,
      );
    const page = await confirmation(cookieFrom(result));
    expect(dataOf<{ receipt: { reference: string; paidOnline: boolean } }>(page).receipt).toMatchObject({
      paidOnline: false,
    });
    expect(headerOf(page, "Cache-Control")).toBe("private, no-store");
    // The payment page of a booking without a payment sends the driver to its confirmation.
    const old = await sessionPage(attemptId, cookieFrom(result));
    expect(statusOf(old)).toBe(302);
    expect(headerOf(old, "Location")).toBe(location);
    // Another browser: the same answer as for a booking that does not exist.
    expect(statusOf(await confirmation(""))).toBe(404);
  });

  it("within 24 hours of pick-up, the Cancellation option is not sold and the terms say non-refundable", async () => {
    await app.database.db.update(schema.cars).set({ cancellation: 1500 }).where(eq(schema.cars.id, link.car!));
    try {
      const local = (hoursAhead: number) =>
        instantToLocalDateTime(new Date(Date.now() + hoursAhead * 3_600_000), "Africa/Tunis").slice(0, 16);
      const optionsAt = async (fromHours: number) => {
        const view = (await quoteTotal({ ...link, from: local(fromHours), to: local(fromHours + 72) })) as unknown as {
          extras: { options: Array<{ extra: string }> };
          cancellationDeadline: string | null;
        };
        return { options: view.extras.options.map((option) => option.extra), deadline: view.cancellationDeadline };
      };
      const early = await optionsAt(48);
      expect(early.options).toContain("cancellation");
      expect(early.deadline).not.toBeNull();
      const late = await optionsAt(12);
      expect(late.options).not.toContain("cancellation");
      expect(late.deadline).toBeNull();
      // Posted by hand, the option is refused rather than sold.
      const period = { from: local(12), to: local(84) };
      link = { ...link, ...period };
      const result = await book({ paymentMode: "full", gateway: "stripe", extra: "cancellation" });
      expect(statusOf(result)).toBe(400);
    } finally {
      await app.database.db.update(schema.cars).set({ cancellation: -1 }).where(eq(schema.cars.id, link.car!));
    }
  });

  it("never charges a price the page did not show", async () => {
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "stripe", shownTotal: "1" });
    expect(statusOf(result)).toBe(400);
    expect(formErrorsOf(result)[""]).toEqual({
      key: "checkout:problems.priceChanged",
    });
  });

  it("prices the supplier's one-way fee, young-driver fee and tax on the server: shown before they are charged (decision 025)", async () => {
    // A database of its own: the catalogue (places) of this file's is cached, and this test adds a drop-off place.
    const own = await createTestDatabase("pglite");
    setDatabase(Promise.resolve(own));
    const sharedLink = link;
    try {
      await pricesFeesAndTax(own.db);
    } finally {
      link = sharedLink;
      setDatabase(Promise.resolve(app.database));
      await own.destroy();
    }
  });

  async function pricesFeesAndTax(db: TestDatabase["db"]) {
    const catalogue = await insertMinimalCatalogue(db);
    await db
      .update(schema.supplierSettings)
      .set({
        taxRateBasisPoints: 2000,
        taxIncluded: false,
        oneWayFee: 3000,
        youngDriverAge: 26,
        youngDriverDailyFee: 1500,
      })
      .where(eq(schema.supplierSettings.supplierId, catalogue.supplier.id));
    const [elsewhere] = await db
      .insert(schema.locations)
      .values({ ...catalogue.location, id: undefined, slug: `${catalogue.location.slug}-port`, nameEn: "Tunis Port" })
      .returning();
    link = { car: catalogue.car.id, pickup: catalogue.location.slug, dropoff: elsewhere!.slug, ...nextPeriod() };
    type Charges = { fees: { oneWay: number; youngDriver: number }; tax: { added: boolean; amount: number } };
    type View = { total: number; charges: Charges; youngDriverUnknown: unknown };

    // A visitor's age is not known yet: 3 days at 40.00 plus the 30.00 one-way fee, then 20 % tax; the fee named.
    const shown = (await quoteTotal(link)) as unknown as View;
    expect(shown.total).toBe(18_000);
    expect(shown.charges).toEqual({
      fees: { oneWay: 3000, youngDriver: 0 },
      tax: { rateBasisPoints: 2000, added: true, amount: 3000 },
    });
    // The fee as it adds to the total: with the 20 % tax this supplier adds.
    expect(shown.youngDriverUnknown).toEqual({ underAge: 26, dailyFee: 1800, total: 5400 });

    // A driver of 25 on the pick-up day is shown the fee in the total before anything is booked...
    const young = { paymentMode: "payLater", birthDate: "2005-06-01" };
    const refused = await book(young);
    expect(statusOf(refused)).toBe(400);
    const state = dataOf<{ state: { view: View } }>(refused).state;
    // The fee as the breakdown shows it, and with this supplier's tax on top the whole difference.
    expect(formErrorsOf(refused)[""]).toEqual({
      key: "checkout:problems.youngDriverFeeAddedWithTax",
      params: { fee: "$45", amount: "$54" },
    });
    expect(state.view.total).toBe(23_400);
    expect(state.view.charges.fees.youngDriver).toBe(4500);
    expect(
      await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.carId, catalogue.car.id)),
    ).toEqual([]);

    // ...and books at that total, every part recorded as quoted.
    const accepted = await book({ ...young, shownTotal: "23400" });
    expect(formErrorsOf(accepted)).toEqual({});
    expect(statusOf(accepted)).toBe(302);
    const [booking] = await db.select().from(schema.bookings).where(eq(schema.bookings.carId, catalogue.car.id));
    expect(booking).toMatchObject({
      basePrice: 12_000,
      oneWayFee: 3000,
      youngDriverFee: 4500,
      taxRateBasisPoints: 2000,
      taxAdded: true,
      taxAmount: 3900,
      totalPrice: 23_400,
    });

    // An older driver pays neither the young-driver fee nor anything the page did not show.
    link = { ...link, ...nextPeriod() };
    expect(statusOf(await book({ paymentMode: "payLater" }))).toBe(302);
    const totals = await db
      .select({ total: schema.bookings.totalPrice, young: schema.bookings.youngDriverFee })
      .from(schema.bookings)
      .where(eq(schema.bookings.carId, catalogue.car.id));
    expect(totals).toContainEqual({ total: 18_000, young: 0 });
  }

  /** The driver cancels from /bookings, confirmed (what the confirmation page posts). */
  async function cancelAsDriver(bookingId: string, driverId: string) {
    const cookie = await sessionCookieFor(driverId);
    return runCatching(
      () =>
        bookingsAction(
          routeArgs(
            new Request(`${ORIGIN}/bookings`, {
              method: "POST",
              headers: { Cookie: cookie, Origin: ORIGIN },
              body: new URLSearchParams([
                ["bulkAction", "cancelRequest"],
                ["id", bookingId],
                ["confirmed", "yes"],
              ]),
            }),
          ),
        ) as Promise<RouteResult>,
    );
  }
  /** A booking paid in full through Stripe with the Cancellation option, for a new period. */
  async function paidWithCancellationOption() {
    await app.database.db.update(schema.cars).set({ cancellation: 900 }).where(eq(schema.cars.id, link.car!));
    link = { ...link, ...nextPeriod() };
    const result = await book({ paymentMode: "full", gateway: "stripe", extra: "cancellation" });
    const sessionId = headerOf(result, "Location")!.split("/").pop()!;
    const paid = standIns.payStripeSession(sessionId);
    await signedWebhook({ id: `evt_${sessionId}`, type: "checkout.session.completed", data: { object: paid } });
    const [booking] = await app.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.checkoutSessionId, sessionId));
    expect(booking).toMatchObject({ status: "paid", cancellation: true });
    return booking!;
  }

  it("a driver who cancels within the free window is cancelled at once, refunded through Stripe once, and both sides are told", async () => {
    const booking = await paidWithCancellationOption();
    const refundsBefore = standIns.refunds.size;
    const mailsBefore = (await readOutbox(process.env.OUTBOX_DIR!)).length;
    // Stripe holds its answer: the cancellation answers all the same, the refund on record and on its way.
    let answerRefunds = () => {};
    standIns.held.refunds = new Promise<void>((resolve) => (answerRefunds = resolve));
    let result: Awaited<ReturnType<typeof cancelAsDriver>>;
    try {
      result = await cancelAsDriver(booking.id, booking.driverId);
      expect(statusOf(result)).toBe(302);
      expect(await paymentOf(booking.id)).toMatchObject({ status: "captured", refundReason: "cancelled" });
      expect(standIns.refunds.size).toBe(refundsBefore);
    } finally {
      standIns.held.refunds = null;
      answerRefunds();
    }
    await workAfterAnswerDone();
    const [cancelled] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
    expect(cancelled).toMatchObject({ status: "cancelled", cancelRequest: false });
    expect(standIns.refunds.size).toBe(refundsBefore + 1);
    expect(await paymentOf(booking.id)).toMatchObject({
      status: "refunded",
      refundReason: "cancelled",
      refundedAmount: booking.amountDue,
    });
    const notes = await app.database.db
      .select({ userId: schema.notifications.userId, messageKey: schema.notifications.messageKey })
      .from(schema.notifications)
      .where(eq(schema.notifications.bookingId, booking.id));
    expect(notes).toEqual(
      expect.arrayContaining([
        { userId: booking.supplierId, messageKey: "notifications.cancelledByDriver" },
        { userId: booking.driverId, messageKey: "notifications.youCancelled" },
      ]),
    );
    const to = await driverEmail(booking.driverId);
    const mails = (await readOutbox(process.env.OUTBOX_DIR!)).slice(mailsBefore);
    const toDriver = mails.filter((mail) => mail.includes(`To: ${to}`));
    expect(toDriver.filter((mail) => /Subject: Booking \S+ is cancelled/.test(mail))).toHaveLength(1);
    expect(toDriver.filter((mail) => mail.includes("for cancelled booking"))).toHaveLength(1);
    expect(toDriver.join("\n")).toContain("is being refunded in full");
    // The car is free again for the same period.
    expect(statusOf(await book({ paymentMode: "payLater" }))).toBe(302);
    // Asking again changes nothing (the list says so) and refunds nothing more.
    await cancelAsDriver(booking.id, booking.driverId);
    expect(await paymentOf(booking.id)).toMatchObject({ status: "refunded" });
    expect(standIns.refunds.size).toBe(refundsBefore + 1);
  });

  it("after the free-cancellation deadline a driver's cancellation is only a request: nothing is refunded or freed", async () => {
    const booking = await paidWithCancellationOption();
    // Twelve hours before pick-up: past the 24-hour deadline.
    const startsAt = new Date(Date.now() + 12 * 3_600_000);
    await app.database.db
      .update(schema.bookings)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3 * 86_400_000) })
      .where(eq(schema.bookings.id, booking.id));
    const refundsBefore = standIns.refunds.size;
    expect(statusOf(await cancelAsDriver(booking.id, booking.driverId))).toBe(302);
    const [requested] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
    expect(requested).toMatchObject({ status: "paid", cancelRequest: true });
    expect(await paymentOf(booking.id)).toMatchObject({ status: "captured", refundReason: null });
    expect(standIns.refunds.size).toBe(refundsBefore);
  });

  it("a refund that fails at cancellation stays owed and the cancellation stands; the retry job refunds it", async () => {
    const booking = await paidWithCancellationOption();
    standIns.outage.refunds = true;
    try {
      expect(statusOf(await cancelAsDriver(booking.id, booking.driverId))).toBe(302);
      await workAfterAnswerDone();
    } finally {
      standIns.outage.refunds = false;
    }
    const [cancelled] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
    expect(cancelled!.status).toBe("cancelled");
    expect(await paymentOf(booking.id)).toMatchObject({ status: "refundFailed", refundReason: "cancelled" });
    expect(await refundOwedPayments(app.database.db, ORIGIN, new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect(await paymentOf(booking.id)).toMatchObject({ status: "refunded", refundedAmount: booking.amountDue });
  });

  it("a refund owed is asked of the gateway once, however many callers race for it (the page and the retry job)", async () => {
    const booking = await paidWithCancellationOption();
    const payment = (await paymentOf(booking.id))!;
    await app.database.db
      .update(schema.payments)
      .set({ refundReason: "cancelled", nextRefundAt: new Date() })
      .where(eq(schema.payments.id, payment.id));
    const refundsBefore = standIns.refunds.size;
    const mailsBefore = (await readOutbox(process.env.OUTBOX_DIR!)).length;
    await Promise.all([
      refundPayment(app.database.db, payment.id, ORIGIN),
      refundPayment(app.database.db, payment.id, ORIGIN),
      refundOwedPayments(app.database.db, ORIGIN),
    ]);
    expect(standIns.refunds.size).toBe(refundsBefore + 1);
    expect(await paymentOf(booking.id)).toMatchObject({ status: "refunded" });
    const refundMails = (await readOutbox(process.env.OUTBOX_DIR!))
      .slice(mailsBefore)
      .filter((mail) => mail.includes("for cancelled booking"));
    expect(refundMails).toHaveLength(1);
  });

  it("a booking charged online with no payment on record is not freed by its driver: the cancellation is a request", async () => {
    const booking = await paidWithCancellationOption();
    // As a booking paid before the payments record (decision 019) is: charged, with no payment row.
    const payment = (await paymentOf(booking.id))!;
    await app.database.db.delete(schema.paymentEvents).where(eq(schema.paymentEvents.paymentId, payment.id));
    await app.database.db.delete(schema.payments).where(eq(schema.payments.id, payment.id));
    // Its receipt offers a cancellation request, not "Cancel booking, free of charge".
    const viewer = { id: booking.driverId, role: "user" as const };
    const own = await findOwnBooking(app.database.db, { id: booking.id }, new Request(ORIGIN), viewer);
    expect(own!.receipt).toMatchObject({ canCancel: true, cancelsAtOnce: false });
    expect(statusOf(await cancelAsDriver(booking.id, booking.driverId))).toBe(302);
    const [kept] = await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, booking.id));
    expect(kept).toMatchObject({ status: "paid", cancelRequest: true });
  });
});
