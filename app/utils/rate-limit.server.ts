/**
 * Fixed-window rate limits shared by every app instance: the counters live in PostgreSQL (table rate_limits), or
 * in Redis when REDIS_URL is set, so a flood spread over several instances is still counted once. Used for
 * sign-in, sign-up, resend, forgot-password and contact (per IP and per account).
 */
import { redirect } from "@remix-run/node";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { rateLimits } from "#db/schema";
import { getDb, type Executor } from "./db.server";
import { getEnv } from "./env.server";
import { encodeFormError } from "./form-errors";
import { createToastHeaders } from "./toast.server";

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

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;
const secondsUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/** Counts one attempt for `subject` (an IP or an account) under `rule`. */
export async function hitRateLimit(store: RateLimitStore, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const window = await store.hit(keyOf(rule, subject), rule.windowSeconds, now);
  return { allowed: window.hits <= rule.limit, remaining: Math.max(0, rule.limit - window.hits), retryAfterSeconds: secondsUntil(window.resetAt, now) };
}

/** Counts one attempt under each rule in turn; the first refusal, or null when every rule allows it. */
export async function hitRateLimits(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<RateLimitResult | null> {
  const store = await getRateLimitStore();
  for (const [rule, subject] of checks) {
    const result = await hitRateLimit(store, rule, subject);
    if (!result.allowed) return result;
  }
  return null;
}

/** The translated form-level 'too many attempts' error (a form-errors key with the minutes to wait). */
export const tooManyAttemptsError = (refused: RateLimitResult) => encodeFormError("errors.tooManyAttempts", { minutes: Math.ceil(refused.retryAfterSeconds / 60) });

export const retryAfterHeaders = (refused: RateLimitResult) => ({ "Retry-After": String(refused.retryAfterSeconds) });

/** Back to `to` with the 'too many attempts' toast and Retry-After (for forms that answer with a redirect). */
export async function tooManyAttemptsRedirect(to: string, refused: RateLimitResult): Promise<Response> {
  const headers = await createToastHeaders({ type: "error", messageKey: "errors.tooManyAttempts", params: { minutes: Math.ceil(refused.retryAfterSeconds / 60) } });
  headers.set("Retry-After", String(refused.retryAfterSeconds));
  return redirect(to, { headers });
}

/**
 * Takes back an attempt counted by `hitRateLimit`, for limits on failures only (sign-in): the attempt is counted
 * before the password is checked, so concurrent guesses cannot all slip under the limit, and forgiven when it
 * turns out to be a success.
 */
export async function forgiveRateLimit(store: RateLimitStore, rule: RateLimitRule, subject: string, now = new Date()): Promise<void> {
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
      const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowSeconds * 1000))) as [number, number];
      return { hits, resetAt: new Date(now.getTime() + ttl) };
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, prefix + key);
    },
  };
}

let redisStore: RateLimitStore | undefined;

/** The configured store: Redis when REDIS_URL is set, else PostgreSQL. */
export async function getRateLimitStore(): Promise<RateLimitStore> {
  const { REDIS_URL, REDIS_PREFIX } = getEnv();
  if (!REDIS_URL) return postgresRateLimits(await getDb());
  redisStore ??= redisRateLimits(new Redis(REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000, enableAutoPipelining: true }), `${REDIS_PREFIX}rate:`);
  return redisStore;
}

/** Forgets windows that ended in PostgreSQL; run periodically (Redis expires its own). */
export async function purgeExpiredRateLimits(db: Executor, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
