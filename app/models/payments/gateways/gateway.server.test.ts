import Stripe from "stripe";
import { z } from "zod";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";
import {
  configuredGatewayNames,
  gatewayDefinition,
  GATEWAYS,
  getPaymentGateway,
  parseGatewaySettings,
  paymentEmbedOrigins,
  paymentFormOrigins,
  readGatewayWebhook,
  requirePaymentGateway,
  type GatewayDefinition,
  type GatewayRegistry,
  type PaymentGateway,
} from "./gateway.server";

/** The settings a deployment with these variables starts with (the server's own, then every gateway's). */
const env = (vars: Record<string, string>, registry?: GatewayRegistry) =>
  parseGatewaySettings(vars, parseEnv({ SESSION_SECRET: "x".repeat(32), ...vars }), registry);
/** The same, through the start check server.ts makes. */
const started = (vars: Record<string, string>) => {
  const settings = env(vars);
  requirePaymentGateway(settings);
  return settings;
};

describe("which gateways a deployment offers", () => {
  it.each([
    ["nothing configured: the sandbox, so a fresh start books offline", {}, ["sandbox"]],
    ["Stripe keys", { STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk" }, ["stripe"]],
    [
      "Stripe and PayPal keys",
      { STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" },
      ["stripe", "payPal"],
    ],
    [
      "PayPal with the sandbox beside it (staging)",
      { PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", SANDBOX_PAYMENTS: "true" },
      ["payPal", "sandbox"],
    ],
    [
      "production on PostgreSQL with the sandbox explicitly enabled",
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/x",
        APP_URL: "https://rent.example",
        SANDBOX_PAYMENTS: "true",
      },
      ["sandbox"],
    ],
  ])("%s", (_name, vars, expected) => {
    expect(configuredGatewayNames(env(vars))).toEqual(expected);
  });

  it("refuses to start in production on PostgreSQL with no gateway and no explicit sandbox, naming what sets one up", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/x", APP_URL: "https://rent.example" };
    expect(() => started(production)).toThrow(
      /STRIPE_SECRET_KEY or PAYPAL_CLIENT_ID: one is required in production on PostgreSQL \(or SANDBOX_PAYMENTS=true/,
    );
    expect(started({ ...production, SANDBOX_PAYMENTS: "true" }).SANDBOX_PAYMENTS).toBe(true);
    expect(started({ ...production, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" }).PAYPAL_CLIENT_ID).toBe("id");
    // Anywhere else the offline sandbox stands in.
    expect(() => started({})).not.toThrow();
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "sk" }, /STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set/],
    [
      { STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", STRIPE_JS_URL: "http://127.0.0.1:9/s.js" },
      /STRIPE_JS_URL: is for tests/,
    ],
    [{ STRIPE_API_URL: "ftp://stripe.example" }, /STRIPE_API_URL: must be an http/],
    [{ PAYPAL_CLIENT_ID: "id" }, /PAYPAL_CLIENT_SECRET: is required when PAYPAL_CLIENT_ID is set/],
    [{ SANDBOX_PAYMENTS: "perhaps" }, /SANDBOX_PAYMENTS/],
  ])("each gateway checks its own variables: %o", (vars, message) => {
    expect(() => env(vars)).toThrow(message);
  });

  it("knows a gateway only by a name of its registry: any other text is refused", () => {
    expect(gatewayDefinition("stripe")?.name).toBe("stripe");
    for (const unknown of ["bitcoin", "Stripe", "", "constructor", "__proto__", "toString"])
      expect(gatewayDefinition(unknown), unknown).toBeUndefined();
  });

  it("says from the registry which gateway embeds its form and which takes the card in ours", () => {
    expect(
      Object.values(GATEWAYS)
        .filter((definition) => definition.embeddable)
        .map(({ name }) => name),
    ).toEqual(["stripe"]);
    expect(
      Object.values(GATEWAYS)
        .filter((definition) => definition.cardInOurForm)
        .map(({ name }) => name),
    ).toEqual(["sandbox"]);
  });

  it("lets form posts lead to the gateways' own pages (CSP form-action)", () => {
    expect(paymentFormOrigins(env({ STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk" }))).toEqual([
      "https://checkout.stripe.com",
    ]);
    expect(
      paymentFormOrigins(
        env({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_API_URL: "http://127.0.0.1:4000" }),
      ),
    ).toContain("http://127.0.0.1:4000");
    expect(paymentFormOrigins(env({}))).toEqual([]);
  });
});

/**
 * A fourth gateway, as CONTRIBUTING's "Adding a payment gateway" describes it: a definition in the registry is all
 * the neutral code needs (which gateways are offered, CSP origins, webhooks reduced to a neutral answer).
 */
describe("a fourth gateway is one registry entry", () => {
  const stubGateway: PaymentGateway = {
    // The name is one of PAYMENT_GATEWAYS in a real addition (enums.ts); the stub borrows the type only.
    name: "stub" as never,
    startPayment: async (request) => ({
      kind: "redirect",
      sessionId: request.attemptId,
      url: `https://pay.stub.example/${request.attemptId}`,
      references: { stubPaymentId: `sp_${request.attemptId}` },
    }),
    checkPayment: async ({ references }) =>
      references.stubPaymentId ? { status: "paid", amount: 100, currency: "EUR", references } : { status: "failed" },
    cancelPayment: async () => {},
    refundPayment: async ({ idempotencyKey }) => ({ refundId: `sr_${idempotencyKey}` }),
  };
  const stubConfig = z.object({ STUB_API_KEY: z.string().default("") });
  const stub: GatewayDefinition<z.output<typeof stubConfig>> = {
    name: "stub" as never,
    attemptPrefix: "st",
    cardInOurForm: false,
    embeddable: false,
    config: stubConfig,
    setUpBy: "STUB_API_KEY",
    configured: (env) => Boolean(env.STUB_API_KEY),
    create: () => stubGateway,
    formOrigins: () => ["https://pay.stub.example"],
    embedOrigins: () => ({ script: ["https://js.stub.example"], frame: [], connect: [] }),
    async readWebhook(_env, request) {
      const body = (await request.json()) as { signed?: boolean; type?: string; session?: string };
      if (!body.signed) return { kind: "invalid" };
      if (body.type !== "paid" || !body.session) return { kind: "ignored" };
      return {
        kind: "settle",
        sessionId: body.session,
        check: await stubGateway.checkPayment({
          sessionId: body.session,
          bookingId: "b",
          references: { stubPaymentId: "sp_1" },
        }),
      };
    },
  };
  const registry = { ...GATEWAYS, stub };
  const configured = env({ STUB_API_KEY: "key" }, registry);
  const post = (body: unknown) =>
    new Request("https://stub.example/webhooks/stub", { method: "POST", body: JSON.stringify(body) });

  it("is offered, before the sandbox, and its pages and scripts are allowed", () => {
    expect(configuredGatewayNames(configured, registry)).toEqual(["stub"]);
    expect(configuredGatewayNames(env({ SANDBOX_PAYMENTS: "true", STUB_API_KEY: "key" }, registry), registry)).toEqual([
      "stub",
      "sandbox",
    ]);
    expect(paymentFormOrigins(configured, registry)).toEqual(["https://pay.stub.example"]);
    expect(paymentEmbedOrigins(configured, registry).script).toEqual(["https://js.stub.example"]);
    expect(configuredGatewayNames(env({}, registry), registry)).toEqual(["sandbox"]);
    // Its variable is validated with the others at start, and the start check names it.
    expect(() =>
      requirePaymentGateway(
        env({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x", APP_URL: "https://rent.example" }, registry),
        registry,
      ),
    ).toThrow(/STUB_API_KEY/);
  });

  it("has its webhook read into the neutral answer the route applies", async () => {
    expect(await readGatewayWebhook("stub", post({ signed: false }), configured, registry)).toEqual({
      kind: "invalid",
    });
    expect(await readGatewayWebhook("stub", post({ signed: true, type: "refund" }), configured, registry)).toEqual({
      kind: "ignored",
    });
    expect(
      await readGatewayWebhook("stub", post({ signed: true, type: "paid", session: "st_1" }), configured, registry),
    ).toEqual({
      kind: "settle",
      sessionId: "st_1",
      check: { status: "paid", amount: 100, currency: "EUR", references: { stubPaymentId: "sp_1" } },
    });
    // Not configured, not a gateway, or a gateway without webhooks: not found.
    expect(await readGatewayWebhook("stub", post({ signed: true }), env({}, registry), registry)).toBeNull();
    expect(await readGatewayWebhook("toString", post({}), configured, registry)).toBeNull();
    expect(await readGatewayWebhook("sandbox", post({}), configured, registry)).toBeNull();
    // Stripe without its signing secret takes no webhooks at all: not found, as before the registry.
    const stripeOnly = env({ STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk" });
    expect(await readGatewayWebhook("stripe", post({}), stripeOnly, registry)).toBeNull();
  });
});

describe("gateway names in the database", () => {
  it("are plain text the registry checks: a name it does not know is an error naming it, not a crash", () => {
    expect(() => getPaymentGateway("bitcoin" as never)).toThrow('no payment gateway named "bitcoin" in the registry');
    expect(getPaymentGateway("sandbox").name).toBe("sandbox");
  });
});

describe("Stripe's webhook", () => {
  const secret = "whsec_test_reader";
  // Stripe's API as this test says: what a session really is, whatever an event claims.
  const sessions: Record<string, Partial<Stripe.Checkout.Session>> = {};
  let api: Server;
  let settings: ReturnType<typeof env>;
  beforeAll(async () => {
    api = createServer((request, response) => {
      const id = /\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.url ?? "")?.[1] ?? "";
      const session = sessions[id];
      response.writeHead(session ? 200 : 404, { "Content-Type": "application/json" });
      response.end(JSON.stringify(session ? { object: "checkout.session", id, ...session } : { error: {} }));
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    const { port } = api.address() as AddressInfo;
    settings = env({
      STRIPE_SECRET_KEY: "sk",
      STRIPE_PUBLISHABLE_KEY: "pk",
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  const signed = (payload: string, timestamp?: number) =>
    new Request("https://rent.example/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) },
    });
  const completed = (id: string, claims: Partial<Stripe.Checkout.Session>) =>
    JSON.stringify({
      id: "evt_1",
      type: "checkout.session.completed",
      data: { object: { object: "checkout.session", id, ...claims } },
    });
  const paidClaim = { status: "complete", payment_status: "paid", amount_total: 99_00, currency: "eur" } as const;

  it.each(["null", "42", '"text"', "[]", '{"id":"evt_1"}'])(
    "refuses a signed body that is no event (%s), and never throws",
    async (payload) => {
      expect(await readGatewayWebhook("stripe", signed(payload), settings)).toEqual({ kind: "invalid" });
    },
  );

  it("acknowledges a signed event about something else", async () => {
    const payload = JSON.stringify({ id: "evt_2", type: "customer.created", data: { object: { object: "customer" } } });
    expect(await readGatewayWebhook("stripe", signed(payload), settings)).toEqual({ kind: "ignored" });
  });

  it("asks Stripe instead of trusting the event: a signed 'paid' event for an unpaid session confirms nothing", async () => {
    sessions.cs_unpaid = { status: "open", payment_status: "unpaid" };
    expect(await readGatewayWebhook("stripe", signed(completed("cs_unpaid", paidClaim)), settings)).toEqual({
      kind: "settle",
      sessionId: "cs_unpaid",
      check: { status: "open" },
    });
    sessions.cs_paid = { ...paidClaim, amount_total: 120_00, payment_intent: "pi_1" };
    expect(await readGatewayWebhook("stripe", signed(completed("cs_paid", paidClaim)), settings)).toEqual({
      kind: "settle",
      sessionId: "cs_paid",
      check: {
        status: "paid",
        amount: 120_00,
        currency: "EUR",
        references: { sessionId: "cs_paid", paymentIntentId: "pi_1" },
      },
    });
  });

  it("refuses a signature dated in the future beyond the tolerance, as the SDK refuses an old one", async () => {
    sessions.cs_later = paidClaim;
    const now = Math.floor(Date.now() / 1000);
    const payload = completed("cs_later", paidClaim);
    expect(await readGatewayWebhook("stripe", signed(payload, now + 3600), settings)).toEqual({ kind: "invalid" });
    expect(await readGatewayWebhook("stripe", signed(payload, now - 3600), settings)).toEqual({ kind: "invalid" });
    expect(await readGatewayWebhook("stripe", signed(payload, now + 60), settings)).toMatchObject({ kind: "settle" });
  });
});
