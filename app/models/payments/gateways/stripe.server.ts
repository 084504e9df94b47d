/**
 * Stripe Checkout (spec §9's default gateway): a Checkout Session per payment attempt, hosted (a 303 to Stripe's
 * page, no JavaScript needed) or embedded (Stripe.js mounts it in our page). The return page and the signed webhook
 * both read the session's state from Stripe; neither trusts anything the browser says.
 */
import Stripe from "stripe";
import { z } from "zod";
import { httpUrl } from "~/utils/env.server";
import type { GatewayDefinition, GatewaySettings, PaymentCheck, PaymentGateway, WebhookAnswer } from "./types";

/** Stripe's variables (README's table). */
const stripeConfig = z.object({
  STRIPE_SECRET_KEY: z.string().default(""),
  STRIPE_PUBLISHABLE_KEY: z.string().default(""),
  STRIPE_WEBHOOK_SECRET: z.string().default(""),
  /** Stripe's API address (tests point it at a local stand-in). */
  STRIPE_API_URL: httpUrl.default("https://api.stripe.com"),
  /**
   * For tests only: where the browser loads Stripe.js from (a local stand-in). Accepted only with a STRIPE_API_URL
   * that is not Stripe's, so a real deployment always loads Stripe's own script.
   */
  STRIPE_JS_URL: httpUrl.optional().or(z.literal("").transform(() => undefined)),
});
type Env = GatewaySettings<z.output<typeof stripeConfig>>;

export function stripeClient(env: Env): Stripe {
  const api = new URL(env.STRIPE_API_URL);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port || (api.protocol === "https:" ? 443 : 80),
    protocol: api.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

/** What a session says of its payment. */
export function sessionPaymentCheck(session: Stripe.Checkout.Session): PaymentCheck {
  if (session.payment_status === "paid" && session.status === "complete") {
    const id = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));
    const references: Record<string, string> = { sessionId: session.id };
    const paymentIntentId = id(session.payment_intent);
    const customerId = id(session.customer);
    if (paymentIntentId) references.paymentIntentId = paymentIntentId;
    if (customerId) references.customerId = customerId;
    return {
      status: "paid",
      amount: session.amount_total ?? -1,
      currency: (session.currency ?? "").toUpperCase(),
      references,
    };
  }
  if (session.status === "expired") return { status: "failed" };
  return { status: "open" };
}

