import { expect, test, type Page } from "@playwright/test";
import { DEMO_SUPPLIER, gotoReady, staffBrowser } from "./support";

/**
 * Operators on phones (issue 50): no operator page scrolls sideways at 390 px. A table too wide for the screen
 * scrolls inside its own frame, which shows a shadow on the side where more of it is; everything else reflows.
 * Layout is the browser's own business, so this runs with JavaScript only (the script-less pages are the same
 * server-rendered HTML and style sheet).
 */
const ADMIN = { email: "admin@rentacar.example", password: "keep-it-running-2026" };
const PHONE = { width: 390, height: 844 };

/** The first link of `page` whose address matches `pattern`, as a path. */
async function firstLink(page: Page, pattern: RegExp) {
  const hrefs = await page
    .getByRole("main")
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const found = hrefs.find((href) => pattern.test(href));
  expect(found, `a link matching ${pattern}`).toBeTruthy();
  return found!;
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  await gotoReady(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Every page is checked (a soft failure names the page and what sticks out), not only the first that fails.
  const outside = await page.evaluate((limit) => {
    const wide = [...document.querySelectorAll("body *")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 0.5) return false;
      // Inside a frame that scrolls sideways on its own or clips (a map's tiles), a wide element is the frame's
      // business: the frame itself is judged.
      for (let parent = element.parentElement; parent; parent = parent.parentElement)
        if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(parent).overflowX))
          return parent.getBoundingClientRect().right > limit + 0.5;
      return true;
    });
    return {
      width: document.documentElement.scrollWidth,
      wide: wide.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
    };
  }, PHONE.width);
  expect.soft(outside, `${path} at ${PHONE.width} px`).toEqual({ width: PHONE.width, wide: [] });
}

test("a supplier's pages fit a 390 px phone", { tag: "@js-on-only" }, async ({ browser }) => {
  const { context, page } = await staffBrowser(browser, "en", DEMO_SUPPLIER);
  await page.setViewportSize(PHONE);
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const path of [
    "/manage",
    "/manage/reports?report=revenueByCar",
    "/manage/reports?report=payments",
    "/manage/reports?report=documents",
    "/manage/bookings",
    `/manage/bookings/new?pickup=sousse&from=${day}T10:00&to=${day}T18:00`,
    "/manage/calendar?place=sousse",
    "/manage/desk?place=tunis-carthage-airport&day=today",
    "/manage/cars",
    "/manage/cars/new",
    "/manage/cars/import",
    "/manage/team",
  ])
    await expectNoSidewaysScroll(page, `${path}${path.includes("?") ? "&" : "?"}lng=en`);
  await gotoReady(page, "/manage/bookings?lng=en");
  await expectNoSidewaysScroll(page, await firstLink(page, /^\/manage\/bookings\/[0-9a-f-]{36}/));
  await gotoReady(page, "/manage/cars?lng=en");
  await expectNoSidewaysScroll(page, await firstLink(page, /^\/manage\/cars\/[0-9a-f-]{36}/));
  // An import's page, refused (it writes nothing): its list of problems is the widest thing it shows.
  await gotoReady(page, "/manage/cars/import?lng=en");
  await page.locator("#import-file").setInputFiles({
    name: "a-fleet-file-with-a-rather-long-name-from-the-office-spreadsheet.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("licensePlate,colourOfTheCarAsTheOfficeSpreadsheetNamesIt\nTN-1,red\n"),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/cars\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoSidewaysScroll(page, `${new URL(page.url()).pathname}?lng=en`);
  await context.close();
});

test("an admin's pages fit a 390 px phone", { tag: "@js-on-only" }, async ({ browser }) => {
  const { context, page } = await staffBrowser(browser, "fr", ADMIN);
  await page.setViewportSize(PHONE);
  for (const path of [
    "/manage",
    "/manage/places",
    "/manage/places/new",
    "/manage/countries",
    "/manage/suppliers",
    "/manage/users",
    "/manage/reviews",
    "/manage/platform",
    "/manage/cars",
  ])
    await expectNoSidewaysScroll(page, `${path}?lng=fr`);
  await gotoReady(page, "/manage/places?q=sousse&lng=fr");
  await expectNoSidewaysScroll(page, await firstLink(page, /^\/manage\/places\/[0-9a-f-]{36}/));
  await gotoReady(page, "/manage/suppliers?lng=fr");
  await expectNoSidewaysScroll(page, await firstLink(page, /^\/manage\/suppliers\/[0-9a-f-]{36}/));
  await context.close();
});
