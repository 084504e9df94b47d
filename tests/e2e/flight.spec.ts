import { expect, test, type TestInfo } from "@playwright/test";
import type enManage from "../../app/locales/en/manage.json";
import type enSearch from "../../app/locales/en/search.json";
import {
  bookingTexts,
  catalogue,
  expectAccessible,
  gotoReady,
  interpolate,
  jsEnabled,
  whenReady,
  fillVisitorPayingLater,
  staffBrowser,
  retryShiftMs,
  DEMO_SUPPLIER,
  languagesWalkedBy,
} from "./support";
import {
  fillVisitorPayingLaterWithoutScript,
  newUser,
  signedInUser,
  submitBookingWithoutScript,
} from "./no-script-user";

/** A night of its own for each language and project: the pick-up is 25 minutes after Djerba's desk closes (23:30). */
function periodFor(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(Date.UTC(2029, 1, 5) + retryShiftMs() + (slot * 2 + project) * 4 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T23:55`, to: `${day(3)}T10:00` };
}

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a driver landing after the airport desk closes books with a flight number, and the supplier sees it`,
    {
      tag: "@js-on-only",
    },
    async ({ page, browser }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const m = catalogue<typeof enManage>(language, "manage");
      const { k, c } = bookingTexts(language);
      const period = periodFor(testInfo, slot);
      const query = new URLSearchParams({ pickup: "djerba-airport", same: "on", ...period, lng: language });
      await gotoReady(page, `/search?${query}`);

      // Not refused: the page says only the suppliers that wait for late flights are shown.
      const note = page.getByRole("note").filter({ hasText: s.afterClosing.split("{{")[0]!.trim() });
      await expect(note).toBeVisible();
      const cards = page.getByRole("main").locator("article.car-card");
      await expect(cards.first()).toBeVisible();
      for (const card of await cards.all()) await expect(card).toContainText("Carthage Cars");
      await expectAccessible(page);
      await cards
        .first()
        .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
        .click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await whenReady(page);

      // The flight number is required after closing, and checked for its shape.
      const flight = page.getByLabel(k.driver.flightNumber, { exact: true });
      await expect(flight).toHaveAttribute("required", "");
      await expect(
        page.getByText(interpolate(k.driver.flightRequiredHint, { supplier: "Carthage Cars" })),
      ).toBeVisible();
      const email = `flight-${language}-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
      await fillVisitorPayingLater(page, language, {
        fullName: "Farid Flyer",
        email,
        phone: "+216 22 123 456",
        birthDate: "1985-09-12",
      });
      await flight.fill("tomorrow");
      const submit = page.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) });
      await submit.click();
      await expect(page.getByRole("alert").first()).toContainText(k.problems.flightNumber);
      await expect(page.getByLabel(k.driver.fullName, { exact: true })).toHaveValue("Farid Flyer");
      await expectAccessible(page);

      await page.getByLabel(k.driver.flightNumber, { exact: true }).fill("tu712");
      await page.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
      await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
      await submit.click();
      await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
      // The receipt names the flight, written as airlines print it, and how long the desk waits (Carthage Cars: 120).
      const receipt = page.getByRole("main");
      await expect(receipt).toContainText("TU 712");
      await expect(receipt).toContainText(
        interpolate(k.receipt.flightGrace, { supplier: "Carthage Cars", minutes: 120 }),
      );
      const bookingHref = await page.getByRole("link", { name: k.receipt.view }).getAttribute("href");
      const bookingId = new URLSearchParams(bookingHref!.split("?")[1]).get("b")!;

      // The supplier's staff see the flight on the booking's page.
      const { context: staff, page: desk } = await staffBrowser(browser, language);
      await gotoReady(desk, `/manage/bookings/${bookingId}?lng=${language}`);
      const row = desk
        .getByRole("main")
        .locator("div")
        .filter({ has: desk.getByText(m.desk.flight, { exact: true }) });
      await expect(row.last()).toContainText("TU 712");
      await staff.close();
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the results, the checkout's refusal
 * and its receipt, and the staff's page read as HTML. The run above keeps hydration and axe.
 */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a driver landing after the airport desk closes books with a flight number, and the supplier sees it`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const m = catalogue<typeof enManage>(language, "manage");
      const { k } = bookingTexts(language);
      const query = new URLSearchParams({
        pickup: "djerba-airport",
        same: "on",
        ...periodFor(testInfo, slot),
        lng: language,
      });
      const { user, done } = await newUser(baseURL!);
      await user.goto(`/search?${query}`);
      expect(
        user
          .getByRole("note")
          .filter({ hasText: s.afterClosing.split("{{")[0]!.trim() })
          .count(),
      ).toBe(1);
      const cards = user.getByRole("main").locator("article.car-card");
      expect(cards.count()).toBeGreaterThan(0);
      for (const text of cards.texts()) expect(text).toContain("Carthage Cars");
      await cards
        .first()
        .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
        .click();
      expect(user.path).toMatch(/^\/checkout\?/);

      const flight = () => user.getByLabel(k.driver.flightNumber, { exact: true });
      expect(flight().attribute("required")).toBe("");
      expect(
        user.getByText(interpolate(k.driver.flightRequiredHint, { supplier: "Carthage Cars" })).count(),
      ).toBeGreaterThan(0);
      fillVisitorPayingLaterWithoutScript(user, language, {
        fullName: "Farid Flyer",
        email: `flight-${language}-nojs-${testInfo.retry}-${Date.now()}@example.com`,
        phone: "+216 22 123 456",
        birthDate: "1985-09-12",
      });
      flight().fill("tomorrow");
      await user.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
      expect(user.getByRole("alert").first().text()).toContain(k.problems.flightNumber);
      expect(user.getByLabel(k.driver.fullName, { exact: true }).value()).toBe("Farid Flyer");

      flight().fill("tu712");
      user.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
      user.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
      await submitBookingWithoutScript(user, language);
      const receipt = user.mainText();
      expect(receipt).toContain("TU 712");
      expect(receipt).toContain(interpolate(k.receipt.flightGrace, { supplier: "Carthage Cars", minutes: 120 }));
      const bookingHref = user.getByRole("link", { name: k.receipt.view }).attribute("href");
      const bookingId = new URLSearchParams(bookingHref!.split("?")[1]).get("b")!;
      await done();

      const { user: staff, done: staffDone } = await signedInUser(baseURL!, language, DEMO_SUPPLIER);
      await staff.goto(`/manage/bookings/${bookingId}?lng=${language}`);
      const flightRow = staff
        .getByRole("main")
        .locator("div")
        .elements.filter((row) => [...row.children].some((child) => child.textContent?.trim() === m.desk.flight));
      expect(flightRow.at(-1)?.textContent).toContain("TU 712");
      await staffDone();
    },
  );
}
