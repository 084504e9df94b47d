import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type enSearch from "../../app/locales/en/search.json";
import { catalogue, expectAccessible, gotoReady, interpolate, jsEnabled, whenReady, retryShiftMs } from "./support";

/**
 * Issue 37, point 6, JS on and off in English and French (decision 036): the search form's time lists offer the
 * hours the chosen desk is open that day, rendered by the server; with JavaScript they follow the date as it changes.
 * Tunis' city office opens 08:00–19:00 on weekdays and 09:00–13:00 on Sunday; Rabat's is closed on Sunday; Djerba's
 * airport desk closes at 23:30 and Carthage Cars meets late flights up to two hours after.
 */
function week(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  // 2030-09-02 is a Monday: a week of its own per language and project.
  const start = new Date(Date.UTC(2030, 8, 2) + retryShiftMs() + (slot * 2 + project) * 14 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { monday: day(0), sunday: day(6), returnDay: day(9) };
}

const times = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator("option");

for (const [slot, language] of (["en", "fr"] as const).entries()) {
  test(`in ${language}, the pick-up time lists the desk's hours that day`, async ({ page }, testInfo) => {
    const s = catalogue<typeof enSearch>(language, "search");
    const { monday, sunday, returnDay } = week(testInfo, slot);
    const query = (pickup: string, date = monday) =>
      new URLSearchParams({ pickup, same: "on", from: `${date}T10:00`, to: `${returnDay}T10:00`, lng: language });
    await gotoReady(page, `/?${query("tunis")}`);
    const pickupTime = page.getByLabel(s.form.fromTime, { exact: true });
    await expect(pickupTime).toHaveValue("10:00");
    await expect(times(page, s.form.fromTime)).toHaveCount(23);
    await expect(times(page, s.form.fromTime).first()).toHaveText("08:00");
    await expect(times(page, s.form.fromTime).last()).toHaveText("19:00");
    await expectAccessible(page);

    // Sunday: with JavaScript the list is Sunday's at once; without, the page after the search has it.
    await page.getByLabel(s.form.fromDate, { exact: true }).fill(sunday);
    if (jsEnabled()) {
      await expect(times(page, s.form.fromTime).first()).toHaveText("09:00");
      await expect(times(page, s.form.fromTime).last()).toHaveText("13:00");
      await pickupTime.selectOption("12:00");
    }
    await page.getByRole("button", { name: s.form.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`(from|fromDate)=${sunday}`));
    await whenReady(page);
    await expect(page.getByRole("main").locator("article.car-card").first()).toBeVisible();
    await page.getByRole("link", { name: s.form.change }).click();
    await whenReady(page);
    await expect(page.getByLabel(s.form.fromDate, { exact: true })).toHaveValue(sunday);
    await expect(pickupTime).toHaveValue(jsEnabled() ? "12:00" : "10:00");
    await expect(times(page, s.form.fromTime)).toHaveCount(9);
    await expect(times(page, s.form.fromTime).first()).toHaveText("09:00");

    // Rabat's desk is closed on Sunday. With JavaScript, choosing it on this Sunday says so at once; without, the
    // server's answer says it.
    const sundayName = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${sunday}T12:00:00Z`),
    );
    if (jsEnabled()) {
      await page.getByLabel(new RegExp(`^${s.form.pickup} \\(`)).selectOption("rabat-agdal");
      await expect(page.getByText(interpolate(s.form.deskClosedThatDay, { day: sundayName }))).toBeVisible();
      await expect(times(page, s.form.fromTime)).toHaveCount(48);
      await expectAccessible(page);
    } else {
      await gotoReady(page, `/?${query("rabat-agdal")}`);
      await page.getByLabel(s.form.fromDate, { exact: true }).fill(sunday);
      await page.getByRole("button", { name: s.form.submit, exact: true }).click();
      await expect(page.locator("#search-from-error")).toContainText(sundayName);
      await expect(page.getByLabel(s.form.fromDate, { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
  });

  test(`in ${language}, an airport's list adds the times after closing for late flights`, async ({
    page,
  }, testInfo) => {
    const s = catalogue<typeof enSearch>(language, "search");
    const { monday, returnDay } = week(testInfo, slot);
    const query = new URLSearchParams({
      pickup: "djerba-airport",
      same: "on",
      from: `${monday}T10:00`,
      to: `${returnDay}T10:00`,
      lng: language,
    });
    await gotoReady(page, `/?${query}`);
    const late = page.getByLabel(s.form.fromTime, { exact: true }).locator("optgroup");
    await expect(late).toHaveAttribute("label", s.form.lateFlightTimes);
    await expect(late.locator("option")).toHaveText(["23:45"]);
    await expect(times(page, s.form.fromTime).nth(0)).toHaveText("06:00");
    await page.getByLabel(s.form.fromTime, { exact: true }).selectOption("23:45");
    await page.getByRole("button", { name: s.form.submit, exact: true }).click();
    await whenReady(page);
    // Not refused: only the suppliers who meet late flights are shown, and the page says why.
    await expect(page.getByRole("note").filter({ hasText: s.afterClosing.split("{{")[0]!.trim() })).toBeVisible();
    await expect(page.getByRole("main").locator("article.car-card").first()).toContainText("Carthage Cars");
    await expectAccessible(page);
  });
}
