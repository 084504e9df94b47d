import { describe, expect, it, vi } from "vitest";
import { cachedFor } from "./ttl-cache.server";

function setUp() {
  let clock = 1_000_000;
  let calls = 0;
  let fail = false;
  const compute = vi.fn(async (key: string) => {
    calls++;
    if (fail) throw new Error("database unavailable");
    return `${key}#${calls}`;
  });
  const get = cachedFor(30_000, compute, () => clock);
  return {
    get,
    compute,
    advance: (ms: number) => (clock += ms),
    failFromNowOn: (value: boolean) => (fail = value),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("cachedFor", () => {
  it("serves one computation per key while it is fresh", async () => {
    const cache = setUp();
    expect(await cache.get("places")).toBe("places#1");
    cache.advance(29_999);
    expect(await cache.get("places")).toBe("places#1");
    expect(await cache.get("suppliers")).toBe("suppliers#2");
    expect(cache.compute).toHaveBeenCalledTimes(2);
  });

  it("shares a computation that is still running", async () => {
    const cache = setUp();
    const [first, second] = await Promise.all([cache.get("places"), cache.get("places")]);
    expect(first).toBe(second);
    expect(cache.compute).toHaveBeenCalledTimes(1);
  });

  it("serves stale figures while one recount runs behind them, then the recount", async () => {
    const cache = setUp();
    await cache.get("places");
    cache.advance(31_000);
    const [first, second] = await Promise.all([cache.get("places"), cache.get("places")]);
    expect([first, second]).toEqual(["places#1", "places#1"]);
    expect(cache.compute).toHaveBeenCalledTimes(2);
    await settle();
    expect(await cache.get("places")).toBe("places#2");
  });

  it("recomputes before answering when the figures are too old", async () => {
    const cache = setUp();
    await cache.get("places");
    cache.advance(60_000);
    expect(await cache.get("places")).toBe("places#2");
  });

  it("never remembers a failure, and keeps stale figures when a recount fails", async () => {
    const cache = setUp();
    cache.failFromNowOn(true);
    await expect(cache.get("places")).rejects.toThrow("database unavailable");
    cache.failFromNowOn(false);
    expect(await cache.get("places")).toBe("places#2");

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    cache.advance(31_000);
    cache.failFromNowOn(true);
    expect(await cache.get("places")).toBe("places#2");
    await settle();
    expect(logged).toHaveBeenCalledOnce();
    // No retry on every request: the stale figures serve until they are too old.
    expect(await cache.get("places")).toBe("places#2");
    expect(cache.compute).toHaveBeenCalledTimes(3);
    cache.advance(30_000);
    cache.failFromNowOn(false);
    expect(await cache.get("places")).toBe("places#4");
    logged.mockRestore();
  });

  it("a recount slower than the cache's life never replaces a newer one", async () => {
    let clock = 0;
    const pending: Array<(value: string) => void> = [];
    const get = cachedFor(
      30_000,
      () => new Promise<string>((resolve) => pending.push(resolve)),
      () => clock,
    );
    const first = get("places");
    pending[0]!("first");
    expect(await first).toBe("first");
    clock = 31_000;
    expect(await get("places")).toBe("first"); // stale: a slow recount starts behind it
    clock = 61_000;
    const newer = get("places"); // too old: recomputed before answering
    pending[2]!("newer");
    expect(await newer).toBe("newer");
    pending[1]!("slow and older");
    await settle();
    expect(await get("places")).toBe("newer");
  });
});
