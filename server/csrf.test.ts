import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, type CsrfInput } from "./csrf";

const base: CsrfInput = {
  method: "POST",
  origin: undefined,
  secFetchSite: undefined,
  allowedOrigins: ["https://rent.example"],
};

describe("isCrossSiteRequest", () => {
  it.each<[string, Partial<CsrfInput>, boolean]>([
    ["GET is never blocked", { method: "GET", origin: "https://evil.example" }, false],
    ["same origin POST", { origin: "https://rent.example" }, false],
    ["foreign origin POST", { origin: "https://evil.example" }, true],
    ["http vs https is another origin", { origin: "http://rent.example" }, true],
    ["opaque origin", { origin: "null" }, true],
    ["no Origin, same-origin fetch metadata", { secFetchSite: "same-origin" }, false],
    ["no Origin, cross-site fetch metadata", { secFetchSite: "cross-site" }, true],
    ["no Origin, same-site (sibling subdomain)", { secFetchSite: "same-site" }, true],
    ["user-typed navigation", { secFetchSite: "none" }, false],
    ["neither header", {}, false],
    ["old browser: no Origin, a same-origin Referer", { referer: "https://rent.example/settings?tab=1" }, false],
    ["old browser: no Origin, a foreign Referer", { referer: "https://evil.example/rent.example/" }, true],
    ["old browser: a look-alike Referer host", { referer: "https://rent.example.evil.example/" }, true],
    ["old browser: an unreadable Referer", { referer: "not a url" }, true],
    ["Origin decides over Referer", { origin: "https://evil.example", referer: "https://rent.example/" }, true],
    ["DELETE from another site", { method: "delete", origin: "https://evil.example" }, true],
    [
      "a sign-in provider's form post answer",
      { origin: "https://appleid.apple.com", path: "/auth/apple/callback" },
      false,
    ],
    ["any other path from that provider", { origin: "https://appleid.apple.com", path: "/auth/apple" }, true],
    ["a look-alike path", { origin: "https://evil.example", path: "/auth/apple/callback/../../settings" }, true],
  ])("%s", (_name, overrides, expected) => {
    expect(isCrossSiteRequest({ ...base, ...overrides })).toBe(expected);
  });
});
