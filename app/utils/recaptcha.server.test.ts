import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { isSafari, passesRecaptcha, recaptchaOrigins, recaptchaSiteKey } from "./recaptcha.server";

const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const IOS_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CHROME_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/156.0 Mobile Safari/537.36";

describe("Safari detection", () => {
  it.each([
    [SAFARI, true],
    [IOS_SAFARI, true],
    [CHROME, false],
    [CHROME_IOS, false],
    [ANDROID, false],
    ["curl/8.0", false],
  ])("%s → %s", (userAgent, expected) => expect(isSafari(userAgent)).toBe(expected));
});

describe("verifying an answer", () => {
  let server: Server;
  const received: URLSearchParams[] = [];
  let env: ReturnType<typeof parseEnv>;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const form = new URLSearchParams(body);
        received.push(form);
        if (form.get("response") === "slow") return; // never answers
        if (form.get("response") === "broken") return response.writeHead(500).end("oops");
        response.setHeader("Content-Type", "application/json");
        response.end(
          JSON.stringify({ success: form.get("response") === "good" && form.get("secret") === "the-secret" }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    env = parseEnv({
      RECAPTCHA_SITE_KEY: "site-key",
      RECAPTCHA_SECRET_KEY: "the-secret",
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const request = (userAgent = CHROME) =>
    new Request("http://localhost/sign-up", { method: "POST", headers: { "User-Agent": userAgent } });
  const answer = (value?: string) => {
    const form = new FormData();
    if (value !== undefined) form.set("g-recaptcha-response", value);
    return form;
  };

  it("is off by default and then asks nothing", async () => {
    const off = parseEnv({});
    expect(recaptchaSiteKey(request(), off)).toBeNull();
    expect(recaptchaOrigins(off)).toEqual([]);
    expect(await passesRecaptcha(request(), answer(), "192.0.2.1", off)).toBe(true);
  });

  it("passes only an answer the provider confirms, sending the secret and the client's address", async () => {
    expect(recaptchaSiteKey(request(), env)).toBe("site-key");
    expect(await passesRecaptcha(request(), answer("good"), "192.0.2.1", env)).toBe(true);
    expect(received.at(-1)?.get("remoteip")).toBe("192.0.2.1");
    expect(await passesRecaptcha(request(), answer("bad"), "192.0.2.1", env)).toBe(false);
    expect(await passesRecaptcha(request(), answer(), "192.0.2.1", env)).toBe(false);
  });

  it("counts a failing or silent provider as a failed check", async () => {
    expect(await passesRecaptcha(request(), answer("broken"), "192.0.2.1", env)).toBe(false);
    // The provider never answers: only the time-out can end the check (or the test's own limit fails it).
    expect(await passesRecaptcha(request(), answer("slow"), "192.0.2.1", env, 300)).toBe(false);
  });

  it("skips Safari, as the spec asks", async () => {
    expect(recaptchaSiteKey(request(SAFARI), env)).toBeNull();
    expect(await passesRecaptcha(request(SAFARI), answer(), "192.0.2.1", env)).toBe(true);
  });
});
