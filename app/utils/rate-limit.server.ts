/**
 * Fixed-window rate limits shared by every app instance: the counters live in PostgreSQL (table rate_limits), or
 * in Redis when REDIS_URL is set (PostgreSQL while Redis is down), so a flood spread over several instances is still
 * counted once. Used for sign-in, sign-up, resend, forgot-password, contact, change-password and uploads (per IP and
 * per account).
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { rateLimits } from "#db/schema";
import { getDb, type Executor } from "./db.server";
import { getEnv } from "./env.server";
import { keyedHash } from "./signing.server";
import { encodeFormError } from "~/domain/form-errors";
import { redirectWithToast } from "./toast.server";

export interface RateLimitRule {
  /** What is limited, e.g. "sign-in:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/** A key's open window: how many hits it counted and when it ends. */
export interface RateWindow {
  hits: number;
  resetAt: Date;
}

export interface RateLimitStore {
  /** Counts one hit in the key's open window, or opens a new one, atomically. */
  hit(key: string, windowSeconds: number, now: Date): Promise<RateWindow>;
  /** Takes one hit back from the key's open window, if any (never below zero). */
  forgive(key: string, now: Date): Promise<void>;
}

/**
 * A counter's key: the rule's name and a keyed hash of its subject, never the subject itself. Subjects are e-mail
 * addresses and IPs; Redis and the rate_limits table are read by people and tools that have no need of them, and
 * the hash is keyed by the session secret so a list of addresses cannot be hashed to find who was counted.
 */
