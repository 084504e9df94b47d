import { describe, expect, it } from "vitest";
import { hasNoControlCharacters, withoutControlCharacters } from "./text";

describe("free text", () => {
  it.each([
    ["Alex Martin", true],
    ["Ligne 1\nLigne 2\r\n\tindentée", true],
    ["José Ñúñez — 東京", true],
    ["a\u0000b", false],
    ["bell\u0007", false],
    ["delete\u007f", false],
  ])("%j is storable: %s", (text, storable) => {
    expect(hasNoControlCharacters(text)).toBe(storable);
  });

  it("drops control characters and keeps the rest", () => {
    expect(withoutControlCharacters("Al\u0000ex\u0008 Martin\n")).toBe("Alex Martin\n");
  });
});
