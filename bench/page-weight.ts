/**
 * JavaScript each page ships, measured as a browser transfers it: Debian's Chromium loads the page with a cold
 * cache, waits until the network is idle (so chunks loaded after hydration, such as the map's, count), and sums
 * Chrome's own `encodedDataLength` of every script response — compressed body plus response headers.
 *
 * Usage: start the server (npm start, or node build/server.js), then
 *   npx tsx bench/page-weight.ts [base URL] [paths...]
 * Defaults: http://127.0.0.1:3000 and the storefront's public pages. SIGN_IN=email:password measures the
 * account pages signed in (or the paths given, signed in: an operator's pages). BUDGET_KIB (default 120) marks pages over budget; the exit code is 1 when any is.
 */
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.mjs";

const [base = "http://127.0.0.1:3000", ...given] = process.argv.slice(2);
const budgetKiB = Number(process.env.BUDGET_KIB ?? 120);
const in3Days = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const searchPath = `/search?pickup=tunis&from=${in3Days(10)}T10:00&to=${in3Days(13)}T10:00`;
const publicPages = [
  "/",
  searchPath,
  "/locations",
  "/suppliers",
  "/about",
  "/faq",
  "/contact",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/no-such-page",
];
const accountPages = ["/bookings", "/notifications", "/settings", "/change-password"];

export interface PageWeight {
  path: string;
  scripts: number;
  scriptBytes: number;
  documentBytes: number;
}

/** Loads `url` in a fresh context (cold cache) and sums what Chrome received for each script. */
export async function measure(page: Page, url: string): Promise<Omit<PageWeight, "path">> {
  const client = await page.context().newCDPSession(page);
  await client.send("Network.enable");
  await client.send("Network.setCacheDisabled", { cacheDisabled: true });
  const types = new Map<string, string>();
  let scriptBytes = 0;
  let scripts = 0;
  let documentBytes = 0;
  client.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  client.on("Network.loadingFinished", (event) => {
    const type = types.get(event.requestId);
    if (type === "Script") {
      scripts++;
      scriptBytes += event.encodedDataLength;
    } else if (type === "Document") {
      documentBytes += event.encodedDataLength;
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await client.detach();
  return { scripts, scriptBytes, documentBytes };
}

async function main() {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: PageWeight[] = [];
  const run = async (paths: string[], signIn?: string) => {
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (signIn) {
        const [email, password] = signIn.split(":");
        // Signed in by the page itself (a same-origin post, as the form's), so the browser keeps the session cookie.
        await page.goto(`${base}/sign-in`);
        const status = await page.evaluate(
          async ([address, secret]) =>
            (
              await fetch("/sign-in", {
                method: "POST",
                body: new URLSearchParams({ email: address!, password: secret! }),
                redirect: "manual",
              })
            ).type,
          [email, password],
        );
        if (status !== "opaqueredirect") throw new Error(`signing in as ${email} failed`);
      }
      results.push({ path, ...(await measure(page, new URL(path, base).href)) });
      await context.close();
    }
  };
  // The checkout page of the first car the search offers.
  const resultsHtml = await (await fetch(new URL(searchPath, base))).text();
  const checkout = /href="(\/checkout\?[^"]+)"/.exec(resultsHtml)?.[1]?.replaceAll("&amp;", "&");
  // Paths given on the command line are measured signed in when SIGN_IN is set (an operator's pages, say).
  await run(
    given.length ? given : [...publicPages, ...(checkout ? [checkout] : [])],
    given.length ? process.env.SIGN_IN : undefined,
  );
  if (!given.length && process.env.SIGN_IN)
    await run([...accountPages, ...(checkout ? [checkout] : [])], process.env.SIGN_IN);
  await browser.close();

  let over = 0;
  for (const result of results) {
    const kib = result.scriptBytes / 1024;
    if (kib > budgetKiB) over++;
    console.log(
      `${result.path.split("?")[0]!.padEnd(18)} JS ${kib.toFixed(1).padStart(6)} KiB in ${String(result.scripts).padStart(2)} files` +
        `${kib > budgetKiB ? `  OVER ${budgetKiB} KiB` : ""}  | document ${(result.documentBytes / 1024).toFixed(1)} KiB`,
    );
  }
  process.exitCode = over ? 1 : 0;
}

await main();
