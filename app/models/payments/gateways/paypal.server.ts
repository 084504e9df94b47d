/**
 * PayPal Orders v2 with the capture intent (spec §7: create-paypal-order, check-paypal-order). Called with fetch:
 * the official server SDK cannot be pointed at another address (tests use a local stand-in) and weighs 23 MB.
 * The driver approves on PayPal's page; our return page then checks the order and captures it on the server.
 */
import { z } from "zod";
import { httpUrl } from "~/utils/env.server";
import type { GatewayDefinition, GatewaySettings, PaymentCheck, PaymentGateway } from "./types";

/** PayPal's variables (README's table). */
const payPalConfig = z.object({
  PAYPAL_CLIENT_ID: z.string().default(""),
  PAYPAL_CLIENT_SECRET: z.string().default(""),
  /** PayPal's REST API: https://api-m.paypal.com live, https://api-m.sandbox.paypal.com for PayPal's own sandbox. */
  PAYPAL_API_URL: httpUrl.default("https://api-m.paypal.com"),
});
type Env = GatewaySettings<z.output<typeof payPalConfig>>;

interface PayPalOrder {
  id: string;
  status: string;
  links?: Array<{ rel: string; href: string }>;
  purchase_units?: Array<{
    custom_id?: string;
    payments?: { captures?: Array<{ id: string; status: string; amount: { currency_code: string; value: string } }> };
  }>;
}

/** '12.34' ↔ 1234 minor units (every display currency has two decimals). */
export const toPayPalValue = (minorUnits: number) => (minorUnits / 100).toFixed(2);
const fromPayPalValue = (value: string) => Math.round(Number(value) * 100);

export function paypalGateway(env: Env, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const base = env.PAYPAL_API_URL.replace(/\/$/, "");
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt - 60_000) return token.value;
    const response = await fetchImpl(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${env.PAYPAL_CLIENT_ID}:${env.PAYPAL_CLIENT_SECRET}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`PayPal sign-in failed: ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function call(
    method: "GET" | "POST",
    path: string,
    options: { body?: unknown; requestId?: string } = {},
  ): Promise<{ status: number; order: PayPalOrder }> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await accessToken()}`,
      Accept: "application/json",
      Prefer: "return=representation",
    };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    // The same request id makes a retried create or capture a no-op at PayPal.
    if (options.requestId) headers["PayPal-Request-Id"] = options.requestId;
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    const order = (text ? JSON.parse(text) : {}) as PayPalOrder;
    return { status: response.status, order };
  }

  function captured(order: PayPalOrder): PaymentCheck {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status !== "COMPLETED" || capture?.status !== "COMPLETED") return { status: "failed" };
    return {
      status: "paid",
      amount: fromPayPalValue(capture.amount.value),
      currency: capture.amount.currency_code,
      references: { orderId: order.id, captureId: capture.id },
    };
  }

  return {
    name: "payPal",
    async startPayment(request) {
      const returnPage = `${request.origin}${request.returnPath ?? `/checkout-session/${request.attemptId}`}`;
      const { status, order } = await call("POST", "/v2/checkout/orders", {
        requestId: `create-${request.attemptId}`,
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: request.bookingId,
              custom_id: request.bookingId,
              description: `${request.name} — ${request.description}`.slice(0, 127),
              amount: { currency_code: request.currency, value: toPayPalValue(request.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: returnPage,
                cancel_url: `${returnPage}?cancelled=1`,
                user_action: "PAY_NOW",
                locale: localeOf(request.language),
              },
            },
          },
        },
      });
      const approve = order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href;
      if (status >= 300 || !order.id || !approve)
        throw new Error(`PayPal did not create the order: ${status} ${order.status ?? ""}`);
      return { kind: "redirect", sessionId: request.attemptId, url: approve, references: { orderId: order.id } };
    },
    async checkPayment({ references, bookingId, mayCapture }) {
      const orderId = references.orderId;
      if (!orderId) return { status: "failed" };
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const { status, order } = await call("GET", path);
      if (status === 404) return { status: "failed" };
      if (status >= 300) throw new Error(`PayPal order lookup failed: ${status}`);
      if (order.purchase_units?.[0]?.custom_id !== bookingId) return { status: "failed" };
      if (order.status === "COMPLETED") return captured(order);
      if (order.status !== "APPROVED") return order.status === "VOIDED" ? { status: "failed" } : { status: "open" };
      // Approved after its hold ended and the car is taken: never take money for a booking that cannot be kept.
      if (mayCapture && !(await mayCapture())) return { status: "failed", reason: "carTaken" };
      const capture = await call("POST", `${path}/capture`, { requestId: `capture-${orderId}`, body: {} });
      // 422 ORDER_ALREADY_CAPTURED: another request captured it first; read the order again.
      if (capture.status === 422) return captured((await call("GET", path)).order);
      // A server error may hide a capture that went through: ask again later rather than release a paid hold.
      if (capture.status >= 500) throw new Error(`PayPal capture answered ${capture.status}`);
      if (capture.status >= 300) return { status: "failed" };
      return captured(capture.order);
    },
    // An order nobody approved (or captured) simply lapses at PayPal; there is nothing to cancel.
    async cancelPayment() {},
    async refundPayment({ references, amount, currency, idempotencyKey }) {
      if (!references.captureId) throw new Error("no PayPal capture to refund");
      const { status, order } = await call(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(references.captureId)}/refund`,
        // The amount always: a change by staff gives back part of a capture (decision 029).
        { requestId: idempotencyKey, body: { amount: { currency_code: currency, value: toPayPalValue(amount) } } },
      );
      const refund = order as unknown as { id?: string; status?: string };
      if (status >= 300 || !refund.id || refund.status === "FAILED" || refund.status === "CANCELLED")
        throw new Error(`PayPal refund answered ${status} ${refund.status ?? ""}`);
      return { refundId: refund.id };
    },
  };
}

export const payPalDefinition: GatewayDefinition<z.output<typeof payPalConfig>> = {
  name: "payPal",
  attemptPrefix: "pp",
  cardInOurForm: false,
  embeddable: false,
  config: payPalConfig,
  setUpBy: "PAYPAL_CLIENT_ID",
  configProblems: (env) =>
    env.PAYPAL_CLIENT_ID && !env.PAYPAL_CLIENT_SECRET
      ? [{ variable: "PAYPAL_CLIENT_SECRET", message: "is required when PAYPAL_CLIENT_ID is set" }]
      : [],
  configured: (env) => Boolean(env.PAYPAL_CLIENT_ID),
  create: (env) => paypalGateway(env),
  formOrigins(env) {
    const origins = ["https://www.paypal.com", "https://www.sandbox.paypal.com"];
    if (!/^https:\/\/api-m\.(sandbox\.)?paypal\.com/.test(env.PAYPAL_API_URL))
      origins.push(new URL(env.PAYPAL_API_URL).origin);
    return origins;
  },
  // The return page checks and captures the order: PayPal's webhooks are not needed.
};

const localeOf = (language: string) => ({ en: "en-US", fr: "fr-FR", es: "es-ES" })[language] ?? "en-US";
