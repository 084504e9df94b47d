import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { Redis } from "ioredis";
import { rateLimits } from "#db/schema";
import {
  keyOf,
  forgiveRateLimit,
  hitRateLimit,
  postgresRateLimits,
  purgeExpiredRateLimits,
  redisRateLimits,
  redisWithFallback,
  type RateLimitStore,
} from "./rate-limit.server";

describe.each(testEngines)("rate limits on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.destroy());

  const rule = { name: "sign-in:ip", limit: 3, windowSeconds: 60 };
  const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, seconds));

  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const results = [];
    for (let attempt = 0; attempt < 4; attempt++)
      results.push(await hitRateLimit(postgresRateLimits(database.db), rule, "203.0.113.7", at(attempt)));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 57 });
  });

  it("counts each subject apart, case-insensitively", async () => {
    expect((await hitRateLimit(postgresRateLimits(database.db), rule, "198.51.100.1", at(5))).allowed).toBe(true);
    await hitRateLimit(
      postgresRateLimits(database.db),
      { ...rule, name: "sign-in:account" },
      "Driver@Example.com",
      at(5),
    );
    const second = await hitRateLimit(
      postgresRateLimits(database.db),
      { ...rule, name: "sign-in:account" },
      "driver@example.com",
      at(6),
    );
    expect(second.remaining).toBe(1);
  });

  it("keeps no address or IP in clear in the table: a keyed hash of each subject", async () => {
    await hitRateLimit(
      postgresRateLimits(database.db),
      { ...rule, name: "contact:sender" },
      "Someone@Example.com",
      at(0),
    );
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(1);
    expect(keys.join("\n")).not.toMatch(/example\.com|someone|203\.0\.113/i);
    expect(keys).toContain(keyOf({ ...rule, name: "contact:sender" }, "someone@example.com"));
  });

  it("starts a new window when the old one ended", async () => {
    const later = await hitRateLimit(postgresRateLimits(database.db), rule, "203.0.113.7", at(61));
    expect(later).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts concurrent attempts exactly", async () => {
    const burst = { name: "burst", limit: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(postgresRateLimits(database.db), burst, "192.0.2.1", at(0))),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("purges ended windows", async () => {
    await purgeExpiredRateLimits(database.db, at(3600));
    const fresh = await hitRateLimit(postgresRateLimits(database.db), rule, "203.0.113.7", at(3601));
    expect(fresh.remaining).toBe(2);
  });
});

describe.each(testEngines)("forgiving a counted attempt on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.destroy());

  it("takes one hit back from the open window, never below zero, and leaves other keys and ended windows alone", async () => {
    const store = postgresRateLimits(database.db);
    const rule = { name: "failures", limit: 2, windowSeconds: 60 };
    const now = new Date(Date.UTC(2030, 0, 1));
    await hitRateLimit(store, rule, "a@example.com", now);
    await hitRateLimit(store, rule, "b@example.com", now);
    await forgiveRateLimit(store, rule, "A@example.com", now);
    await forgiveRateLimit(store, rule, "a@example.com", now);
    expect((await hitRateLimit(store, rule, "a@example.com", now)).remaining).toBe(1);
    expect((await hitRateLimit(store, rule, "b@example.com", now)).remaining).toBe(0);
    await forgiveRateLimit(store, rule, "b@example.com", new Date(now.getTime() + 61_000));
    expect((await hitRateLimit(store, rule, "b@example.com", now)).allowed).toBe(false);
  });

  it("still refuses concurrent guesses past the limit when each is counted before it is checked", async () => {
    const store = postgresRateLimits(database.db);
    const rule = { name: "guesses", limit: 8, windowSeconds: 900 };
    const now = new Date(Date.UTC(2030, 0, 1));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(store, rule, "victim@example.com", now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(8);
  });
});

