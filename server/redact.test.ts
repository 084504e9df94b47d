import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact";

describe("redactUrl", () => {
  it.each([
    ["/reset-password?token=abcDEF123", "/reset-password?token=%5Bredacted%5D"],
    ["/activate?token=x&lng=fr", "/activate?token=%5Bredacted%5D&lng=fr"],
    [
      "/newsletter?unsubscribe=a%40b.c&signature=sig",
      "/newsletter?unsubscribe=%5Bredacted%5D&signature=%5Bredacted%5D",
    ],
    ["/auth/google/callback?code=c&state=s", "/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D"],
    ["/search?pickup=tunis&from=2027-01-01T10:00", "/search?pickup=tunis&from=2027-01-01T10:00"],
    ["/about", "/about"],
  ])("%s → %s", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
    expect(redactUrl(input)).not.toMatch(/abcDEF123|a%40b|=sig\b/);
  });
});
