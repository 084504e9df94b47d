import { expect, test } from "@playwright/test";
import { expectAccessible, jsEnabled } from "./support";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SEARCH = `/search?pickup=tunis&from=${day(10)}T10:00&to=${day(13)}T10:00`;

test(
  "after 'Next' the results' heading has focus and the title names the page",
  { tag: "@js-on-only" },
  async ({ page }) => {
    // @js-on-only: without JavaScript 'Next' loads a new page, whose title names the page
    await page.goto(`${SEARCH}&lng=en`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("heading", { level: 2, name: /cars available/ })).toBeFocused();
    await expect(page).toHaveTitle(/^Cars at Tunis, page 2 \| /);
  },
);

test("on a phone the filters start closed, say how many are chosen, and a skip link leads to the results", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: jsEnabled(testInfo),
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
  });
  const page = await context.newPage();
  await page.goto(`${SEARCH}&range=mini&gearbox=automatic&lng=es`);
  const filters = page.locator("details.filters");
  await expect(filters).not.toHaveAttribute("open", /.*/);
  await expect(filters.locator("summary")).toContainText("Filtros: 2 elegido(s)");
  // Nothing is wider than the screen (the Spanish sort control used to overflow).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Ir a los resultados" });
  await expect(skip).toHaveAttribute("href", "#results-heading");
  await skip.focus();
  await skip.press("Enter");
  await expect(page.locator("#results-heading")).toBeFocused();
  await expectAccessible(page);
  await context.close();
});

test("a desktop search keeps the filters open", async ({ page }) => {
  await page.goto(`${SEARCH}&lng=en`);
  await expect(page.locator("details.filters")).toHaveAttribute("open", "");
});

test(
  "the map credits OpenStreetMap in the reader's language, and a marker on /locations opens that place's search",
  { tag: "@js-on-only" },
  async ({ page }) => {
    // @js-on-only: the map needs JavaScript; without it the place links do the same
    await page.goto("/locations?lng=fr");
    await page.locator("html[data-hydrated]").waitFor();
    const map = page.locator(".location-map");
    await expect(page.getByRole("link", { name: "© contributeurs d'OpenStreetMap" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/copyright",
    );
    await map.scrollIntoViewIfNeeded();
    // Every marker is inside the map's frame (it is fitted to them).
    const frame = (await map.boundingBox())!;
    const markers = await map.locator(".pigeon-click-block").all();
    expect(markers.length).toBeGreaterThan(10);
    for (const marker of markers) {
      const box = (await marker.boundingBox())!;
      expect(box.x + box.width / 2).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width / 2).toBeLessThanOrEqual(frame.x + frame.width);
      expect(box.y + box.height).toBeGreaterThanOrEqual(frame.y);
      expect(box.y).toBeLessThanOrEqual(frame.y + frame.height);
    }
    // pigeon-maps' overlay catches pointer events: click through the mouse, as a driver does.
    const box = (await markers[0]!.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/search\?pickup=/);
  },
);
