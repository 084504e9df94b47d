import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { hitRateLimit, purgeExpiredRateLimits } from "./rate-limit.server";

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
    for (let attempt = 0; attempt < 4; attempt++) results.push(await hitRateLimit(database.db, rule, "203.0.113.7", at(attempt)));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 57 });
  });

  it("counts each subject apart, case-insensitively", async () => {
    expect((await hitRateLimit(database.db, rule, "198.51.100.1", at(5))).allowed).toBe(true);
    await hitRateLimit(database.db, { ...rule, name: "sign-in:account" }, "Driver@Example.com", at(5));
    const second = await hitRateLimit(database.db, { ...rule, name: "sign-in:account" }, "driver@example.com", at(6));
    expect(second.remaining).toBe(1);
  });

  it("starts a new window when the old one ended", async () => {
    const later = await hitRateLimit(database.db, rule, "203.0.113.7", at(61));
    expect(later).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts concurrent attempts exactly", async () => {
    const burst = { name: "burst", limit: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(database.db, burst, "192.0.2.1", at(0))));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("purges ended windows", async () => {
    await purgeExpiredRateLimits(database.db, at(3600));
    const fresh = await hitRateLimit(database.db, rule, "203.0.113.7", at(3601));
    expect(fresh.remaining).toBe(2);
  });
});

describe.each(testEngines)("checking a limit without counting on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.destroy());

  it("reports the state of a window and counts nothing", async () => {
    const { checkRateLimit } = await import("./rate-limit.server");
    const rule = { name: "failures", limit: 2, windowSeconds: 60 };
    const now = new Date(Date.UTC(2030, 0, 1));
    expect(await checkRateLimit(database.db, rule, "a@example.com", now)).toMatchObject({ allowed: true, remaining: 2 });
    await hitRateLimit(database.db, rule, "a@example.com", now);
    await hitRateLimit(database.db, rule, "a@example.com", now);
    expect(await checkRateLimit(database.db, rule, "A@example.com", now)).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 60 });
    expect(await checkRateLimit(database.db, rule, "a@example.com", new Date(now.getTime() + 61_000))).toMatchObject({ allowed: true });
  });
});
