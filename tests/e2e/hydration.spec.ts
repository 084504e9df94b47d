import { expect, test, type Page } from "@playwright/test";
import { bookingTexts, signedInDriver } from "./support";

/**
 * The server renders links as plain anchors and the browser as Remix's links (decision 018), and loader data carries
 * translations as text: the browser's first render must meet the server's HTML exactly. React reports a mismatch
 * as an error in the console (and renders the page again from scratch), so every page here must hydrate without one.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SEARCH = `/search?pickup=tunis&from=${day(10)}T10:00&to=${day(13)}T10:00`;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function hydrate(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor();
}

test("pages hydrate without a mismatch, signed out, in English and French", async ({ page }) => {
  const errors = collectErrors(page);
  for (const language of ["en", "fr"]) {
    for (const path of [
      "/",
      SEARCH,
      `${SEARCH}&page=2`,
      "/locations",
      "/suppliers",
      "/about",
      "/sign-in",
      "/sign-up",
      "/contact",
      "/forgot-password",
    ]) {
      await hydrate(page, `${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
    }
  }
  expect(errors).toEqual([]);
});

test("pages hydrate without a mismatch when signed in, with the active menu entry marked", async ({ page }) => {
  const errors = collectErrors(page);
  await signedInDriver(page, {
    fullName: "Hydration Check",
    email: `hydrate-${Date.now()}@example.com`,
    phone: "+21620000000",
    birthDate: "1990-01-01",
    password: "correct horse battery staple",
  });
  for (const path of ["/bookings", "/notifications", "/settings", "/change-password", SEARCH])
    await hydrate(page, path);
  await hydrate(page, "/bookings");
  await expect(page.getByRole("link", { name: "Bookings", exact: true })).toHaveAttribute("aria-current", "page");
  expect(errors).toEqual([]);
});

test("once hydrated, a result's link navigates in the page instead of loading a new document", async ({ page }) => {
  const errors = collectErrors(page);
  await hydrate(page, `${SEARCH}&lng=en`);
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  await page
    .getByRole("link", { name: /^Choose this car/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\?car=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(
    true,
  );
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(
    true,
  );
  expect(errors).toEqual([]);
});

test("a script failure nothing handles is a toast, in the page's language, and logged @js-on-only", async ({
  page,
}) => {
  const errors = collectErrors(page);
  for (const [language, message] of [
    ["en", "An unhandled error occurred"],
    ["fr", /^Une erreur/],
  ] as const) {
    await hydrate(page, `/about?lng=${language}`);
    await expect(page.getByRole("status").getByText(message)).toHaveCount(0);
    // A request given up (a superseded navigation's fetch) is no failure: neither toast nor log (counted below).
    await page.evaluate(() => {
      void Promise.reject(new DOMException("The user aborted a request.", "AbortError"));
    });
    await page.evaluate(() => {
      void Promise.reject(new Error("a failure nobody caught"));
    });
    await expect(page.getByRole("status").getByText(message)).toBeVisible();
  }
  // A message flashed afterwards takes the failure's place: the failure does not hide later confirmations.
  const { c } = bookingTexts("fr");
  const newsletter = page.getByRole("contentinfo").getByRole("region", { name: c.newsletter.heading });
  await newsletter.getByLabel(c.newsletter.label).fill(`after-failure-${Date.now()}@example.com`);
  await newsletter.getByRole("button", { name: c.newsletter.submit }).click();
  await expect(page.getByRole("status").getByText(c.success.subscribed)).toBeVisible();
  await expect(page.getByRole("status").getByText(c.errors.unhandled)).toHaveCount(0);
  // One failure reported per language; the aborted requests before each were not.
  expect(errors.filter((error) => error.includes("unhandled error"))).toHaveLength(2);
});

test("each page runs on at most 12 script files, the map's and the checkout's included (decision 014)", async ({
  page,
}) => {
  const errors = collectErrors(page);
  let scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  const count = async (path: string) => {
    scripts = [];
    await page.goto(path, { waitUntil: "networkidle" });
    await page.locator("html[data-hydrated]").waitFor();
    return { path, files: new Set(scripts).size };
  };
  const counts = [];
  for (const path of ["/?lng=en", `${SEARCH}&lng=en`, "/locations?lng=en", "/sign-up?lng=en", "/about?lng=en"])
    counts.push(await count(path));
  // The checkout of the first car offered (Conform and the payment choices on top of the shared file).
  await page.goto(`${SEARCH}&lng=en`);
  const href = await page
    .getByRole("link", { name: /^Choose this car/ })
    .first()
    .getAttribute("href");
  counts.push(await count(href!));
  for (const { path, files } of counts) expect(files, `${path} loads ${files} script files`).toBeLessThanOrEqual(12);
  // The merge never leaves a page without its code: every page above hydrated, and none logged an error.
  expect(errors).toEqual([]);
});
