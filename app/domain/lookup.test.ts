import { describe, expect, it } from "vitest";
import { lookUp } from "./lookup";

describe("lookUp", () => {
  it("gives the value of a key the map holds, falsy values included", () => {
    const map = new Map<string, number>([
      ["a", 1],
      ["zero", 0],
    ]);
    expect(lookUp(map, "a")).toBe(1);
    expect(lookUp(map, "zero")).toBe(0);
  });
  it("throws, naming the key, for a key the map does not hold", () => {
    expect(() => lookUp(new Map<string, string>(), "AB-123")).toThrow("no value for AB-123");
  });
});
