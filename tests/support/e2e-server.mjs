// Starts the built server for Playwright on a fresh embedded database seeded with the demo data.
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";
import "./cheap-scrypt.mjs";
import { startPaymentStandIns } from "./payment-stand-ins.mjs";
import { startTestOidcProvider } from "./test-oidc-provider.mjs";

const dataDir = ".e2e-data";
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The whole server log, access lines included, goes to a file that scripts/checks/check-server-log.mjs reads after the run:
// no token, password hash or personal field may appear in it. Only errors also reach the terminal.
const serverLog = createWriteStream(`${dataDir}/server.log`);
const stderrWrite = process.stderr.write.bind(process.stderr);
process.stdout.write = (chunk, ...rest) => serverLog.write(chunk, ...rest);
process.stderr.write = (chunk, ...rest) => {
  stderrWrite(chunk);
  return serverLog.write(chunk, ...rest);
};
Object.assign(process.env, {
  NODE_ENV: "production",
  SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef",
  PGLITE_DIR: `${dataDir}/pglite`,
  UPLOADS_DIR: `${dataDir}/uploads`,
  LOG_REQUESTS: "true",
  SEED_DEMO_DATA: "true",
  // Offline map tiles: tests never reach the internet.
  MAP_TILE_URL: "/images/map-tile.svg",
});
// With a Redis to test against (CI), rate limits live there, under a prefix of this run's own.
if (process.env.TEST_REDIS_URL)
  Object.assign(process.env, { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `rentacar-e2e-${Date.now()}:` });
const received = `${dataDir}/outbox`;
mkdirSync(received, { recursive: true });
let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, done) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(`${received}/${Date.now()}-${String(++count).padStart(5, "0")}.eml`, Buffer.concat(chunks));
      done();
    });
  },
});
// Mail really goes over SMTP, to this server (on a free port), which files each message it receives for the tests.
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;

// Google, Facebook and Apple sign-in go to a local OpenID provider (on E2E_OIDC_PORT, which the social tests know)
// started here, never the internet.
const appOrigin = `http://127.0.0.1:${process.env.PORT}`;
const oidcProvider = await startTestOidcProvider({ port: Number(process.env.E2E_OIDC_PORT), appOrigin });
Object.assign(process.env, oidcProvider.env);
// Stripe and PayPal go to local stand-ins (on a free port), and the offline sandbox is offered beside them.
const payments = await startPaymentStandIns();
Object.assign(process.env, {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e",
  STRIPE_API_URL: payments.origin,
  // Stripe.js too: the embedded form the browser mounts is the stand-in's (tests only: env.server.ts refuses it with Stripe's API).
  STRIPE_JS_URL: `${payments.origin}/stripe-js/stripe.js`,
  PAYPAL_CLIENT_ID: "paypal-e2e",
  PAYPAL_CLIENT_SECRET: "paypal-e2e-secret",
  PAYPAL_API_URL: payments.origin,
  SANDBOX_PAYMENTS: "true",
  // Every browser test books from 127.0.0.1: far more bookings in an hour than one real address makes.
  CHECKOUT_ATTEMPTS_PER_HOUR: "10000",
  // Likewise for sign-ups: the suite creates some twenty accounts from this one address.
  SIGN_UPS_PER_HOUR: "10000",
});
await import("../../build/server.js");
