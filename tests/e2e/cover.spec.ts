import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type enSearch from "../../app/locales/en/search.json";
import {
  bookingTexts,
  catalogue,
  expectAccessible,
  jsEnabled,
  mailsTo,
  whenReady,
  fillVisitorPayingLater,
  retryShiftMs,
  localDateTime,
  expectMailSaying,
  languagesWalkedBy,
} from "./support";
import { fillVisitorPayingLaterWithoutScript, newUser, submitBookingWithoutScript } from "./no-script-user";

/** A catalogue sentence as a pattern: its words as they are, each {{placeholder}} any text. */
const pattern = (text: string) =>
  new RegExp(
    text
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+"),
  );

/** A period of its own for each language and project, so no two tests compete for one car. */
function periodFor(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(Date.UTC(2028, 2, 1) + retryShiftMs() + (slot * 2 + project) * 5 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(3)}T10:00` };
}

const summary = (page: Page) => page.getByRole("complementary");

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a driver compares the excess, books a car with zero excess and is told what is left at the desk`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const { k, c } = bookingTexts(language);
      const period = periodFor(testInfo, slot);

      // The results, filtered to offers with a zero-excess option and sorted by the total with it.
      const query = new URLSearchParams({ pickup: "tunis", same: "on", ...period, lng: language });
      await page.goto(`/search?${query}`);
      await whenReady(page);
      // click(), not check(): with JavaScript the change navigates at once and the control is rendered anew.
      await page
        .getByRole("group", { name: s.filters.terms })
        .getByLabel(s.filters.zeroExcess, { exact: true })
        .click();
      await expect(page).toHaveURL(/terms=zeroExcess/);
      await expect(page.getByRole("group", { name: s.filters.terms }).getByLabel(s.filters.zeroExcess)).toBeChecked();
      await page.getByLabel(s.sort.label).selectOption("price-covered");
      await expect(page).toHaveURL(/sort=price-covered/);
      await expect(page.getByRole("main").locator("[aria-busy]")).toHaveCount(0);
      const cards = page.getByRole("main").locator("article.car-card");
      await expect(cards.first()).toBeVisible();
      // Every card states its excess (or that it has none) and each offers a way to zero excess.
      const count = await cards.count();
      for (let index = 0; index < count; index++) {
        await expect(cards.nth(index)).toContainText(new RegExp(`${pattern(c.excess.line).source}|${c.excess.none}`));
      }
      await expectAccessible(page);

      // The first card that needs a cover: its zero-excess total, then its checkout with that cover chosen.
      const covered = cards.filter({ hasText: pattern(s.card.zeroExcess) }).first();
      const coveredTotal = /: (.+) (in total|au total)\./.exec(
        (await covered.locator(".car-zero-excess").textContent()) ?? "",
      )![1]!;
      await covered.getByRole("link", { name: pattern(s.card.chooseZeroExcessNamed) }).click();
      await expect(page).toHaveURL(/\/checkout\?.*extra=/);
      await whenReady(page);
      await expect(summary(page).locator("output")).toHaveText(coveredTotal);
      await expect(summary(page).getByText(c.excess.noWorstCase)).toBeVisible();
      await expectAccessible(page);

      // Without the cover, the summary names the worst case at the desk, before any payment.
      const protections = page.getByRole("group", { name: k.options.heading }).getByRole("checkbox", {
        name: new RegExp(`^(${c.extras.collisionDamageWaiver}|${c.extras.theftProtection}|${c.extras.fullInsurance})$`),
      });
      const chosenCover: string[] = [];
      for (let index = 0; index < (await protections.count()); index++) {
        const box = protections.nth(index);
        if (await box.isChecked()) {
          chosenCover.push((await box.getAttribute("value"))!);
          await box.uncheck();
        }
      }
      expect(chosenCover.length).toBeGreaterThan(0);
      await expect(summary(page).getByText(pattern(c.excess.worstCase))).toBeVisible();
      await expect(summary(page).locator("output")).not.toHaveText(coveredTotal);

      // The cover again, and the booking: paid at the counter, the receipt states the excess left, $0.
      for (const extra of chosenCover) await page.locator(`input[name=extra][value=${extra}]`).check();
      await expect(summary(page).getByText(c.excess.noWorstCase)).toBeVisible();
      await expect(summary(page).locator("output")).toHaveText(coveredTotal);
      const email = `cover-${language}-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
      await fillVisitorPayingLater(page, language, {
        fullName: "Camille Cover",
        email,
        phone: "+33 6 12 34 56 78",
        birthDate: "1988-04-02",
      });
      await page.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
      await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
      const receipt = page.getByRole("main");
      for (const row of [c.excess.damage, c.excess.theft])
        await expect(receipt.getByRole("row", { name: new RegExp(`^${row}`) })).toContainText(/(^|\D)0([.,]00)?(\D|$)/);
      await expect(receipt.getByText(coveredTotal, { exact: true }).first()).toBeVisible();
      await expectAccessible(page);

      // The confirmation mail says it too.
      const mail = catalogue<{ booking: { noExcess: string } }>(language, "mail");
      if (language === "en")
        await expect
          .poll(async () => (await mailsTo(email)).some((raw) => raw.includes(mail.booking.noExcess)), {
            timeout: 60_000,
          })
          .toBe(true);
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the filters and the sort are applied
 * with their buttons, the total with "Update total". The run above keeps hydration, the live re-quote and axe.
 */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a driver compares the excess, books a car with zero excess and is told what is left at the desk`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const { k, c } = bookingTexts(language);
      const query = new URLSearchParams({ pickup: "tunis", same: "on", ...periodFor(testInfo, slot), lng: language });
      const { user, done } = await newUser(baseURL!);
      await user.goto(`/search?${query}`);
      user.getByRole("group", { name: s.filters.terms }).getByLabel(s.filters.zeroExcess, { exact: true }).check();
      await user.getByRole("button", { name: s.filters.apply }).click();
      expect(user.path).toMatch(/terms=zeroExcess/);
      expect(user.getByRole("group", { name: s.filters.terms }).getByLabel(s.filters.zeroExcess).checked()).toBe(true);
      user.getByLabel(s.sort.label).selectOption("price-covered");
      await user.getByRole("button", { name: s.sort.apply, exact: true }).click();
      expect(user.path).toMatch(/sort=price-covered/);
      const cards = user.getByRole("main").locator("article.car-card");
      expect(cards.count()).toBeGreaterThan(0);
      const excess = new RegExp(`${pattern(c.excess.line).source}|${c.excess.none}`);
      for (const text of cards.texts()) expect(text).toMatch(excess);

      const covered = cards.filter({ hasText: pattern(s.card.zeroExcess) }).first();
      const coveredTotal = /: (.+) (in total|au total)\./.exec(covered.locator(".car-zero-excess").text())![1]!;
      await covered.getByRole("link", { name: pattern(s.card.chooseZeroExcessNamed) }).click();
      expect(user.path).toMatch(/^\/checkout\?.*extra=/);
      const summary = () => user.getByRole("complementary");
      expect(summary().locator("output").text()).toBe(coveredTotal);
      expect(summary().getByText(c.excess.noWorstCase).count()).toBe(1);

      // Without the cover, the summary names the worst case at the desk, before any payment.
      const protections = user.getByRole("group", { name: k.options.heading }).getByRole("checkbox", {
        name: new RegExp(`^(${c.extras.collisionDamageWaiver}|${c.extras.theftProtection}|${c.extras.fullInsurance})$`),
      });
      const chosenCover = protections.elements
        .filter((box) => box.hasAttribute("checked"))
        .map((box) => box.getAttribute("value")!);
      expect(chosenCover.length).toBeGreaterThan(0);
      for (const extra of chosenCover) user.locator(`input[name=extra][value=${extra}]`).uncheck();
      await user.getByRole("button", { name: k.updateTotal }).click();
      expect(summary().getByText(pattern(c.excess.worstCase)).count()).toBe(1);
      expect(summary().locator("output").text()).not.toBe(coveredTotal);

      // The cover again, and the booking: paid at the counter, the receipt states the excess left, $0.
      for (const extra of chosenCover) user.locator(`input[name=extra][value=${extra}]`).check();
      await user.getByRole("button", { name: k.updateTotal }).click();
      expect(summary().getByText(c.excess.noWorstCase).count()).toBe(1);
      expect(summary().locator("output").text()).toBe(coveredTotal);
      const email = `cover-${language}-nojs-${testInfo.retry}-${Date.now()}@example.com`;
      fillVisitorPayingLaterWithoutScript(user, language, {
        fullName: "Camille Cover",
        email,
        phone: "+33 6 12 34 56 78",
        birthDate: "1988-04-02",
      });
      await submitBookingWithoutScript(user, language);
      const receipt = user.getByRole("main");
      for (const row of [c.excess.damage, c.excess.theft])
        expect(receipt.getByRole("row", { name: new RegExp(`^${row}`) }).text()).toMatch(/(^|\D)0([.,]00)?(\D|$)/);
      expect(receipt.getByText(coveredTotal, { exact: true }).count()).toBeGreaterThan(0);
      await done();
      // The confirmation mail says it too.
      const mail = catalogue<{ booking: { noExcess: string } }>(language, "mail");
      await expectMailSaying(email, mail.booking.noExcess);
    },
  );
}

