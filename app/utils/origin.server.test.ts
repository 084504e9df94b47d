import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { publicOrigin } from "./origin.server";

describe("publicOrigin", () => {
  const local = parseEnv({ PORT: "3000" });

  it("is APP_URL when configured, whatever the request says", () => {
    const env = parseEnv({ APP_URL: "https://rent.example/some/path" });
    expect(publicOrigin(new Request("http://evil.example/forgot-password"), env)).toBe("https://rent.example");
  });

  it.each(["http://localhost:3000/x", "http://127.0.0.1:3100/x", "http://[::1]:3000/x"])(
    "keeps a loopback origin (%s)",
    (url) => {
      expect(publicOrigin(new Request(url), local)).toBe(new URL(url).origin);
    },
  );

  it("never takes another host from the request (a forged Host header) without APP_URL", () => {
    expect(publicOrigin(new Request("http://evil.example/forgot-password"), local)).toBe("http://localhost:3000");
    expect(publicOrigin(new Request("http://127.0.0.1.evil.example/x"), local)).toBe("http://localhost:3000");
  });
});