/** Redis runs the same rules on its own clock; TEST_REDIS_URL points at a server (CI: 127.0.0.1:6379). */
describe.skipIf(!process.env.TEST_REDIS_URL)("rate limits in Redis", () => {
  let redis: Redis;
  let store: RateLimitStore;
  const run = Math.random().toString(36).slice(2);
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
    store = redisRateLimits(redis, `rentacar-test:${run}:`);
  });
  afterAll(async () => {
    const keys = await redis.keys(`rentacar-test:${run}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const rule = { name: "sign-in:ip", limit: 3, windowSeconds: 60 };

  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const results = [];
    for (let attempt = 0; attempt < 4; attempt++) results.push(await hitRateLimit(store, rule, "203.0.113.7"));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.remaining).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts each subject apart, case-insensitively, and forgives one hit at a time", async () => {
    const account = { ...rule, name: "sign-in:account" };
    await hitRateLimit(store, account, "Driver@Example.com");
    expect((await hitRateLimit(store, account, "driver@example.com")).remaining).toBe(1);
    await forgiveRateLimit(store, account, "DRIVER@example.com");
    expect((await hitRateLimit(store, account, "driver@example.com")).remaining).toBe(1);
    await forgiveRateLimit(store, account, "nobody@example.com");
    expect((await hitRateLimit(store, account, "nobody@example.com")).remaining).toBe(2);
    expect((await hitRateLimit(store, rule, "198.51.100.1")).remaining).toBe(2);
  });

  it("keeps no address or IP in clear in Redis: a keyed hash of each subject", async () => {
    const account = { ...rule, name: "sign-up:address" };
    await hitRateLimit(store, account, "Private.Person@example.com");
    await hitRateLimit(store, rule, "203.0.113.99");
    const keys = await redis.keys(`rentacar-test:${run}:*`);
    expect(keys.join("\n")).not.toMatch(/example\.com|private|203\.0\.113/i);
    expect(keys).toContain(`rentacar-test:${run}:${keyOf(account, "private.person@EXAMPLE.com")}`);
  });

  it("counts concurrent attempts exactly", async () => {
    const burst = { name: "burst", limit: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(store, burst, "192.0.2.1")));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("starts a new window when the old one ended", async () => {
    const short = { name: "short", limit: 1, windowSeconds: 1 };
    expect((await hitRateLimit(store, short, "192.0.2.9")).allowed).toBe(true);
    expect((await hitRateLimit(store, short, "192.0.2.9")).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await hitRateLimit(store, short, "192.0.2.9")).allowed).toBe(true);
  });
});

/** Redis down must not stop sign-in: the counts go to PostgreSQL meanwhile, and Redis is used again once it answers. */
describe("rate limits while Redis is down", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database?.destroy());
  const rule = { name: "sign-in:ip", limit: 2, windowSeconds: 60 };

  it("counts in PostgreSQL when Redis refuses connections, warning once, without waiting for a time-out", async () => {
    // Port 1 on loopback: nothing listens, so every connection is refused at once.
    const deadRedis = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: 0,
      // Time-outs far past the test's own limit: only an immediate fallback can pass, however busy the machine.
      connectTimeout: 120_000,
      commandTimeout: 120_000,
      lazyConnect: true,
    });
    deadRedis.on("error", () => {});
    const warnings: string[] = [];
    const store = redisWithFallback(
      deadRedis,
      redisRateLimits(deadRedis, "dead:"),
      async () => postgresRateLimits(database.db),
      (line) => warnings.push(line),
    );
    const results = [];
    for (let attempt = 0; attempt < 3; attempt++) results.push(await hitRateLimit(store, rule, "203.0.113.50"));
    expect(results.map((result) => result.allowed)).toEqual([true, true, false]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("counting in PostgreSQL");
    deadRedis.disconnect();
  });

  it("uses Redis, not PostgreSQL, while Redis answers", async () => {
    const calls: string[] = [];
    const fakeStore = (name: string): RateLimitStore => ({
      hit: async () => (calls.push(name), { hits: 1, resetAt: new Date(Date.now() + 60_000) }),
      forgive: async () => void calls.push(name),
    });
    const store = redisWithFallback(
      { status: "ready" },
      fakeStore("redis"),
      async () => fakeStore("postgres"),
      () => {},
    );
    await hitRateLimit(store, rule, "198.51.100.20");
    await forgiveRateLimit(store, rule, "198.51.100.20");
    expect(calls).toEqual(["redis", "redis"]);
  });
});
