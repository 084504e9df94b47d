import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { configuredGatewayNames, paymentFormOrigins } from "./gateway.server";

const env = (vars: Record<string, string>) => parseEnv({ SESSION_SECRET: "x".repeat(32), ...vars });

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

  it("refuses to start in production on PostgreSQL with no gateway and no explicit sandbox", () => {
    expect(() =>
      env({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x", APP_URL: "https://rent.example" }),
    ).toThrow(/STRIPE_SECRET_KEY/);
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
