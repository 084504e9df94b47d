/**
 * Screenshots of every page that shows one of issue 37's facts, at 390 px (a phone's user agent) and 1280 px, for
 * the issue's closing note: `npx tsx scripts/screenshots/issue-37.ts http://127.0.0.1:3000 docs/screenshots/issue-37`
 * against a server with the demo data. Each shot is the part of the page that shows the fact (JPEG). A booking at
 * Djerba airport (zero excess, two child seats, a flight number) is made first, as a visitor paying at the desk.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";

const [base = "http://127.0.0.1:3000", out = "docs/screenshots/issue-37"] = process.argv.slice(2);
const PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const WIDTHS = [390, 1280] as const;
/** JPEG for the repository; SHOT_FORMAT=png for a viewer that reads PNG only. */
const FORMAT = process.env.SHOT_FORMAT === "png" ? "png" : "jpeg";
// A period of its own each run: a run books the late-flight offer it shows, and a car is booked once per period.
const FIRST_DAY = 30 + Math.floor(Math.random() * 300);
const day = (offset: number) => new Date(Date.now() + (FIRST_DAY + offset) * 86_400_000).toISOString().slice(0, 10);
const SUPPLIER = { email: "fleet@carthage-cars.example", password: "run-the-fleet-2026" };
const ADMIN = { email: "admin@rentacar.example", password: "keep-it-running-2026" };

async function signedIn(browser: Browser, width: number, account?: { email: string; password: string }) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    userAgent: width < 500 ? PHONE_AGENT : undefined,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  if (account) {
    await page.goto(`${base}/sign-in?lng=en`);
    await page.getByLabel("Email address").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/manage\//);
  }
  return page;
}

async function shoot(target: Locator, name: string, width: number) {
  await target.first().scrollIntoViewIfNeeded();
  const file = `${name}-${width}.${FORMAT === "png" ? "png" : "jpg"}`;
  await target
    .first()
    .screenshot({ path: join(out, file), type: FORMAT, ...(FORMAT === "jpeg" ? { quality: 70 } : {}) });
  console.log(file);
}

/** Books the journey's offer as a visitor paying at the desk; returns the receipt's URL and the booking's id. */
async function book(page: Page, search: string) {
  await page.goto(`${base}/search?${search}`);
  await page.locator("article.car-card .car-zero-excess a").first().click();
  await page.waitForURL(/\/checkout\?/);
  await page.getByLabel("Child seat (1–4 years)", { exact: true }).selectOption("2");
  await page.getByLabel("Full name", { exact: true }).fill("Nadia Family");
  await page.getByLabel("Email address", { exact: true }).fill(`screenshots-${Date.now()}@example.com`);
  await page.getByLabel("Phone", { exact: true }).fill("+216 22 654 321");
  await page.getByLabel("Birth date", { exact: true }).fill("1986-03-21");
  await page.getByLabel("Flight number", { exact: true }).fill("TU 712");
  await page.getByRole("checkbox", { name: /^I accept/ }).check();
  await page.getByRole("radio", { name: /^Pay at pick-up/ }).check();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: /^(Book now|Book and pay)$/ }).click();
  await page.getByRole("heading", { level: 1 }).waitFor();
  const href = await page.getByRole("link", { name: "Booking page" }).getAttribute("href");
  return { page, receipt: page.url(), bookingId: new URLSearchParams(href!.split("?")[1]).get("b")! };
}

/** The checkout of a Carthage Cars car at Tunis selling the additional-driver option, two drivers added and named. */
async function withTwoDrivers(page: Page, search: string) {
  await page.goto(`${base}/search?${search}`);
  const sells = page.locator("article.car-card").filter({ hasText: /Additional driver\s*\$\d/ });
  await sells
    .first()
    .getByRole("link", { name: /^Choose this car/ })
    .click();
  await page.waitForURL(/\/checkout\?/);
  await page.waitForLoadState("networkidle");
  await page.getByRole("checkbox", { name: /^Additional driver/ }).check();
  await page.getByLabel("How many additional drivers", { exact: true }).selectOption("2");
  const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
  await fill("Additional driver's full name", "Ada First");
  await fill("Additional driver's email address", "ada@example.com");
  await fill("Additional driver's phone", "+216 22 000 001");
  await fill("Additional driver's birth date", "1981-01-01");
  await fill("Additional driver 2: full name", "Bo Second");
  await fill("Additional driver 2: email address", "bo@example.com");
  await fill("Additional driver 2: phone", "+216 22 000 002");
  await fill("Additional driver 2: birth date", "1983-03-03");
  await page.waitForLoadState("networkidle");
}

