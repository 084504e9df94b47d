import { describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

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
