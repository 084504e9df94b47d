import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The secret shipped for local use; production refuses to start with it. */
export const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-change-me-please";

/** A yes/no variable ("true", "1", "yes", "on" or their opposites; empty means the default). */
export const envFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : ["true", "1", "yes", "on"].includes(value),
    );

/** An http:// or https:// address. */
export const httpUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, "must be an http:// or https:// URL");

/**
 * Express' "trust proxy": how much of X-Forwarded-For to believe. `true` means one proxy in front (the usual
 * load balancer), never Express' own `true`, which takes the left-most address — one the client writes itself.
 * Also a hop count, or the proxies' addresses / subnets (and Express' names loopback, linklocal, uniquelocal).
 */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? "").trim().toLowerCase();
    if (["", "false", "0", "no", "off"].includes(text)) return false;
    if (["true", "yes", "on"].includes(text)) return 1;
    if (/^\d+$/.test(text)) return Math.min(Number(text), 10);
    const addresses = text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (addresses.length && addresses.every(isProxyAddress)) return addresses;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "must be false, true (one proxy), a hop count, or the proxies' addresses/subnets",
    });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z
      .string()
      .url()
      .regex(/^https?:\/\//, "must be an http:// or https:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default("./data/pglite"),
    // Empty (as a copied .env.example leaves it) means unset.
    SESSION_SECRET: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().min(32, "must be at least 32 characters").default(DEVELOPMENT_SESSION_SECRET),
    ),
    SESSION_SECRET_FILE: z.string().min(1).default("./data/session-secret"),
    COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
    SESSION_STAY_CONNECTED_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // The key that encrypts authenticator secrets (decision 043); empty: one derived from the session secret.
    TWO_FACTOR_KEY: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    TRUST_PROXY: trustProxy,
    IP_LANGUAGE_DETECTION: envFlag(false),
    COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name")
      .default("cf-ipcountry")
      .transform((name) => name.toLowerCase()),
    HIDE_SUPPLIERS: envFlag(false),
    SEED_DEMO_DATA: envFlag(true),
    LOG_REQUESTS: envFlag(true),
    CONTACT_EMAIL: z.string().email().default("care@rentacar.example"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Rentacar <no-reply@rentacar.example>"),
    OUTBOX_DIR: z.string().min(1).default("./data/outbox"),
    UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(10_000)
      .max(50 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Namespace of this site's keys in a Redis it may share with others. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, "must be 1 to 64 letters, digits or . : _ -")
      .default("rentacar:"),
    GOOGLE_CLIENT_ID: z.string().default(""),
    GOOGLE_CLIENT_SECRET: z.string().default(""),
    GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
    FACEBOOK_CLIENT_ID: z.string().default(""),
    FACEBOOK_CLIENT_SECRET: z.string().default(""),
    FACEBOOK_AUTHORIZATION_URL: z.string().url().default("https://www.facebook.com/v21.0/dialog/oauth"),
    FACEBOOK_TOKEN_URL: z.string().url().default("https://graph.facebook.com/v21.0/oauth/access_token"),
    FACEBOOK_PROFILE_URL: z.string().url().default("https://graph.facebook.com/v21.0/me?fields=id,name,email"),
    FACEBOOK_SCOPE: z.string().min(1).default("email public_profile"),
    APPLE_CLIENT_ID: z.string().default(""),
    /** A ready client secret (a JWT you generated), or leave empty and give the team, key id and private key. */
    APPLE_CLIENT_SECRET: z.string().default(""),
    APPLE_TEAM_ID: z.string().default(""),
    APPLE_KEY_ID: z.string().default(""),
    APPLE_PRIVATE_KEY: z.string().default(""),
    APPLE_ISSUER: z.string().url().default("https://appleid.apple.com"),
    RECAPTCHA_SITE_KEY: z.string().default(""),
    RECAPTCHA_SECRET_KEY: z.string().default(""),
    RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** PostgreSQL: connections per app instance, and how long a request waits for one when all are busy (0 = no limit). */
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DB_POOL_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /** Memory-hard password hashes (128 MiB each) run at once, and checks waiting past them (0 = sized to the machine). */
    PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(0).max(64).default(0),
    PASSWORD_HASHES_WAITING: z.coerce.number().int().min(0).max(1000).default(0),
    /** PostgreSQL: how long opening a connection may take, and one statement of a request (0 = no limit). */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** /healthz answers within this long whatever the database and Redis do. */
    HEALTHCHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1_500),
    EXCHANGE_RATE_PROVIDERS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(["exchangerate-api", "fixer"]))),
    EXCHANGERATE_API_KEY: z.string().default(""),
    EXCHANGERATE_API_URL: z.string().url().default("https://v6.exchangerate-api.com"),
    FIXER_API_KEY: z.string().default(""),
    FIXER_API_URL: z.string().url().default("https://data.fixer.io/api"),
    EXCHANGE_RATE_CACHE: envFlag(false),
    EXCHANGE_RATE_CACHE_TTL: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400 * 7)
      .default(3600),
    EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
    EXCHANGE_RATE_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    SEARCH_PAGINATION: z.enum(["classic", "infinite"]).default("classic"),
    // Each payment gateway's variables (STRIPE_*, PAYPAL_*, SANDBOX_PAYMENTS) belong to its definition and are
    // validated beside these at start (models/payments/gateways/gateway.server.ts: parseGatewaySettings).
    /** How long an unpaid booking holds its car while an online payment is under way (Stripe's sessions last 30 min at least). */
    PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(32).max(1440).default(35),
    /** Booking attempts (not quotes) one client address may make per hour. */
    CHECKOUT_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Sign-ups one client address may attempt per hour (each mails an address or probes whether it is taken). */
    SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Largest form post read (URL-encoded forms and webhooks); uploads have UPLOAD_MAX_BYTES. */
    FORM_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(4096)
      .max(10 * 1024 * 1024)
      .default(64 * 1024),
    MAP_TILE_URL: z
      .string()
      .regex(/\{z\}.*\{x\}.*\{y\}|^\//, "must be a tile URL template with {z}, {x} and {y}, or a local path")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  })
  .superRefine((env, ctx) => {
    for (const [provider, key] of [
      ["exchangerate-api", "EXCHANGERATE_API_KEY"],
      ["fixer", "FIXER_API_KEY"],
    ] as const) {
      if (env.EXCHANGE_RATE_PROVIDERS.includes(provider) && !env[key]) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [key],
          message: `is required when EXCHANGE_RATE_PROVIDERS lists ${provider}`,
        });
      }
    }
    for (const provider of ["GOOGLE", "FACEBOOK"] as const) {
      if (env[`${provider}_CLIENT_ID`] && !env[`${provider}_CLIENT_SECRET`]) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [`${provider}_CLIENT_SECRET`],
          message: `is required when ${provider}_CLIENT_ID is set`,
        });
      }
    }
    if (
      env.APPLE_CLIENT_ID &&
      !env.APPLE_CLIENT_SECRET &&
      !(env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY)
    ) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["APPLE_CLIENT_SECRET"],
        message: "or APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY are required when APPLE_CLIENT_ID is set",
      });
    }
    // A deployment on PostgreSQL serves the public: its mails and sign-in callbacks need its real address.
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.APP_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["APP_URL"],
        message:
          "must be set to the site's public address (e.g. https://rent.example) when DATABASE_URL is set: links in e-mails use it",
      });
    }
    // With the embedded database there is one instance, and a random secret kept in SESSION_SECRET_FILE serves;
    // several instances on PostgreSQL must share one secret, so it has to be given.
    if (env.NODE_ENV === "production" && env.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET && env.DATABASE_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message:
          "must be set to your own random value, the same on every instance, when DATABASE_URL is set (e.g. `openssl rand -hex 32`)",
      });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Every variable the server reads (the README and .env.example document each one; env.server.test.ts checks). */
