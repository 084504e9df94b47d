import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { freePort, serverStartMs } from "../support/free-port.mjs";
import { startTcpProxy } from "../support/tcp-proxy";
import { startBuiltServer, startHostRewritingProxy } from "./servers";

const DRIVER = { email: "driver@rentacar.example", password: "drive-safely-2026" };

/** Signs the demo driver in on the form, in a browser with or without JavaScript (waiting for hydration with it). */
async function signInThroughForm(page: Page, origin: string, withScript: boolean) {
  await page.goto(`${origin}/sign-in?lng=en`);
  if (withScript) await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Email address").fill(DRIVER.email);
  await page.getByLabel("Password").fill(DRIVER.password);
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("status").getByText("Welcome back, Alex Martin!")).toBeVisible();
}

const signInPost = (origin: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body: new URLSearchParams(DRIVER),
  });

test.describe("behind a proxy that rewrites Host, with Redis down", () => {
  test(
    "form posts work through the proxy (sign-in, language, sign-out), with and without JavaScript, Redis down or not",
    { tag: "@js-on-only" },
    async ({ browser }) => {
      // @js-on-only: both runs in one, on one server: starting it (a fresh embedded database, migrated and seeded) is
      // most of this test's time.
      test.setTimeout(serverStartMs() + 300_000);
      // The app is reached through the proxy (APP_URL); the proxy tells it "Host: app.internal:<the app's port>".
      // REDIS_URL points at a port where nothing listens: rate limits fall back to PostgreSQL (here PGlite).
      const proxyPort = await freePort();
      const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
      const app = await startBuiltServer({
        APP_URL: proxyOrigin,
        REDIS_URL: "redis://127.0.0.1:1",
        TRUST_PROXY: "loopback",
      });
      const proxy = await startHostRewritingProxy(proxyPort, { port: app.port, hostName: "app.internal" });
      try {
        for (const withScript of [true, false]) {
          const context = await browser.newContext({ javaScriptEnabled: withScript });
          // Closed whatever happens: a failed step leaves no context open to the worker's end.
          try {
            const page = await context.newPage();
            await signInThroughForm(page, proxy.url, withScript);
            // The signed-in language switch is a post too.
            await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "Français" }).click();
            await expect(page.locator("html")).toHaveAttribute("lang", "fr");
            await page
              .getByRole("navigation", { name: "Menu principal" })
              .getByRole("button", { name: "Déconnexion" })
              .first()
              .click();
            await expect(page.getByRole("status").getByText("Vous êtes déconnecté.")).toBeVisible();
          } finally {
            await context.close();
          }
        }

        // The same posts answered by status alone: never a 500 (Remix's own origin check threw one before).
        const viaProxy = await signInPost(proxy.url);
        expect(viaProxy.status).toBe(302);
        // Directly, with Host rewritten and no X-Forwarded-Host: APP_URL is the trusted origin.
        const rewritten = await signInPost(app.url, { Origin: proxyOrigin, Host: `app.internal:${app.port}` });
        expect(rewritten.status).toBe(302);
        // From a trusted proxy, the forwarded host is an origin of this site too.
        const forwarded = await signInPost(app.url, {
          Origin: "http://shop.example:8080",
          "X-Forwarded-Host": "shop.example:8080",
        });
        expect(forwarded.status).toBe(302);
        // Another site is refused (403), never a 500.
        const foreign = await signInPost(app.url, { Origin: "https://evil.example" });
        expect(foreign.status).toBe(403);

        const health = await (await fetch(`${app.url}/healthz`)).json();
        expect(health).toMatchObject({ status: "degraded", database: "pglite", redis: "unavailable" });
        expect(app.output()).toContain("Redis is not answering");
        expect(app.output()).not.toMatch(/does not match `origin` header/);
      } finally {
        await proxy.close();
        await app.stop();
      }
    },
  );
});

