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
} from "./support";

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

for (const [slot, language] of (["en", "fr"] as const).entries()) {
  test(`in ${language}, a driver compares the excess, books a car with zero excess and is told what is left at the desk`, async ({
    page,
  }, testInfo) => {
    const s = catalogue<typeof enSearch>(language, "search");
    const { k, c } = bookingTexts(language);
    const period = periodFor(testInfo, slot);

    // The results, filtered to offers with a zero-excess option and sorted by the total with it.
    const query = new URLSearchParams({ pickup: "tunis", same: "on", ...period, lng: language });
    await page.goto(`/search?${query}`);
    await whenReady(page);
    // click(), not check(): with JavaScript the change navigates at once and the control is rendered anew.
    await page.getByRole("group", { name: s.filters.terms }).getByLabel(s.filters.zeroExcess, { exact: true }).click();
    if (!jsEnabled()) await page.getByRole("button", { name: s.filters.apply }).click();
    await expect(page).toHaveURL(/terms=zeroExcess/);
    await expect(page.getByRole("group", { name: s.filters.terms }).getByLabel(s.filters.zeroExcess)).toBeChecked();
    await page.getByLabel(s.sort.label).selectOption("price-covered");
    if (!jsEnabled()) await page.getByRole("button", { name: s.sort.apply, exact: true }).click();
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
    if (!jsEnabled()) await page.getByRole("button", { name: k.updateTotal }).click();
    await expect(summary(page).getByText(pattern(c.excess.worstCase))).toBeVisible();
    await expect(summary(page).locator("output")).not.toHaveText(coveredTotal);

    // The cover again, and the booking: paid at the counter, the receipt states the excess left, $0.
    for (const extra of chosenCover) await page.locator(`input[name=extra][value=${extra}]`).check();
    if (!jsEnabled()) await page.getByRole("button", { name: k.updateTotal }).click();
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
  });
}
