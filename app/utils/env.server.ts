import { z } from "zod";

/** The secret shipped for local use; production refuses to start with it. */
export const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-change-me-please";

const booleanFromString = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : ["true", "1", "yes", "on"].includes(value)));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z.string().url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default("./data/pglite"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").default(DEVELOPMENT_SESSION_SECRET),
    COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
    SESSION_STAY_CONNECTED_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    TRUST_PROXY: booleanFromString(false),
    IP_LANGUAGE_DETECTION: booleanFromString(false),
    COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be an HTTP header name")
      .default("cf-ipcountry")
      .transform((name) => name.toLowerCase()),
    HIDE_SUPPLIERS: booleanFromString(false),
    SEED_DEMO_DATA: booleanFromString(true),
    LOG_REQUESTS: booleanFromString(true),
    CONTACT_EMAIL: z.string().email().default("care@rentacar.example"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Rentacar <no-reply@rentacar.example>"),
    OUTBOX_DIR: z.string().min(1).default("./data/outbox"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    EXCHANGE_RATE_PROVIDERS: z
      .string()
      .default("")
      .transform((value) => value.split(",").map((name) => name.trim()).filter(Boolean))
      .pipe(z.array(z.enum(["exchangerate-api", "fixer"]))),
    EXCHANGERATE_API_KEY: z.string().default(""),
    EXCHANGERATE_API_URL: z.string().url().default("https://v6.exchangerate-api.com"),
    FIXER_API_KEY: z.string().default(""),
    FIXER_API_URL: z.string().url().default("https://data.fixer.io/api"),
    EXCHANGE_RATE_CACHE: booleanFromString(false),
    EXCHANGE_RATE_CACHE_TTL: z.coerce.number().int().min(1).max(86_400 * 7).default(3600),
    EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
    EXCHANGE_RATE_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    SEARCH_PAGINATION: z.enum(["classic", "infinite"]).default("classic"),
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
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: `is required when EXCHANGE_RATE_PROVIDERS lists ${provider}` });
      }
    }
    if (env.NODE_ENV === "production" && env.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "must be set to your own random value in production (e.g. `openssl rand -hex 32`)",
      });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Parses configuration; throws one message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration of this process, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Whether cookies must carry the Secure flag: explicit, or derived from an https APP_URL. */
export function cookiesAreSecure(env: Env = getEnv()): boolean {
  if (env.COOKIE_SECURE !== "auto") return env.COOKIE_SECURE === "true";
  return env.APP_URL?.startsWith("https://") ?? false;
}
