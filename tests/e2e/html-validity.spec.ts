import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";

const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PUBLIC = [
  "/",
  `/search?pickup=tunis&from=${day(10)}T10:00&to=${day(13)}T10:00`,
  "/search?pickup=nowhere",
  "/locations",
  "/suppliers",
  "/about",
  "/tos",
  "/privacy",
  "/cookie-policy",
  "/faq",
  "/contact",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/reset-password?token=x",
  "/activate?token=x",
  "/no-such-page",
];
const SIGNED_IN = ["/bookings", "/notifications", "/settings", "/change-password"];

async function pagesOf(request: APIRequestContext, paths: string[], language: string) {
  const pages: Array<{ name: string; html: Buffer }> = [];
  for (const path of paths) {
    const response = await request.get(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
    pages.push({ name: `${language} ${path}`, html: await response.body() });
  }
  return pages;
}

test(
  "every page is valid HTML (Nu checker) and carries no NUL byte, in every language, signed out and in",
  { tag: "@js-on-only" },
  async ({ playwright, baseURL }) => {
    // @js-on-only: one run is enough: documents as served
    const visitor = await playwright.request.newContext({ baseURL });
    const driver = await playwright.request.newContext({ baseURL });
    expect(
      (
        await driver.post("/sign-in", {
          form: { email: "driver@rentacar.example", password: "drive-safely-2026" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
    const results = (await visitor.get(`/search?pickup=tunis&from=${day(10)}T10:00&to=${day(13)}T10:00`)).text();
    const checkout = /href="(\/checkout\?[^"]+)"/.exec(await results)![1]!.replaceAll("&amp;", "&");
    const pages: Array<{ name: string; html: Buffer }> = [];
    for (const language of ["en", "fr", "es"]) {
      pages.push(...(await pagesOf(visitor, [...PUBLIC, checkout], language)));
      pages.push(...(await pagesOf(driver, [...SIGNED_IN, checkout], language)));
    }
    await visitor.dispose();
    await driver.dispose();

    const withNul = pages.filter((page) => page.html.includes(0)).map((page) => page.name);
    expect(withNul).toEqual([]);

    const dir = mkdtempSync(path.join(tmpdir(), "rentacar-html-"));
    try {
      const files = pages.map((page, index) => {
        const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
        writeFileSync(file, page.html);
        return file;
      });
      let report = "";
      try {
        execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
      } catch (error) {
        // vnu exits 1 when it found errors and writes its JSON report to stderr.
        report = (error as { stderr?: string }).stderr ?? String(error);
      }
      const messages = report
        ? (JSON.parse(report) as { messages: Array<{ url: string; message: string; extract?: string }> }).messages
        : [];
      const named = messages.map((message) =>
        `${pages[Number(path.basename(message.url).slice(0, 3))]!.name}: ${message.message} ${message.extract ?? ""}`.slice(
          0,
          300,
        ),
      );
      expect(named).toEqual([]);
      console.log(
        `html validity: ${pages.length} documents, ${messages.length} Nu errors, ${withNul.length} with NUL bytes`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
