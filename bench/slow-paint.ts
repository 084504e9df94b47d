/**
 * First and largest contentful paint, and when the page has hydrated (its scripts loaded and run), on a slow link: 400 kbit/s both ways, 400 ms round trip, CPU slowed 4×, cold
 * cache — the profile decision 015 measured (/search LCP target ≤ 2.5 s). Median of RUNS loads per page.
 * Usage: start the server, then npx tsx bench/slow-paint.ts [base URL] [paths...]   (RUNS, default 3)
 */
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.mjs";

const [base = "http://127.0.0.1:3000", ...given] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 3);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const paths = given.length
  ? given
  : [`/search?pickup=tunis&from=${day(10)}T10:00&to=${day(13)}T10:00`, "/", "/sign-in"];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const browser = await chromium.launch(chromiumLaunchOptions);
for (const path of paths) {
  const fcp: number[] = [];
  const lcp: number[] = [];
  const hydrated: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const client = await context.newCDPSession(page);
    await client.send("Network.enable");
    await client.send("Network.setCacheDisabled", { cacheDisabled: true });
    await client.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    await client.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await context.addInitScript(() => {
      const state = window as unknown as { __lcp: number; __hydrated: number };
      state.__lcp = 0;
      // The root marks the document once React has hydrated it (what the e2e suite waits for too).
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.hasAttribute("data-hydrated")) return;
        state.__hydrated = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(new URL(path, base).href, { waitUntil: "networkidle", timeout: 120_000 });
    await page.waitForTimeout(500);
    const paints = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
      lcp: (window as unknown as { __lcp: number }).__lcp,
      hydrated: (window as unknown as { __hydrated?: number }).__hydrated ?? Number.NaN,
    }));
    fcp.push(paints.fcp);
    lcp.push(paints.lcp);
    hydrated.push(paints.hydrated);
    await context.close();
  }
  console.log(
    `${path.split("?")[0]!.padEnd(10)} first paint ${(median(fcp) / 1000).toFixed(2)} s, largest paint ${(median(lcp) / 1000).toFixed(2)} s, hydrated ${(median(hydrated) / 1000).toFixed(2)} s (median of ${runs})`,
  );
}
await browser.close();