test.describe("a database and a Redis that stop answering (PostgreSQL)", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs a PostgreSQL server (TEST_DATABASE_URL)");

  test(
    "/healthz keeps its own deadline, pages say 503 in the visitor's language, sign-in survives Redis, and all recover",
    { tag: "@js-on-only" },
    async () => {
      // @js-on-only: one run is enough: this test sends requests, not pages
      test.setTimeout(serverStartMs() + 300_000);
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `rentacar_outage_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = new URL(adminUrl);
      const databaseProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${name}`;
      databaseUrl.host = `127.0.0.1:${databaseProxy.port}`;
      const redisTarget = process.env.TEST_REDIS_URL ? new URL(process.env.TEST_REDIS_URL) : null;
      const redisProxy = redisTarget
        ? await startTcpProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) })
        : null;
      const app = await startBuiltServer((port) => ({
        DATABASE_URL: databaseUrl.href,
        APP_URL: `http://127.0.0.1:${port}`,
        SANDBOX_PAYMENTS: "true",
        // The database's own time-outs far beyond /healthz's 1.5 s: a health check that waited on them would take
        // 12 s, one that keeps its own deadline answers in about 1.5 s. The bounds below sit between the two, so a
        // busy machine (seconds slower) passes and a real regression does not.
        DB_CONNECT_TIMEOUT_MS: "12000",
        DB_STATEMENT_TIMEOUT_MS: "12000",
        HEALTHCHECK_TIMEOUT_MS: "1500",
        ...(redisProxy ? { REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`, REDIS_PREFIX: `${name}:` } : {}),
      }));
      const timed = async (path: string, init: RequestInit = {}) => {
        const started = performance.now();
        const response = await fetch(`${app.url}${path}`, { redirect: "manual", ...init });
        return { response, ms: performance.now() - started, text: await response.text() };
      };
      const search = "/search?pickup=tunis&from=2031-05-01T10:00&to=2031-05-04T10:00";
      try {
        expect((await timed(search)).response.status).toBe(200);
        expect((await signInPost(app.url)).status).toBe(302);

        if (redisProxy) {
          redisProxy.blackhole();
          const started = performance.now();
          expect((await signInPost(app.url)).status).toBe(302);
          // Redis commands give up after a second; a sign-in that waited on each of them would take far longer.
          expect(performance.now() - started).toBeLessThan(15_000);
          expect(JSON.parse((await timed("/healthz")).text)).toMatchObject({
            status: "degraded",
            redis: "unavailable",
          });
        }

        databaseProxy.blackhole();
        // A visitor's page and a sign-in wait on the database together, as they would on a real site.
        const [health, page, post] = await Promise.all([
          timed("/healthz"),
          timed(search, { headers: { "Accept-Language": "fr-FR,fr;q=0.9" } }),
          signInPost(app.url),
        ]);
        expect(health.response.status).toBe(503);
        expect(health.ms).toBeLessThan(9_000);
        expect(JSON.parse(health.text)).toMatchObject({ status: "unavailable", database: "timed out" });

        expect(page.response.status).toBe(503);
        expect(page.response.headers.get("retry-after")).toBe("30");
        expect(page.text).toContain("Service momentanément indisponible");
        expect(page.ms).toBeLessThan(60_000);
        expect(post.status).toBe(503);
        console.log(
          `database blackholed: /healthz ${health.response.status} in ${health.ms.toFixed(0)} ms, /search ${page.response.status} in ${page.ms.toFixed(0)} ms`,
        );

        databaseProxy.restore();
        redisProxy?.restore();
        await expect
          .poll(async () => (await timed("/healthz")).response.status, { timeout: 120_000, intervals: [500] })
          .toBe(200);
        expect((await timed(search)).response.status).toBe(200);
        expect(app.output()).toMatch(/\[database\] GET \/search .* answered 503/);
      } finally {
        await app.stop();
        await databaseProxy.close();
        await redisProxy?.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
