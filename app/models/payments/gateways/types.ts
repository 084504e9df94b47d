/**
 * What every payment gateway is, apart from the registry that lists them (`gateway.server.ts`): the gateways import
 * these types and the registry imports the gateways, so nothing imports in a circle.
 */
import type { z } from "zod";
import type { Currency, PaymentGateway as GatewayName } from "~/domain/enums";
import type { Env } from "~/utils/env.server";

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
  /**
   * Where the gateway sends the driver back (path on `origin`): the payment's own return page by default; a balance
   * paid through a link returns to the link's page (decision 029). `{session}` stands for the gateway's session id.
   */
  returnPath?: string;
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
  /**
   * Gives back `amount` of a captured payment (all of it, or the part a change by staff owes); throws when the gateway
   * refuses or does not answer (retried later).
   */
  refundPayment(refund: RefundRequest): Promise<{ refundId: string }>;
}

/** What a gateway's webhook call comes to, whatever the gateway: nothing to do, or a payment's new state. */
export type WebhookAnswer =
  /** The body's signature does not verify: nothing is done. */
  | { kind: "invalid" }
  /** Genuine, but not about a payment of ours (another event type): acknowledged. */
  | { kind: "ignored" }
  | { kind: "settle"; sessionId: string; check: PaymentCheck };

/**
 * What a gateway reads of the configuration: the server's own (`Env`) and every gateway's variables, validated at
 * start from each definition's `config` (the registry merges them).
 */
export type GatewaySettings<Config = Record<string, unknown>> = Env & Config;

/**
 * A gateway as the registry holds it: its variables, when it is set up, how to make it, and what the server must
 * allow for it. `Config` is what its own `config` schema gives.
 */
export interface GatewayDefinition<Config = Record<string, unknown>> {
  readonly name: GatewayName;
  /** Starts its attempts' ids (the return page's address): `pp_…`, `sbx_…`. */
  readonly attemptPrefix: string;
  /** The card is typed into our own form (the sandbox only: a real gateway's card never reaches this server). */
  readonly cardInOurForm: boolean;
  /** Its form embeds in our page when the page runs JavaScript (Stripe's embedded checkout); else a redirect. */
  readonly embeddable: boolean;
  /** Offered after the others, and asked whether they are set up (the offline sandbox stands in for them). */
  readonly fallback?: boolean;
  /** Its configuration variables (README and .env.example list them), validated at start with the server's own. */
  readonly config: z.ZodObject<z.ZodRawShape, "strip", z.ZodTypeAny, Config>;
  /** The variable that sets it up, named by the start check when a deployment has no gateway. */
  readonly setUpBy: string;
  /** Rules between its variables (a key that needs another): each problem names its variable. */
  configProblems?(settings: GatewaySettings<Config>): Array<{ variable: string; message: string }>;
  /** Set up by this configuration; `othersSetUp`: whether another (real) gateway is. */
  configured(settings: GatewaySettings<Config>, othersSetUp: boolean): boolean;
  create(settings: GatewaySettings<Config>): PaymentGateway;
  /** Origins a checkout post may be redirected to (CSP form-action: Chrome checks the redirect too). */
  formOrigins(settings: GatewaySettings<Config>): string[];
  /** Scripts, frames and API calls its form embedded in our page needs (Stripe's embedded checkout). */
  embedOrigins?(settings: GatewaySettings<Config>): { script: string[]; frame: string[]; connect: string[] };
  /**
   * Reads a call to `/webhooks/<name>`; null when this deployment takes none (no signing secret). A gateway without
   * webhooks leaves it out. Either way the route answers 404.
   */
  readWebhook?(settings: GatewaySettings<Config>, request: Request): Promise<WebhookAnswer | null>;
}
