/**
 * Online payments behind one small interface, each gateway an entry of one registry (`GATEWAYS`: name → definition),
 * chosen from configuration like the mailer: Stripe when STRIPE_SECRET_KEY is set (spec §9's default), PayPal when its
 * keys are set, and otherwise the offline sandbox so that a fresh `npm start` books end to end. Nothing outside
 * this folder names a gateway's own ids: they are `references` on the payments row. Card data of the real gateways
 * never reaches this server: their customers pay on Stripe's or PayPal's own pages (or Stripe's embedded frame).
 * CONTRIBUTING.md lists the files a new gateway touches.
 */
import { type Currency, type PaymentGateway as GatewayName } from "~/domain/enums";
import { getEnv, type Env } from "~/utils/env.server";
import { payPalDefinition } from "./paypal.server";
import { sandboxDefinition } from "./sandbox.server";
import { stripeDefinition } from "./stripe.server";

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
  /**
   * Send the driver to the gateway's page (a 303 without JavaScript); `references`: the gateway's own ids for the
   * payment (kept on the payments row and given back to `checkPayment`).
   */
  | { kind: "redirect"; sessionId: string; url: string; references?: Record<string, string> }
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

/** One payment attempt as the gateway knows it: its session (the return page's id) and its own references. */
export interface PaymentAttempt {
  sessionId: string;
  bookingId: string;
  /** What the payments row holds for it (`PaymentStart.references`, then what checks returned). */
  references: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  startPayment(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Asks the gateway about a payment. A gateway that takes the money in a step of ours (PayPal's capture) first
   * asks `mayCapture` whether the booking still holds its car, and leaves the payment uncaptured if not.
   */
  checkPayment(payment: PaymentAttempt & { mayCapture?: () => Promise<boolean> }): Promise<PaymentCheck>;
  /** Ends an unfinished payment so it can no longer be completed (the driver went back, or the hold expired). */
  cancelPayment(payment: PaymentAttempt): Promise<void>;
  /** Gives a captured payment back in full; throws when the gateway refuses or does not answer (retried later). */
  refundPayment(refund: RefundRequest): Promise<{ refundId: string }>;
}

/** What a gateway's webhook call comes to, whatever the gateway: nothing to do, or a payment's new state. */
export type WebhookAnswer =
  /** The body's signature does not verify: nothing is done. */
  | { kind: "invalid" }
  /** Genuine, but not about a payment of ours (another event type): acknowledged. */
  | { kind: "ignored" }
  | { kind: "settle"; sessionId: string; check: PaymentCheck };

/** A gateway as the registry holds it: when it is set up, how to make it, and what the server must allow for it. */
export interface GatewayDefinition {
  readonly name: GatewayName;
  /** Starts its attempts' ids (the return page's address): `pp_…`, `sbx_…`. */
  readonly attemptPrefix: string;
  /** The card is typed into our own form (the sandbox only: a real gateway's card never reaches this server). */
  readonly cardInOurForm: boolean;
  /** Offered after the others, and asked whether they are set up (the offline sandbox stands in for them). */
  readonly fallback?: boolean;
  /** Set up by this configuration; `othersSetUp`: whether another (real) gateway is. */
  configured(env: Env, othersSetUp: boolean): boolean;
  create(env: Env): PaymentGateway;
  /** Origins a checkout post may be redirected to (CSP form-action: Chrome checks the redirect too). */
  formOrigins(env: Env): string[];
  /** Scripts, frames and API calls its form embedded in our page needs (Stripe's embedded checkout). */
  embedOrigins?(env: Env): { script: string[]; frame: string[]; connect: string[] };
  /**
   * Reads a call to `/webhooks/<name>`; null when this deployment takes none (no signing secret). A gateway without
   * webhooks leaves it out. Either way the route answers 404.
   */
  readWebhook?(env: Env, request: Request): Promise<WebhookAnswer | null>;
}

/** Every gateway, in the order the checkout offers them. A name of `PAYMENT_GATEWAYS` without an entry fails tsc. */
export const GATEWAYS: Record<GatewayName, GatewayDefinition> = {
  stripe: stripeDefinition,
  payPal: payPalDefinition,
  sandbox: sandboxDefinition,
};

export type GatewayRegistry = Record<string, GatewayDefinition>;

/**
 * The gateways this deployment takes payments with, in the order offered. The sandbox is offered when no real
 * gateway is set up (except in production on PostgreSQL), or beside them when SANDBOX_PAYMENTS=true (staging, tests).
 */
export function configuredGatewayNames(env: Env = getEnv(), registry: GatewayRegistry = GATEWAYS): GatewayName[] {
  const definitions = Object.values(registry);
  const names = definitions
    .filter((definition) => !definition.fallback && definition.configured(env, false))
    .map((definition) => definition.name);
  const othersSetUp = names.length > 0;
  for (const definition of definitions)
    if (definition.fallback && definition.configured(env, othersSetUp)) names.push(definition.name);
  return names;
}

/** The registry's definition for a name from outside (a URL): undefined for any other string. */
export function gatewayDefinition(name: string, registry: GatewayRegistry = GATEWAYS): GatewayDefinition | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}

/**
 * A call to `/webhooks/<name>` as a neutral answer: null when no configured gateway of that name reads webhooks
 * (the route answers 404), else what its definition made of the call.
 */
export async function readGatewayWebhook(
  name: string,
  request: Request,
  env: Env = getEnv(),
  registry: GatewayRegistry = GATEWAYS,
): Promise<WebhookAnswer | null> {
  const definition = gatewayDefinition(name, registry);
  if (!definition?.readWebhook || !definition.configured(env, false)) return null;
  return definition.readWebhook(env, request);
}

const gateways = new Map<GatewayName, PaymentGateway>();

export function getPaymentGateway(name: GatewayName): PaymentGateway {
  let gateway = gateways.get(name);
  if (!gateway) {
    gateway = GATEWAYS[name].create(getEnv());
    gateways.set(name, gateway);
  }
  return gateway;
}

/** Origins a checkout form post may lead to: every configured gateway's pages. */
export function paymentFormOrigins(env: Env, registry: GatewayRegistry = GATEWAYS): string[] {
  return Object.values(registry)
    .filter((definition) => definition.configured(env, false))
    .flatMap((definition) => definition.formOrigins(env));
}

/** What the pages must allow (CSP) for the configured gateways' scripts and frames embedded in our pages. */
export function paymentEmbedOrigins(
  env: Env,
  registry: GatewayRegistry = GATEWAYS,
): { script: string[]; frame: string[]; connect: string[] } {
  const embeds = Object.values(registry)
    .filter((definition) => definition.configured(env, false))
    .flatMap((definition) => (definition.embedOrigins ? [definition.embedOrigins(env)] : []));
  return {
    script: embeds.flatMap((origins) => origins.script),
    frame: embeds.flatMap((origins) => origins.frame),
    connect: embeds.flatMap((origins) => origins.connect),
  };
}