for (const language of ["en", "fr"] as const) {
  test(`in ${language}, no page offers what cannot help: no waiver on a scooter without a damage excess, no child seat on it, no Cancellation option within 24 hours`, async ({
    page,
  }, testInfo) => {
    const s = catalogue<typeof enSearch>(language, "search");
    const { c } = bookingTexts(language);
    const period = periodFor(testInfo, language === "en" ? 4 : 5);
    const query = new URLSearchParams({
      pickup: "tunis",
      same: "on",
      supplier: "carthage-cars",
      ...period,
      lng: language,
    });
    await page.goto(`/search?${query}`);
    await whenReady(page);
    // The NIU scooter: nothing to pay if it is damaged, so a collision damage waiver would buy nothing.
    const scooter = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "NIU MQi GT" }) });
    await expect(scooter).toContainText(c.excess.none);
    const options = scooter.locator("details.car-extras");
    await options.locator("summary").click();
    await expect(options.locator("dt")).not.toHaveCount(0);
    await expect(options.locator("dt", { hasText: c.extras.collisionDamageWaiver })).toHaveCount(0);
    await expect(options.locator("dt", { hasText: c.extras.cancellation })).toHaveCount(1);

    // Its checkout sells neither the waiver nor a child seat (Carthage Cars lends them for its cars).
    await scooter.getByRole("link", { name: new RegExp(`^${s.card.choose}`) }).click();
    await expect(page).toHaveURL(/\/checkout\?/);
    await whenReady(page);
    await expect(page.getByRole("checkbox", { name: c.equipment.gps })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: c.extras.collisionDamageWaiver })).toHaveCount(0);
    await expect(page.getByLabel(c.equipment.childSeat)).toHaveCount(0);
    await expectAccessible(page);

    // A pick-up within 24 hours at a desk open day and night: every card says the Cancellation option is not sold.
    const soon = new Date(Math.ceil((Date.now() + 6 * 3_600_000) / 3_600_000) * 3_600_000);
    const parisClock = (instant: Date) => localDateTime(instant, "Europe/Paris");
    const late = new URLSearchParams({
      pickup: "paris-cdg-airport",
      same: "on",
      from: parisClock(soon),
      to: parisClock(new Date(soon.getTime() + 2 * 86_400_000)),
      lng: language,
    });
    await page.goto(`/search?${late}`);
    await whenReady(page);
    const cancellation = page.locator("details.car-extras dt", { hasText: c.extras.cancellation });
    await expect(cancellation.first()).toBeAttached();
    for (const line of await page.locator("details.car-extras dt + dd").all()) {
      const name = await line.evaluate((dd) => dd.previousElementSibling?.textContent ?? "");
      if (name === c.extras.cancellation)
        await expect(line).toHaveText(new RegExp(`^(${s.card.unavailable}|${s.card.included})`));
    }
  });
}
