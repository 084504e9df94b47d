import { describe, expect, it } from "vitest";
import { keyedHash, openSecret, sealSecret } from "./secret-box.server";

describe("the secret box", () => {
  it("opens what it sealed, and a new seal of the same secret differs (a fresh nonce each time)", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(sealSecret("JBSWY3DPEHPK3PXP")).not.toBe(sealed);
  });

  it("refuses an altered or foreign seal instead of returning garbage", () => {
    const [version, iv, tag, body] = sealSecret("JBSWY3DPEHPK3PXP").split(".");
    const flipped = `${body!.slice(0, -1)}${body!.endsWith("A") ? "B" : "A"}`;
    expect(openSecret([version, iv, tag, flipped].join("."))).toBeNull();
    expect(openSecret("v0.a.b.c")).toBeNull();
    expect(openSecret("not sealed")).toBeNull();
  });

  it("hashes a value the same way every time, and two values apart", () => {
    expect(keyedHash("abcde-fghij")).toBe(keyedHash("abcde-fghij"));
    expect(keyedHash("abcde-fghij")).not.toBe(keyedHash("abcde-fghik"));
  });
});
