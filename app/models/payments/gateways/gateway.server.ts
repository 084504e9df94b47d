/**
 * Online payments behind one small interface, each gateway an entry of one registry (`GATEWAYS`: name → definition),
 * chosen from configuration like the mailer: Stripe when STRIPE_SECRET_KEY is set (spec §9's default), PayPal when its
 * keys are set, and otherwise the offline sandbox so that a fresh `npm start` books end to end. Nothing outside
 * this folder names a gateway's own ids: they are `references` on the payments row. Card data of the real gateways
 * never reaches this server: their customers pay on Stripe's or PayPal's own pages (or Stripe's embedded frame).
 * CONTRIBUTING.md lists the files a new gateway touches.
 */
import { z } from "zod";
import { type PaymentGateway as GatewayName } from "~/domain/enums";
import { getEnv, type Env } from "~/utils/env.server";
import { payPalDefinition } from "./paypal.server";
import { sandboxDefinition } from "./sandbox.server";
import { stripeDefinition } from "./stripe.server";
import type { GatewayDefinition, GatewaySettings, PaymentGateway, WebhookAnswer } from "./types";

export type * from "./types";

/** Every gateway, in the order the checkout offers them. A name of `PAYMENT_GATEWAYS` without an entry fails tsc. */
export const GATEWAYS: Record<GatewayName, GatewayDefinition> = {
  stripe: stripeDefinition,
  payPal: payPalDefinition,
  sandbox: sandboxDefinition,
};

export type GatewayRegistry = Record<string, GatewayDefinition>;

/** Every gateway's variables as one schema, validated at start beside the server's own (env.server.ts). */
const gatewayConfigSchema = (registry: GatewayRegistry = GATEWAYS) =>
  z.object(Object.assign({}, ...Object.values(registry).map((definition) => definition.config.shape)));

/** The gateways' variables, for the documentation check (README and .env.example list each one). */
export const GATEWAY_CONFIGURATION_VARIABLES = Object.keys(gatewayConfigSchema().shape);

/**
 * The settings the gateways read: the server's configuration and every gateway's variables, each checked by the
 * gateway that owns it. Throws one message naming every bad variable, as `parseEnv` does.
 */
export function parseGatewaySettings(
  source: Record<string, string | undefined>,
  env: Env,
  registry: GatewayRegistry = GATEWAYS,
): GatewaySettings {
  // zod's own English for operators reading the log, not the forms' translation keys (domain/form-errors.ts).
  const parsed = gatewayConfigSchema(registry).safeParse(source, { errorMap: z.defaultErrorMap });
  const problems = parsed.success
    ? Object.values(registry).flatMap((definition) => definition.configProblems?.({ ...env, ...parsed.data }) ?? [])
    : parsed.error.issues.map((issue) => ({ variable: issue.path.join("."), message: issue.message }));
  if (problems.length > 0)
    throw new Error(
      `Invalid configuration:\n${problems.map(({ variable, message }) => `  ${variable}: ${message}`).join("\n")}`,
    );
  return { ...env, ...parsed.data };
}

let settings: GatewaySettings | undefined;

/** This process's gateway settings, parsed once (at start: server.ts asks for them before it listens). */
export function getGatewaySettings(): GatewaySettings {
  settings ??= parseGatewaySettings(process.env, getEnv());
  return settings;
}

/**
 * The start check: a deployment takes payments with at least one gateway. Only production on PostgreSQL can
 * have none (the sandbox is refused there unless asked for), and it stops at start, naming what would set one up.
 */
export function requirePaymentGateway(current: GatewaySettings, registry: GatewayRegistry = GATEWAYS): void {
  if (configuredGatewayNames(current, registry).length > 0) return;
  const definitions = Object.values(registry);
  const real = definitions.filter((definition) => !definition.fallback).map((definition) => definition.setUpBy);
  const fallback = definitions.filter((definition) => definition.fallback).map((definition) => definition.setUpBy);
  throw new Error(
    `Invalid configuration:\n  ${real.join(" or ")}: one is required in production on PostgreSQL` +
      (fallback.length ? ` (or ${fallback.join(" or ")}=true to take test payments that move no money)` : ""),
  );
}

/**
 * The gateways this deployment takes payments with, in the order offered. The sandbox is offered when no real
 * gateway is set up (except in production on PostgreSQL), or beside them when SANDBOX_PAYMENTS=true (staging, tests).
 */
export function configuredGatewayNames(
  env: GatewaySettings = getGatewaySettings(),
  registry: GatewayRegistry = GATEWAYS,
): GatewayName[] {
  const definitions = Object.values(registry);
  const names = definitions
    .filter((definition) => !definition.fallback && definition.configured(env, false))
    .map((definition) => definition.name);
  const othersSetUp = names.length > 0;
  for (const definition of definitions)
    if (definition.fallback && definition.configured(env, othersSetUp)) names.push(definition.name);
  return names;
}

/** The registry's definition for a name from outside (a URL, a payments row): undefined for any other string. */
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
  env: GatewaySettings = getGatewaySettings(),
  registry: GatewayRegistry = GATEWAYS,
): Promise<WebhookAnswer | null> {
  const definition = gatewayDefinition(name, registry);
  if (!definition?.readWebhook || !definition.configured(env, false)) return null;
  return definition.readWebhook(env, request);
}

const gateways = new Map<GatewayName, PaymentGateway>();

/**
 * The gateway of a name a payments row or booking holds. The database keeps names as plain text: one the registry
 * no longer knows (a gateway removed from the code) is an error naming it, never a crash on `undefined`.
 */
export function getPaymentGateway(name: GatewayName): PaymentGateway {
  let gateway = gateways.get(name);
  if (!gateway) {
    const definition = gatewayDefinition(name);
    if (!definition) throw new Error(`no payment gateway named "${name}" in the registry`);
    gateway = definition.create(getGatewaySettings());
    gateways.set(name, gateway);
  }
  return gateway;
}

/** Origins a checkout form post may lead to: every configured gateway's pages. */
export function paymentFormOrigins(env: GatewaySettings, registry: GatewayRegistry = GATEWAYS): string[] {
  return Object.values(registry)
    .filter((definition) => definition.configured(env, false))
    .flatMap((definition) => definition.formOrigins(env));
}

/** What the pages must allow (CSP) for the configured gateways' scripts and frames embedded in our pages. */
export function paymentEmbedOrigins(
  env: GatewaySettings,
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
