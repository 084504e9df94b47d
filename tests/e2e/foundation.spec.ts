import { expect, test } from "@playwright/test";
import { expectAccessible, jsEnabled } from "./support";

test.describe("layout, languages and static pages", () => {
  test("home renders in English by default and in French and Spanish on request", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rent the right vehicle, at the right price");
    await expect(page.getByRole("heading", { name: "Destinations" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tunisia" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Louez le bon véhicule, au bon prix");
    await expect(page.getByRole("heading", { name: "Tunisie" })).toBeVisible();
    await expectAccessible(page);

    // The choice is remembered: a later page without ?lng stays in French.
    await page
      .getByRole("navigation", { name: "Menu principal" })
      .getByRole("link", { name: "À propos" })
      .first()
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("À propos");

    await page.goto("/?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alquile el vehículo adecuado al precio justo");
  });

  test("Accept-Language decides for a first visit", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      locale: "fr-FR",
      javaScriptEnabled: jsEnabled(testInfo),
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions fréquentes");
    await context.close();
  });

  for (const [path, heading, fact] of [
    ["/about", "About us", "English, French and Spanish"],
    ["/tos", "Terms of use", "at least 21 years old"],
    ["/privacy", "Privacy policy", "children under 13"],
    ["/cookie-policy", "Cookie policy", "no advertising or tracking cookies"],
    ["/faq", "Frequently asked questions", "24 hours or more before the start of the rental"],
  ] as const) {
    test(`static page ${path}`, async ({ page }) => {
      await page.goto(`${path}?lng=en`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByText(fact).first()).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | Rentacar`);
      await expectAccessible(page);
    });
  }

  test("an unknown path answers 404 with the translated text", async ({ page }) => {
    const response = await page.goto("/no/such/page?lng=fr");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rien à voir ici !");
    await expectAccessible(page);
    const english = await page.goto("/does-not-exist?lng=en");
    expect(english?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nothing to see here!");
  });

  test("the footer links to every page the spec lists", async ({ page }) => {
    await page.goto("/?lng=en");
    const footer = page.getByRole("contentinfo");
    for (const name of [
      "About",
      "Terms of use",
      "Rent a car",
      "Suppliers",
      "Locations",
      "Support",
      "Contact",
      "Privacy policy",
      "FAQ",
      "Cookie policy",
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await footer.getByRole("link", { name: "Cookie policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie policy");
  });

  test("the menu works on a small screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/?lng=en");
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await expect(nav.getByRole("link", { name: "Terms" })).toBeHidden();
    await nav.getByText("Menu", { exact: true }).click();
    await nav.getByRole("link", { name: "Terms" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of use");
    await expectAccessible(page);
  });
});

test.describe("server", () => {
  // Server checks: what the server answers does not depend on the browser running scripts.
  test("health check, security headers and long-cached assets", { tag: "@js-on-only" }, async ({ request, page }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "pglite" });

    const home = await request.get("/");
    const headers = home.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    await page.goto("/");
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    const asset = await request.get(stylesheet!, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Sent as the brotli copy made at build time, with an asset's own headers only (a document's CSP means nothing here).
    expect(asset.headers()["content-encoding"]).toBe("br");
    expect(asset.headers()["content-type"]).toMatch(/^text\/css/);
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers()["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers()["content-security-policy"]).toBeUndefined();
    expect(asset.headers()["etag"]).toBeUndefined();
    expect((await asset.body()).toString("utf8")).toContain("{");
    const compressed = await request.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(compressed.headers()["content-encoding"]).toMatch(/br|gzip/);
  });

  test("a form post from another site is refused without running", { tag: "@js-on-only" }, async ({ request }) => {
    const response = await request.post("/sign-out", {
      headers: { Origin: "https://evil.example", "Accept-Language": "fr" },
      form: { redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("Ce formulaire a été envoyé depuis un autre site");
  });
});

test(
  "an oversized post is refused from its headers, before the body is read (413, translated, the connection cut soon after)",
  { tag: "@js-on-only" },
  async ({ baseURL }) => {
    // @js-on-only: a server check: run once
    const { connect } = await import("node:net");
    const url = new URL(baseURL!);
    const declared = 50 * 1024 * 1024;
    const answer = await new Promise<{ head: string; sentBytes: number }>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let received = "";
      let sentBytes = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      socket.on("connect", () => {
        socket.write(
          `POST /sign-in HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\nAccept-Language: fr\r\n\r\n`,
        );
        // Keep sending, as an attacker would, until the server answers.
        const pump = () => {
          if (received || socket.destroyed) return;
          sentBytes += chunk.length;
          if (socket.write(chunk, () => undefined)) setImmediate(pump);
          else socket.once("drain", pump);
        };
        pump();
      });
      socket.on("data", (data) => {
        received += data.toString("utf8");
      });
      // The server closes the connection after answering: our writes then fail (EPIPE, ECONNRESET), as they should.
      socket.on("error", () => undefined);
      socket.on("close", () =>
        received ? resolve({ head: received, sentBytes }) : reject(new Error("closed without an answer")),
      );
      setTimeout(() => reject(new Error("no answer within 60 s")), 60_000);
    });
    expect(answer.head).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.head).toContain("Envoi trop volumineux");
    // The server answered long before the 50 MB could have arrived (the unread body fills the socket's buffers, and
    // the sender waits): a proof by bytes, not by time, so a busy machine proves it as well.
    expect(answer.sentBytes).toBeLessThan(declared / 4);
  },
);

test(
  "the health check and static files carry the security headers too",
  { tag: "@js-on-only" },
  async ({ request }) => {
    // @js-on-only: a server check: run once
    for (const path of ["/healthz", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
      expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  },
);