/** Books the open checkout as a visitor paying at the desk; returns the receipt's URL and the booking's id. */
async function bookAsVisitor(page: Page) {
  await page.getByLabel("Full name", { exact: true }).fill("Leila Main");
  await page.getByLabel("Email address", { exact: true }).fill(`screenshots-drivers-${Date.now()}@example.com`);
  await page.getByLabel("Phone", { exact: true }).fill("+216 22 333 444");
  await page.getByLabel("Birth date", { exact: true }).fill("1982-04-04");
  await page.getByRole("checkbox", { name: /^I accept/ }).check();
  await page.getByRole("radio", { name: /^Pay at pick-up/ }).check();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: /^(Book now|Book and pay)$/ }).click();
  await page.getByRole("heading", { level: 1 }).waitFor();
  const href = await page.getByRole("link", { name: "Booking page" }).getAttribute("href");
  return { page, receipt: page.url(), bookingId: new URLSearchParams(href!.split("?")[1]).get("b")! };
}

async function main() {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const late = new URLSearchParams({
    pickup: "djerba-airport",
    same: "on",
    from: `${day(0)}T23:45`,
    to: `${day(4)}T10:00`,
    terms: "zeroExcess",
    sort: "price-covered",
    lng: "en",
  });
  const journey = await book(await signedIn(browser, 1280), late.toString());
  const tunis = new URLSearchParams({ pickup: "tunis", same: "on", from: `${day(1)}T10:00`, to: `${day(4)}T10:00` });
  // 4: two additional drivers, booked; 5: three hours at Tunis on a weekday, Carthage Cars billing two at least.
  const drivers = new URLSearchParams({ pickup: "tunis", same: "on", from: `${day(8)}T10:00`, to: `${day(11)}T10:00` });
  drivers.set("supplier", "carthage-cars");
  drivers.set("lng", "en");
  const driversPage = await signedIn(browser, 1280);
  await withTwoDrivers(driversPage, drivers.toString());
  const twoDrivers = await bookAsVisitor(driversPage);
  const weekday = [15, 16, 17, 18, 19, 20, 21]
    .map(day)
    .find((date) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))!;
  const hours = new URLSearchParams({ pickup: "tunis", same: "on", from: `${weekday}T10:00`, to: `${weekday}T13:00` });
  hours.set("supplier", "carthage-cars");
  hours.set("lng", "en");

  for (const width of WIDTHS) {
    const page = await signedIn(browser, width);
    // 1, 3, 4, 7: a result card with its excess, zero-excess total, bags, child seats and drivers' mark.
    await page.goto(`${base}/search?${tunis}&childSeats=2&sort=reviews&lng=en`);
    await shoot(page.locator("article.car-card"), "results-card", width);
    const filters = page.locator("details.filters");
    if (!(await filters.getAttribute("open"))) await filters.locator("summary").click();
    await shoot(filters, "results-filters", width);
    // 3: the car's own page.
    await page.locator("article.car-card h3 a, article.car-card h2 a").first().click();
    await page.waitForURL(/\/cars\//);
    await shoot(page.getByRole("main"), "car-page", width);
    // 1, 2, 4: the checkout's cover, flight number, equipment and worst case at the desk.
    await page.goto(`${base}/search?${late}`);
    await page.locator("article.car-card .car-zero-excess a").first().click();
    await page.waitForURL(/\/checkout\?/);
    await shoot(page.getByRole("group", { name: "Child seats and equipment" }), "checkout-equipment", width);
    await shoot(page.getByRole("complementary"), "checkout-summary", width);
    await shoot(page.getByLabel("Flight number", { exact: true }).locator("xpath=.."), "checkout-flight", width);
    // 1, 2, 4: the receipt, in the browser that booked (the confirmation is that visitor's).
    await journey.page.setViewportSize({ width, height: 900 });
    await journey.page.goto(journey.receipt);
    await shoot(journey.page.getByRole("main"), "receipt", width);
    // 6: the time list, the nearest open desk, the desk filter.
    await page.goto(`${base}/?pickup=djerba-airport&lng=fr`);
    await shoot(page.locator("#search-from-time").locator("xpath=ancestor::form"), "search-form-times", width);
    await page.goto(`${base}/search?pickup=paris&same=on&from=${day(3)}T23:45&to=${day(6)}T10:00&lng=en`);
    await shoot(page.getByRole("note").first(), "open-desk-nearby", width);
    // 5: hours on a result card and at the checkout.
    await page.goto(`${base}/search?${hours}`);
    const byTheHour = page.locator("article.car-card").filter({ hasText: "Total for 3 hours" });
    await shoot(byTheHour, "hourly-card", width);
    await byTheHour
      .first()
      .getByRole("link", { name: /^Choose this car/ })
      .click();
    await page.waitForURL(/\/checkout\?/);
    await page.waitForLoadState("networkidle");
    await shoot(page.getByRole("complementary"), "hourly-checkout-summary", width);
    // 4: the drivers' groups at the checkout, and the receipt naming them.
    await withTwoDrivers(page, drivers.toString());
    await shoot(page.locator("#checkout-additionalDriver"), "checkout-drivers", width);
    await twoDrivers.page.setViewportSize({ width, height: 900 });
    await twoDrivers.page.goto(twoDrivers.receipt);
    await shoot(twoDrivers.page.getByRole("main"), "receipt-drivers", width);
    // 8: the password toggle.
    await page.goto(`${base}/sign-in?lng=en`);
    await shoot(page.getByRole("main").locator("form").first(), "password-toggle", width);
    await page.context().close();

    // The supplier's side: the booking's page (flight, seats, excess), the desk's day, the equipment settings.
    const staff = await signedIn(browser, width, SUPPLIER);
    await staff.goto(`${base}/manage/bookings/${journey.bookingId}?lng=en`);
    await shoot(staff.getByRole("main"), "staff-booking", width);
    await staff.goto(`${base}/manage/desk?place=tunis-carthage-airport&day=today&lng=en`);
    await shoot(staff.getByRole("main"), "desk-day", width);
    await staff.goto(`${base}/manage?lng=en`);
    await staff.locator("a[href^='/manage/suppliers/']").first().click();
    await staff.waitForURL(/\/manage\/suppliers\//);
    await shoot(staff.getByRole("group", { name: "Late flights", exact: true }), "supplier-late-flights", width);
    await shoot(
      staff.getByLabel("Fewest hours billed by the hour", { exact: true }).locator("xpath=.."),
      "supplier-hourly-minimum",
      width,
    );
    await shoot(
      staff.getByRole("group", { name: "Child seats and equipment", exact: true }),
      "supplier-equipment",
      width,
    );
    // 5: a car's price an hour; 4: the added drivers on the staff's booking page.
    await staff.goto(`${base}/manage/cars?lng=en`);
    await staff
      .locator("a[href^='/manage/cars/']")
      .filter({ hasNotText: /import|new/i })
      .first()
      .click();
    await staff.waitForURL(/\/manage\/cars\//);
    await shoot(
      staff.getByLabel("Price an hour", { exact: true }).locator("xpath=ancestor::fieldset"),
      "car-form-hourly",
      width,
    );
    await staff.goto(`${base}/manage/bookings/${twoDrivers.bookingId}?lng=en`);
    await shoot(staff.getByRole("main"), "staff-booking-drivers", width);
    await staff.context().close();

    // 7: the admin's review queue.
    const admin = await signedIn(browser, width, ADMIN);
    await admin.goto(`${base}/manage/reviews?lng=en`);
    await shoot(admin.getByRole("main"), "reviews-queue", width);
    await admin.context().close();
  }
  await browser.close();
}

await main();
