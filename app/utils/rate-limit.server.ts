/**
 * Fixed-window rate limits shared by every app instance: counters live in PostgreSQL (table rate_limits),
 * so a flood spread over several instances is still counted once. Used for sign-in, sign-up, resend,
 * forgot-password and contact (per IP and per account).
 */
import { eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import type { Executor } from "./db.server";

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

/** Counts one attempt for `subject` (an IP or an account) under `rule`, atomically. */
export async function hitRateLimit(db: Executor, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  // One statement: insert a new window, or count in the current one, or start a new one when it expired.
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  const hits = row?.hits ?? 1;
  const windowEnd = row?.resetAt ?? resetAt;
  return {
    allowed: hits <= rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)),
  };
}

/** Forgets windows that ended; run periodically. */
export async function purgeExpiredRateLimits(db: Executor, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/** Whether `subject` is still under `rule`'s limit, without counting an attempt (for limits on failures only). */
export async function checkRateLimit(db: Executor, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.resetAt <= now) return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 };
  return {
    allowed: row.hits < rule.limit,
    remaining: Math.max(0, rule.limit - row.hits),
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
}
