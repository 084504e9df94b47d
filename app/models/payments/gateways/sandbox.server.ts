/**
 * The offline sandbox gateway: our own card form, no money moves, clearly labelled on the page. A few documented
 * test numbers decide the outcome (README): any other valid number is approved. Nothing of the card is stored or
 * logged. It is never offered in production on PostgreSQL unless SANDBOX_PAYMENTS=true.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { cardDigits } from "~/models/payments/card";
import { envFlag } from "~/utils/env.server";
import type { GatewayDefinition, GatewaySettings, PaymentGateway } from "./types";

/** The sandbox's variable: offer it beside real gateways (staging), and allow it in production on PostgreSQL. */
const sandboxConfig = z.object({ SANDBOX_PAYMENTS: envFlag(false) });
type Env = GatewaySettings<z.output<typeof sandboxConfig>>;

/** Test cards (Stripe's well-known numbers, so testers need learn nothing new). */
export const SANDBOX_DECLINED_CARDS = new Set(["4000000000000002", "4000000000009995", "4000000000000069"]);

export function sandboxGateway(_env: Env): PaymentGateway {
  return {
    name: "sandbox",
    async startPayment(request) {
      const sessionId = request.attemptId;
      if (!request.card) return { kind: "settled", sessionId, outcome: "declined" };
      const declined = SANDBOX_DECLINED_CARDS.has(cardDigits(request.card.number));
      return { kind: "settled", sessionId, outcome: declined ? "declined" : "paid" };
    },
    // Settled within the checkout post itself: there is never an open sandbox payment to ask about.
    async checkPayment() {
      return { status: "failed" };
    },
    async cancelPayment() {},
    // No money moved: the refund is a record of ours only.
    async refundPayment(refund) {
      return { refundId: `sbx_re_${refund.idempotencyKey}` };
    },
  };
}

export const sandboxDefinition: GatewayDefinition<z.output<typeof sandboxConfig>> = {
  name: "sandbox",
  attemptPrefix: "sbx",
  cardInOurForm: true,
  embeddable: false,
  fallback: true,
  config: sandboxConfig,
  setUpBy: "SANDBOX_PAYMENTS",
  // Offered when no real gateway is set up (never in production on PostgreSQL), or beside them when asked for.
  configured: (env, othersSetUp) =>
    env.SANDBOX_PAYMENTS || (!othersSetUp && !(env.NODE_ENV === "production" && Boolean(env.DATABASE_URL))),
  create: sandboxGateway,
  formOrigins: () => [],
};

/** A new attempt reference, unguessable (it names the confirmation page). */
export const newAttemptId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;
