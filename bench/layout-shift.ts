/**
 * Cumulative layout shift of each page as Chromium reports it (layout-shift entries without recent input, summed —
 * the worst case of CLS's session windows), on a 412 px phone and a 1280 px desktop, with the app's JavaScript and
 * without it (its scripts blocked: the observer itself still needs a script to run).
 * Usage: start the server, then npx tsx bench/layout-shift.ts [base URL] [paths...]   (budget: CLS ≤ 0.02)
 */
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.mjs";

const [base = "http://127.0.0.1:3000", ...given] = process.argv.slice(2);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const paths = given.length
  ? given
  : [
      "/",
      `/search?pickup=tunis&from=${day(10)}T10:00&to=${day(13)}T10:00`,
      "/locations",
      "/suppliers",
      "/about",
      "/sign-in",
      "/sign-up",
      "/contact",
    ];
const screens = [
  { name: "phone 412", viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true },
  { name: "desktop 1280", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];
const BUDGET = 0.02;

const browser = await chromium.launch(chromiumLaunchOptions);
let worst = 0;
for (const screen of screens) {
  for (const javaScriptEnabled of [true, false]) {
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: screen.viewport,
        isMobile: screen.isMobile,
        hasTouch: screen.hasTouch,
      });
      if (!javaScriptEnabled) await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
      await context.addInitScript(() => {
        const state = window as unknown as { __cls: number };
        state.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) state.__cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const page = await context.newPage();
      await page.goto(new URL(path, base).href, { waitUntil: "networkidle" });
      await page.waitForTimeout(1000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      worst = Math.max(worst, cls);
      console.log(
        `${screen.name.padEnd(13)} JS ${javaScriptEnabled ? "on " : "off"} ${path.split("?")[0]!.padEnd(12)} CLS ${cls.toFixed(3)}${cls > BUDGET ? "  OVER" : ""}`,
      );
      await context.close();
    }
  }
}
await browser.close();
console.log(`worst CLS ${worst.toFixed(3)} (budget ${BUDGET})`);
process.exitCode = worst > BUDGET ? 1 : 0;