export function stripeGateway(env: Env): PaymentGateway {
  const stripe = stripeClient(env);
  return {
    name: "stripe",
    async startPayment(request) {
      const returnPage = `${request.origin}${request.returnPath ?? "/checkout-session/{CHECKOUT_SESSION_ID}"}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          ui_mode: request.embedded ? "embedded_page" : "hosted_page",
          ...(request.embedded
            ? { return_url: returnPage }
            : { success_url: returnPage, cancel_url: `${returnPage}?cancelled=1` }),
          // A minute before the hold ends, so a payment can never complete after its hold was released (Stripe
          // wants 30 minutes at least: PAYMENT_HOLD_MINUTES is 32 or more).
          expires_at: Math.floor(request.expiresAt.getTime() / 1000) - 60,
          // Cards settle at once; delayed methods (bank debits) would be paid after the hold expired.
          allowed_payment_method_types: ["card"],
          client_reference_id: request.bookingId,
          customer_email: request.customerEmail,
          locale: request.language as Stripe.Checkout.SessionCreateParams.Locale,
          metadata: { bookingId: request.bookingId },
          payment_intent_data: { description: request.description, metadata: { bookingId: request.bookingId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.name, description: request.description },
              },
            },
          ],
        },
        { idempotencyKey: `checkout-${request.attemptId}` },
      );
      if (request.embedded) {
        if (!session.client_secret) throw new Error("Stripe returned no client secret for an embedded session");
        return {
          kind: "embedded",
          sessionId: session.id,
          clientSecret: session.client_secret,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          scriptUrl: env.STRIPE_JS_URL ?? null,
        };
      }
      if (!session.url) throw new Error("Stripe returned no page address for a hosted session");
      return { kind: "redirect", sessionId: session.id, url: session.url };
    },
    async checkPayment({ sessionId }) {
      return sessionPaymentCheck(await stripe.checkout.sessions.retrieve(sessionId));
    },
    async cancelPayment({ sessionId }) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already expired or completed: the return page and the webhook settle it.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },
    async refundPayment({ references, amount, idempotencyKey }) {
      if (!references.paymentIntentId) throw new Error("no payment intent to refund");
      const refund = await stripe.refunds.create(
        // The amount always: a change by staff gives back part of a payment (decision 029).
        { payment_intent: references.paymentIntentId, amount, reason: "requested_by_customer" },
        { idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled")
        throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
      return { refundId: refund.id };
    },
  };
}

/** How far a webhook's signed time may stray from ours: Stripe's own tolerance for old ones, and the same ahead. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed time (`t=`) of a Stripe-Signature header, in seconds, or null. */
function signedAt(header: string): number | null {
  const value = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  return value ? Number(value) : null;
}

/**
 * Stripe's webhook as a neutral answer. A verified signature only tells that Stripe (or whoever holds the signing
 * secret) speaks about a session: the session's state is then read again from Stripe's API, so a leaked secret
 * cannot confirm an unpaid booking. Nothing for a body whose signature does not verify, whose signed time lies in
 * the future (the SDK only refuses old ones) or that is no event; ignored for any other event.
 */
export async function readStripeWebhook(env: Env, request: Request): Promise<WebhookAnswer> {
  const payload = await request.text();
  const signature = request.headers.get("Stripe-Signature") ?? "";
  const nowSeconds = Math.floor(Date.now() / 1000);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return { kind: "invalid" };
  }
  const signedTime = signedAt(signature);
  if (signedTime === null || signedTime > nowSeconds + WEBHOOK_TOLERANCE_SECONDS) return { kind: "invalid" };
  // Signed, but not an event at all (a body of `null`, a number): refused, never read as one.
  if (typeof event !== "object" || event === null || typeof event.type !== "string") return { kind: "invalid" };
  const object = event.data?.object as { object?: unknown; id?: unknown } | undefined;
  // Signed by Stripe but not a checkout session (another API version, a hand-made test event): ignored.
  if (
    !event.type.startsWith("checkout.session.") ||
    object?.object !== "checkout.session" ||
    typeof object.id !== "string"
  )
    return { kind: "ignored" };
  const settles = [
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.expired",
    "checkout.session.async_payment_failed",
  ];
  if (!settles.includes(event.type)) return { kind: "ignored" };
  // The event's copy of the session is not trusted: Stripe is asked. A failure to ask throws, so the webhook
  // answers 5xx and Stripe sends it again.
  const session = await stripeClient(env).checkout.sessions.retrieve(object.id);
  const check = sessionPaymentCheck(session);
  // A payment that failed after the session completed (a bank debit refused) leaves the session complete but unpaid.
  if (event.type === "checkout.session.async_payment_failed" && check.status !== "paid")
    return { kind: "settle", sessionId: session.id, check: { status: "failed" } };
  return { kind: "settle", sessionId: session.id, check };
}

export const stripeDefinition: GatewayDefinition<z.output<typeof stripeConfig>> = {
  name: "stripe",
  attemptPrefix: "hold",
  cardInOurForm: false,
  embeddable: true,
  config: stripeConfig,
  setUpBy: "STRIPE_SECRET_KEY",
  configProblems: (env) => [
    ...(env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY
      ? [{ variable: "STRIPE_PUBLISHABLE_KEY", message: "is required when STRIPE_SECRET_KEY is set" }]
      : []),
    ...(env.STRIPE_JS_URL && env.STRIPE_API_URL.startsWith("https://api.stripe.com")
      ? [
          {
            variable: "STRIPE_JS_URL",
            message: "is for tests against a Stripe stand-in only: unset it, or point STRIPE_API_URL at the stand-in",
          },
        ]
      : []),
  ],
  configured: (env) => Boolean(env.STRIPE_SECRET_KEY),
  create: stripeGateway,
  formOrigins(env) {
    const origins = ["https://checkout.stripe.com"];
    // A test run's stand-in for Stripe's API serves its hosted page too.
    if (!env.STRIPE_API_URL.startsWith("https://api.stripe.com")) origins.push(new URL(env.STRIPE_API_URL).origin);
    return origins;
  },
  embedOrigins(env) {
    // A test run's stand-in for Stripe.js (STRIPE_JS_URL) serves the script and its frame from its own origin.
    const standIn = env.STRIPE_JS_URL ? [new URL(env.STRIPE_JS_URL).origin] : [];
    return {
      script: ["https://js.stripe.com", "https://*.js.stripe.com", ...standIn],
      frame: [
        "https://js.stripe.com",
        "https://*.js.stripe.com",
        "https://hooks.stripe.com",
        "https://checkout.stripe.com",
        ...standIn,
      ],
      connect: ["https://api.stripe.com", "https://checkout.stripe.com", ...standIn],
    };
  },
  // Only with its signing secret: without one the endpoint does not exist (404), and nothing unsigned is read.
  readWebhook: async (env, request) => (env.STRIPE_WEBHOOK_SECRET ? readStripeWebhook(env, request) : null),
};
