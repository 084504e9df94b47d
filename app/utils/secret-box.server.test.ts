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
    // The first character: all six of its bits are data (the last one's low bits may be padding, which decodes to
    // the same bytes: the test then failed one time in four).
    const flipped = `${body!.startsWith("A") ? "B" : "A"}${body!.slice(1)}`;
    expect(openSecret([version, iv, tag, flipped].join("."))).toBeNull();
    expect(openSecret("v0.a.b.c")).toBeNull();
    expect(openSecret("not sealed")).toBeNull();
  });

  it("hashes a value the same way every time, and two values apart", () => {
    expect(keyedHash("abcde-fghij")).toBe(keyedHash("abcde-fghij"));
    expect(keyedHash("abcde-fghij")).not.toBe(keyedHash("abcde-fghik"));
  });
});
