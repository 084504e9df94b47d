import { describe, expect, it, vi } from "vitest";
import { hashPassword, passwordHashLimits, verifyPassword } from "./password.server";
import { isBusy, PASSWORD_CHECKS_BUSY } from "./errors.server";
import { SlotQueue } from "./slot-queue.server";

// The hash is the subject here: the real cost, not the cheap one the other server tests use.
vi.unmock("~/utils/password.server");

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const params = { N: 1024, r: 8, p: 1 };
    expect(await hashPassword("same", params)).not.toBe(await hashPassword("same", params));
  });

  it("rejects missing or malformed hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
  });
});

describe("password checks at once", () => {
  it("are sized to the cores (one left for pages) and a quarter of the memory, with eight waiting per slot", () => {
    const gib = 1024 ** 3;
    const limits = (cores: number, memoryGib: number, setting = { atOnce: 0, waiting: 0 }) =>
      passwordHashLimits(setting, { cores, memoryBytes: memoryGib * gib });
    expect(limits(1, 1)).toEqual({ atOnce: 1, waiting: 8 });
    expect(limits(2, 24)).toEqual({ atOnce: 1, waiting: 8 });
    expect(limits(4, 24)).toEqual({ atOnce: 3, waiting: 24 });
    expect(limits(16, 24)).toEqual({ atOnce: 3, waiting: 24 });
    // 512 MiB: a quarter holds one 128 MiB hash.
    expect(limits(8, 0.5)).toEqual({ atOnce: 1, waiting: 8 });
    expect(limits(2, 24, { atOnce: 4, waiting: 2 })).toEqual({ atOnce: 4, waiting: 2 });
  });

  it("past the waiting list, a check is refused 'busy' at once, and the ones let in all finish", async () => {
    const before = globalThis.__rentacarPasswordHashes;
    globalThis.__rentacarPasswordHashes = new SlotQueue(1, {
      timedOut: PASSWORD_CHECKS_BUSY,
      full: PASSWORD_CHECKS_BUSY,
      maxWaiting: 2,
    });
    try {
      const stored = await hashPassword("flood", { N: 1024, r: 8, p: 1 });
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => verifyPassword("flood", stored)));
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value)).toHaveLength(3);
      expect(refused).toHaveLength(3);
      for (const outcome of refused) expect(isBusy((outcome as PromiseRejectedResult).reason)).toBe(true);
      // The slot is free again once the flood is through.
      expect(await verifyPassword("flood", stored)).toBe(true);
    } finally {
      globalThis.__rentacarPasswordHashes = before;
    }
  });
});
