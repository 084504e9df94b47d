import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/search?pickup=tunis", "/search?pickup=tunis"],
    ["/checkout?car=1#top", "/checkout?car=1#top"],
    ["https://evil.example/", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    // Dot-segments and control characters that resolve to another host.
    ["/.//evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/a/..//evil.example/x", "/"],
    ["/%2e//evil.example", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/a/../search?pickup=tunis", "/search?pickup=tunis"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [undefined, "/"],
    [42, "/"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });
});
