import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { groupedKey, newRecoveryCodes, readTypedCode, RECOVERY_CODE_COUNT } from "./two-factor";

describe("a typed second factor", () => {
  it.each([
    ["123456", { kind: "app", digits: "123456" }],
    [" 123 456 ", { kind: "app", digits: "123456" }],
    ["123-456", { kind: "app", digits: "123456" }],
    ["abcde-fghjk", { kind: "recovery", code: "abcdefghjk" }],
    ["ABCDE FGHJK", { kind: "recovery", code: "abcdefghjk" }],
    ["12345", null],
    ["1234567", null],
    ["abcde-fghj0", null],
    ["", null],
  ])("reads %j", (typed, expected) => {
    expect(readTypedCode(typed)).toEqual(expected);
  });

  it("makes ten distinct recovery codes that read back as recovery codes", () => {
    const codes = newRecoveryCodes(randomInt);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(readTypedCode(code)?.kind).toBe("recovery");
    }
  });

  it("groups a key by four for typing", () => {
    expect(groupedKey("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupedKey("ABCDEF")).toBe("ABCD EF");
  });
});
