import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ConnectionQueue, openDatabase } from "./db.server";
import { isDatabaseUnavailable, POOL_WAIT_EXCEEDED } from "./errors.server";

describe("the connection queue", () => {
  it("hands slots out first come, first served, and a released slot to the next in line", async () => {
    const queue = new ConnectionQueue(1);
    const order: string[] = [];
    const first = await queue.acquire(0);
    const second = queue.acquire(0).then((release) => (order.push("second"), release));
    const third = queue.acquire(0).then((release) => (order.push("third"), release));
    first();
    first(); // A second release of the same slot frees nothing more.
    (await second)();
    (await third)();
    expect(order).toEqual(["second", "third"]);
  });

  it("tells a request that waited its whole turn that the database is busy (a 503), and forgets it", async () => {
    const queue = new ConnectionQueue(1);
    const held = await queue.acquire(0);
    const error = await queue.acquire(20).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: POOL_WAIT_EXCEEDED });
    expect(isDatabaseUnavailable(error)).toBe(true);
    held();
    // The slot is free again, not promised to the request that gave up.
    const again = await queue.acquire(0);
    again();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a burst on a small pool (PostgreSQL)", () => {
  it("20 simultaneous transactions on a pool of 2 all wait their turn, none told the database is down", async () => {
    const handle = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      poolSize: 2,
      // Opening a connection may take a second; the last of the burst below waits about three (10 x 0.3 s) for its turn.
      connectTimeoutMs: 1000,
      statementTimeoutMs: 20_000,
    });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          handle.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.3)`);
            return tx.execute(sql`select ${index}::int as n`);
          }),
        ),
      );
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      // Plain queries share the same queue.
      await Promise.all(Array.from({ length: 10 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)));
    } finally {
      await handle.close();
    }
  });
});
