import type { ActionFunctionArgs } from "@remix-run/node";
import { settlePayment } from "~/models/payments/payments.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { readGatewayWebhook } from "~/models/payments/gateways/gateway.server";

/**
 * `/webhooks/<gateway>`: any configured gateway's webhook, read by its registry entry into a neutral answer (as
 * Medusa's `getWebhookActionAndData` does): a payment to settle, an event to acknowledge, or a body that is not
 * the gateway's. Unknown or unconfigured gateways, and gateways without webhooks, are not found.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const answer = await readGatewayWebhook(params.gateway ?? "", request);
  if (!answer) return new Response("Not found", { status: 404 });
  if (answer.kind === "invalid") return new Response("Invalid signature", { status: 400 });
  if (answer.kind === "ignored") return Response.json({ received: true, ignored: true });
  await settlePayment(await getDb(), answer.sessionId, answer.check, publicOrigin(request));
  return Response.json({ received: true });
}

export async function loader() {
  return new Response("Not found", { status: 404 });
}