export const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${keyedHash(subject.toLowerCase())}`;
const secondsUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/** Counts one attempt for `subject` (an IP or an account) under `rule`. */
export async function hitRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = await store.hit(keyOf(rule, subject), rule.windowSeconds, now);
  return {
    allowed: window.hits <= rule.limit,
    remaining: Math.max(0, rule.limit - window.hits),
    retryAfterSeconds: secondsUntil(window.resetAt, now),
  };
}

/** Counts one attempt under each rule in turn; the first refusal, or null when every rule allows it. */
export async function hitRateLimits(
  checks: ReadonlyArray<readonly [RateLimitRule, string]>,
): Promise<RateLimitResult | null> {
  const store = await getRateLimitStore();
  for (const [rule, subject] of checks) {
    const result = await hitRateLimit(store, rule, subject);
    if (!result.allowed) return result;
  }
  return null;
}

/** Whole minutes until a refused attempt may be made again, as the 'too many attempts' message says them. */
export const minutesOf = (refused: RateLimitResult) => Math.ceil(refused.retryAfterSeconds / 60);

/** The 'too many attempts' message with its minutes, for answers that carry a `{ key, params }` message. */
export const tooManyAttemptsMessage = (refused: RateLimitResult) => ({
  key: "errors.tooManyAttempts",
  params: { count: minutesOf(refused) },
});

/** The same message as a form-level error of a conform reply. */
export const tooManyAttemptsError = (refused: RateLimitResult) => {
  const { key, params } = tooManyAttemptsMessage(refused);
  return encodeFormError(key, params);
};

export const retryAfterHeaders = (refused: RateLimitResult) => ({ "Retry-After": String(refused.retryAfterSeconds) });

/** A conform submission, whatever its schema: all a refusal needs is its reply. */
interface RepliableSubmission {
  reply(options: { formErrors?: string[]; hideFields?: string[] }): SubmissionResult<string[]>;
}

/**
 * The 429 a form route answers when a rate limit refuses a post: the form again with what was typed (less
 * `hideFields`), the translated 'too many attempts' summary, and Retry-After.
 */
export function replyRateLimited(submission: RepliableSubmission, refused: RateLimitResult, hideFields?: string[]) {
  return rateLimitedData(refused, submission.reply({ formErrors: [tooManyAttemptsError(refused)], hideFields }));
}

/** The 429 for a form whose answer has its own shape (uploads, checkout): `body` with Retry-After. */
export function rateLimitedData<T>(refused: RateLimitResult, body: T) {
  return data(body, { status: 429, headers: retryAfterHeaders(refused) });
}

/** Back to `to` with the 'too many attempts' toast and Retry-After (for forms that answer with a redirect). */
export async function redirectRateLimited(to: string, refused: RateLimitResult) {
  const { key, params } = tooManyAttemptsMessage(refused);
  const response = await redirectWithToast(to, { type: "error", messageKey: key, params });
  for (const [name, value] of Object.entries(retryAfterHeaders(refused))) response.headers.set(name, value);
  return response;
}

/**
 * Takes back an attempt counted by `hitRateLimit`, for limits on failures only (sign-in): the attempt is counted
 * before the password is checked, so concurrent guesses cannot all slip under the limit, and forgiven when it
 * turns out to be a success.
 */
export async function forgiveRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<void> {
  await store.forgive(keyOf(rule, subject), now);
}

/** Counters in the rate_limits table; ended windows are purged hourly (server/maintenance.ts). */
export function postgresRateLimits(db: Executor): RateLimitStore {
  return {
    async hit(key, windowSeconds, now) {
      const resetAt = new Date(now.getTime() + windowSeconds * 1000);
      const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
      // One statement: insert a new window, or count in the current one, or start a new one when it expired.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
      return row ?? { hits: 1, resetAt };
    },
    async forgive(key, now) {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
    },
  };
}

// INCR and the expiry in one script, so concurrent hits never leave a counter without an expiry.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

const FORGIVE_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis under `prefix`; each expires with its window (Redis' clock decides when). */
export function redisRateLimits(redis: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowSeconds, now) {
      const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowSeconds * 1000))) as [
        number,
        number,
      ];
      return { hits, resetAt: new Date(now.getTime() + ttl) };
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, prefix + key);
    },
  };
}

/**
 * Redis first, PostgreSQL while Redis does not answer. A rate limit must never stop sign-in: with Redis down, every
 * instance counts in the shared PostgreSQL table instead (counts of the outage's first minutes start afresh there), a
 * warning is logged once a minute, and Redis is used again as soon as it answers (decision 013).
 */
export function redisWithFallback(
  redis: Pick<Redis, "status">,
  primary: RateLimitStore,
  fallback: () => Promise<RateLimitStore>,
  warn: (message: string) => void = console.warn,
): RateLimitStore {
  let failedAt = 0;
  let warnedAt = 0;
  const RETRY_AFTER_FAILURE_MS = 5_000;
  // Right after a failure, requests go straight to PostgreSQL until Redis says it is ready again (or a while passed).
  const worthTrying = () => redis.status === "ready" || Date.now() - failedAt > RETRY_AFTER_FAILURE_MS;
  async function attempt<T>(work: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (worthTrying()) {
      try {
        return await work(primary);
      } catch (error) {
        failedAt = Date.now();
        if (failedAt - warnedAt > 60_000) {
          warnedAt = failedAt;
          warn(
            `[rate-limit] Redis is not answering (${error instanceof Error ? error.message : String(error)}): counting in PostgreSQL meanwhile`,
          );
        }
      }
    }
    return work(await fallback());
  }
  return {
    hit: (key, windowSeconds, now) => attempt((store) => store.hit(key, windowSeconds, now)),
    forgive: (key, now) => attempt((store) => store.forgive(key, now)),
  };
}

let redisClient: Redis | undefined;
let redisStore: RateLimitStore | undefined;

/** The shared Redis client: commands fail within a second when Redis is down, instead of queueing. */
function getRedis(url: string): Redis {
  redisClient ??= new Redis(url, {
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 1000,
    enableAutoPipelining: true,
  });
  // Connection errors are reported through the store's fallback warning; without a listener ioredis prints each retry.
  if (redisClient.listenerCount("error") === 0) redisClient.on("error", () => {});
  return redisClient;
}

/** The configured store: Redis (with PostgreSQL while it is down) when REDIS_URL is set, else PostgreSQL. */
export async function getRateLimitStore(): Promise<RateLimitStore> {
  const { REDIS_URL, REDIS_PREFIX } = getEnv();
  if (!REDIS_URL) return postgresRateLimits(await getDb());
  if (!redisStore) {
    const redis = getRedis(REDIS_URL);
    redisStore = redisWithFallback(redis, redisRateLimits(redis, `${REDIS_PREFIX}rate:`), async () =>
      postgresRateLimits(await getDb()),
    );
  }
  return redisStore;
}

/** For /healthz: "ok", "unavailable", or "not configured" when REDIS_URL is unset. */
export async function redisHealth(): Promise<"ok" | "unavailable" | "not configured"> {
  const { REDIS_URL } = getEnv();
  if (!REDIS_URL) return "not configured";
  try {
    return (await getRedis(REDIS_URL).ping()) === "PONG" ? "ok" : "unavailable";
  } catch {
    return "unavailable";
  }
}

/** Forgets windows that ended in PostgreSQL; run periodically (Redis expires its own). */
export async function purgeExpiredRateLimits(db: Executor, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