export const CONFIGURATION_VARIABLES = Object.keys(envSchema.innerType().shape) as Array<keyof Env>;

/** Parses configuration; throws one message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // zod's own English for operators reading the log, not the forms' translation keys (domain/form-errors.ts).
  const result = envSchema.safeParse(source, { errorMap: z.defaultErrorMap });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * In production without a configured secret (the embedded database, so one instance): a random secret created
 * once in SESSION_SECRET_FILE (readable by this user only) and reused, so `npm start` on a fresh machine runs
 * with a secret nobody else knows and sessions survive restarts.
 */
export function withSessionSecret(env: Env): Env {
  if (env.NODE_ENV !== "production" || env.SESSION_SECRET !== DEVELOPMENT_SESSION_SECRET) return env;
  const file = path.resolve(env.SESSION_SECRET_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32)
    throw new Error(`Invalid configuration:\n  SESSION_SECRET_FILE: ${file} must hold at least 32 characters`);
  return { ...env, SESSION_SECRET: secret };
}

let cached: Env | undefined;

/** The validated configuration of this process, parsed once. */
export function getEnv(): Env {
  cached ??= withSessionSecret(parseEnv(process.env));
  return cached;
}

/** Whether cookies must carry the Secure flag: explicit, or derived from an https APP_URL. */
export function cookiesAreSecure(env: Env = getEnv()): boolean {
  if (env.COOKIE_SECURE !== "auto") return env.COOKIE_SECURE === "true";
  return env.APP_URL?.startsWith("https://") ?? false;
}
