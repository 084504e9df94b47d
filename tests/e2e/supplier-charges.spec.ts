import { expect, test, type TestInfo } from "@playwright/test";
import { bookingTexts, chooseFirstCar, expectAccessible, jsEnabled, whenReady } from "./support";

// Carthage Cars (demo data): its rates include 19 % tax, it charges 25.00 for a car returned elsewhere and 8.00 a
// day to drivers under 25.
const SUPPLIER = "carthage-cars";

/**
 * A one-way period of its own per language and project: a Monday to Thursday, desks open (decision 024). The same on a
 * retry (no `retryShiftMs`): the young-driver fee needs a driver old enough today and under 25 on the pick-up day.
 */
function periodFor(testInfo: TestInfo, language: "en" | "fr") {
  const slot = (language === "en" ? 0 : 2) + (jsEnabled(testInfo) ? 0 : 1);
  const monday = new Date(Date.UTC(2029, 4, 7) + slot * 7 * 86_400_000);
  const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(3)}T10:00` };
}

/** A catalogue text as a pattern: its placeholders stand for the given patterns, the rest is matched as written. */
function textPattern(text: string, params: Record<string, string>): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(escaped.replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_match, key: string) => params[key] ?? ".*"));
}

/** An amount in any of the page's notations ($25, $25.00, 25,00 $…) of a whole number of units. */
const amount = (units: number) => `\\S*${units}(?:[.,]00)?\\S*(?:\\s?\\S*\\$\\S*)?`;
const rate = "19\\s?%";

for (const language of ["en", "fr"] as const) {
  test(`in ${language}, a one-way rental says what its total includes; a young driver is shown the fee before booking`, async ({
    page,
  }, testInfo) => {
    const { k, c } = bookingTexts(language);
    const period = periodFor(testInfo, language);
    const query = new URLSearchParams({
      pickup: "tunis",
      dropoff: "hammamet",
      ...period,
      supplier: SUPPLIER,
      lng: language,
    });
    await page.goto(`/search?${query}`);
    await whenReady(page);

    // The results: each card's total includes the tax and the one-way fee, and names the young-driver fee.
    const card = page.getByRole("main").locator("article").first();
    await expect(card.getByText(textPattern(c.charges.taxIncluded, { rate }))).toBeVisible();
    await expect(card.getByText(textPattern(c.charges.oneWayFee, { amount: amount(25) }))).toBeVisible();
    await expect(
      card.getByText(
        textPattern(`${c.charges.youngDriverWho} ${c.charges.youngDriverFee}`, { age: "25", fee: amount(8) }),
      ),
    ).toBeVisible();
    await expectAccessible(page);
    const cardTotal = (await card.locator(".price-total").textContent())!.trim();

    // The checkout: the same total, the fee a line of its own, the tax the total includes, the young-driver rule.
    await chooseFirstCar(page, language);
    const summary = page.getByRole("complementary");
    const total = summary.locator("output");
    await expect(total).toHaveText(cardTotal);
    await expect(summary.getByRole("row", { name: new RegExp(`^${k.summary.oneWayFee}`) })).toBeVisible();
    await expect(summary.getByRole("row", { name: textPattern(k.summary.taxIncludedShare, { rate }) })).toBeVisible();
    await expect(summary.getByText(k.summary.linesIncludeTax)).toBeVisible();
    await expect(summary.getByText(textPattern(k.summary.youngDriverUnknown, { age: "25" }))).toBeVisible();
    await expectAccessible(page);

    // A driver of 23 on the pick-up day (21 today: old enough for the car).
    await page.getByLabel(k.driver.fullName, { exact: true }).fill("Young Driver");
    await page.getByLabel(k.driver.email, { exact: true }).fill(`young-${language}-${Date.now()}@example.com`);
    await page.getByLabel(k.driver.phone, { exact: true }).fill("+216 71 000 000");
    await page.getByLabel(k.driver.birthDate, { exact: true }).fill("2005-06-01");
    await page.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
    const youngDriverRow = summary.getByRole("row", { name: new RegExp(`^${k.summary.youngDriverFee}`) });
    if (jsEnabled(testInfo)) {
      // With JavaScript the total follows the birth date at once.
      await expect(youngDriverRow).toBeVisible();
    } else {
      await expect(youngDriverRow).toHaveCount(0);
      await page.getByRole("button", { name: k.submitBook }).click();
      // Without it, the server shows the new total first and books nothing yet.
      await expect(page.getByRole("alert").getByText(textPattern(k.problems.youngDriverFeeAdded, {}))).toBeVisible();
      await expect(youngDriverRow).toBeVisible();
      await expectAccessible(page);
    }
    await expect(total).not.toHaveText(cardTotal);
    const youngTotal = (await total.textContent())!.trim();
    await page.getByRole("button", { name: k.submitBook }).click();

    // The receipt keeps every line as quoted.
    await expect(page).toHaveURL(/\/confirmation\/bk_/);
    const lines = page.getByRole("table").first();
    await expect(lines.getByRole("row", { name: new RegExp(`^${k.summary.oneWayFee}`) })).toBeVisible();
    await expect(lines.getByRole("row", { name: new RegExp(`^${k.summary.youngDriverFee}`) })).toBeVisible();
    await expect(lines.getByRole("row", { name: textPattern(k.summary.taxIncludedShare, { rate }) })).toBeVisible();
    await expect(lines.getByRole("row", { name: new RegExp(`^${k.summary.totalTaxIncluded}`) })).toContainText(
      youngTotal,
    );
    await expectAccessible(page);
  });
}
