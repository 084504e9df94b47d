/**
 * Online payments behind one small interface, chosen once from configuration like the mailer: Stripe when
 * STRIPE_SECRET_KEY is set (spec §9's default), PayPal when its keys are set, and otherwise the offline sandbox so
 * that a fresh `npm start` books end to end. Card data of the real gateways never reaches this server: their
 * customers pay on Stripe's or PayPal's own pages (or Stripe's embedded frame).
 */
import { type Currency, type PaymentGateway as GatewayName } from "~/models/enums";
import { getEnv, type Env } from "../env.server";
import { paypalGateway } from "./paypal.server";
import { sandboxGateway } from "./sandbox.server";
import { stripeGateway } from "./stripe.server";

export interface PaymentRequest {
  bookingId: string;
  /** Our reference for this payment attempt: the return page's address for gateways that need it beforehand. */
  attemptId: string;
  /** Minor units of `currency`: exactly what the checkout page showed. */
  amount: number;
  currency: Currency;
  /** Spec §3 payment order: name and description. */
  name: string;
  description: string;
  customerEmail: string;
  language: string;
  /** The hold's end: the gateway's session must not outlive it. */
  expiresAt: Date;
  origin: string;
  /** Stripe's embedded form (the page runs JavaScript) rather than a redirect to its page. */
  embedded: boolean;
  /** The sandbox's own card form. */
  card?: { number: string; expiry: string; cvc: string };
}

export type PaymentStart =
  /** Send the driver to the gateway's page (a 303 without JavaScript). */
  | { kind: "redirect"; sessionId: string; url: string; payPalOrderId?: string }
  /** Mount Stripe's embedded form with this secret. */
  | { kind: "embedded"; sessionId: string; clientSecret: string; publishableKey: string; scriptUrl: string | null }
  /** Settled at once (the sandbox). */
  | { kind: "settled"; sessionId: string; outcome: "paid" | "declined" };

/**
 * What the gateway says of a payment: paid (with what it took and its own references: payment intent, customer,
 * capture…, kept as data on the payments row), still open, or failed for good. `carTaken`: an approved payment was
 * not captured because its hold had ended and the car was taken meanwhile (nothing was charged).
 */
export type PaymentCheck =
  | { status: "paid"; amount: number; currency: string; references: Record<string, string> }
  | { status: "open" }
  | { status: "failed"; reason?: "carTaken" };

export interface RefundRequest {
  /** The gateway's references of the captured payment (as its check returned them). */
  references: Record<string, string>;
  amount: number;
  currency: string;
  /** The same key on every retry: the gateway refunds once however often it is asked. */
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  startPayment(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Asks the gateway about a payment. A gateway that takes the money in a step of ours (PayPal's capture) first
   * asks `mayCapture` whether the booking still holds its car, and leaves the payment uncaptured if not.
   */
  checkPayment(payment: {
    sessionId: string;
    payPalOrderId: string | null;
    bookingId: string;
    mayCapture?: () => Promise<boolean>;
  }): Promise<PaymentCheck>;
  /** Ends an unfinished payment so it can no longer be completed (the driver went back, or the hold expired). */
  cancelPayment(payment: { sessionId: string; payPalOrderId: string | null }): Promise<void>;
  /** Gives a captured payment back in full; throws when the gateway refuses or does not answer (retried later). */
  refundPayment(refund: RefundRequest): Promise<{ refundId: string }>;
}

/**
 * The gateways this deployment takes payments with, in the order offered. The sandbox is offered when no real
 * gateway is set up (except in production on PostgreSQL), or beside them when SANDBOX_PAYMENTS=true (staging, tests).
 */
export function configuredGatewayNames(env: Env = getEnv()): GatewayName[] {
  const names: GatewayName[] = [];
  if (env.STRIPE_SECRET_KEY) names.push("stripe");
  if (env.PAYPAL_CLIENT_ID) names.push("payPal");
  const sandboxByDefault = names.length === 0 && !(env.NODE_ENV === "production" && env.DATABASE_URL);
  if (env.SANDBOX_PAYMENTS || sandboxByDefault) names.push("sandbox");
  return names;
}

const gateways = new Map<GatewayName, PaymentGateway>();

export function getPaymentGateway(name: GatewayName): PaymentGateway {
  let gateway = gateways.get(name);
  if (!gateway) {
    const env = getEnv();
    gateway = name === "stripe" ? stripeGateway(env) : name === "payPal" ? paypalGateway(env) : sandboxGateway(env);
    gateways.set(name, gateway);
  }
  return gateway;
}

/** Origins a checkout form post may lead to (CSP form-action: Chrome checks the redirect to the gateway's page too). */
export function paymentFormOrigins(env: Env): string[] {
  const origins: string[] = [];
  if (env.STRIPE_SECRET_KEY) {
    origins.push("https://checkout.stripe.com");
    if (!env.STRIPE_API_URL.startsWith("https://api.stripe.com")) origins.push(new URL(env.STRIPE_API_URL).origin);
  }
  if (env.PAYPAL_CLIENT_ID) {
    origins.push("https://www.paypal.com", "https://www.sandbox.paypal.com");
    if (!/^https:\/\/api-m\.(sandbox\.)?paypal\.com/.test(env.PAYPAL_API_URL))
      origins.push(new URL(env.PAYPAL_API_URL).origin);
  }
  return origins;
}

/** Stripe.js and its embedded checkout frame, when Stripe is on (CSP script-src, frame-src, connect-src). */
export function stripeScriptOrigins(env: Env): { script: string[]; frame: string[]; connect: string[] } {
  if (!env.STRIPE_SECRET_KEY) return { script: [], frame: [], connect: [] };
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
}
