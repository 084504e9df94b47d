import type { ActionFunctionArgs } from "@remix-run/node";
import type Stripe from "stripe";
import { settlePayment } from "~/models/payments.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { sessionPaymentCheck, verifyStripeEvent } from "~/utils/payments/stripe.server";

/**
 * Stripe's webhook: checkout sessions completed (or paid later, for delayed methods) confirm their booking; expired
 * or failed ones release the car. Nothing is done for a body whose signature does not verify.
 */
export async function action({ request }: ActionFunctionArgs) {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return new Response("Not found", { status: 404 });
  const payload = await request.text();
  let event;
  try {
    event = verifyStripeEvent(env, payload, request.headers.get("Stripe-Signature"));
  } catch {
    return new Response("Invalid signature", { status: 400 });
  }
  const db = await getDb();
  const origin = publicOrigin(request);
  const session = event.data?.object as { object?: unknown; id?: unknown } | undefined;
  // Signed by Stripe but not a checkout session (another API version, a hand-made test event): acknowledged, ignored.
  if (
    !event.type.startsWith("checkout.session.") ||
    session?.object !== "checkout.session" ||
    typeof session.id !== "string"
  )
    return Response.json({ received: true, ignored: true });
  const checkoutSession = event.data.object as Stripe.Checkout.Session;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await settlePayment(db, checkoutSession.id, sessionPaymentCheck(checkoutSession), origin);
      break;
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      await settlePayment(db, checkoutSession.id, { status: "failed" }, origin);
      break;
  }
  return Response.json({ received: true });
}

export async function loader() {
  return new Response("Not found", { status: 404 });
}
