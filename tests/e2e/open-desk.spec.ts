import { expect, test, type TestInfo } from "@playwright/test";
import type enSearch from "../../app/locales/en/search.json";
import type enCommon from "../../app/locales/en/common.json";
import {
  catalogue,
  expectAccessible,
  gotoReady,
  interpolate,
  jsEnabled,
  whenReady,
  retryShiftMs,
  languagesWalkedBy,
} from "./support";
import { newUser } from "./no-script-user";

/**
 * Issue 37, point 6, JS on and off in English and French: a pick-up when the chosen desk is closed names the nearest
 * desk of the same area open then, with a one-click search there; the results filter by where the desk is.
 */
const CDG = { en: "Paris-Charles de Gaulle Airport", fr: "Aéroport Paris-Charles de Gaulle" } as const;

/** A Monday of its own per language and project (Paris' city office closes at 19:00, Orly's desk at 23:30). */
function monday(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(Date.UTC(2029, 9, 1) + retryShiftMs() + (slot * 2 + project) * 7 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T23:45`, to: `${day(3)}T10:00` };
}

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a closed city desk names the airport open round the clock, and a click searches there`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const c = catalogue<typeof enCommon>(language, "common");
      const period = monday(testInfo, slot);
      await gotoReady(
        page,
        `/search?${new URLSearchParams({ pickup: "paris", same: "on", ...period, lng: language })}`,
      );
      // The city office is closed at 23:45, Orly's desk too: CDG never closes.
      const note = page
        .getByRole("note")
        .filter({ hasText: interpolate(s.openNearby.roundTheClock, { place: CDG[language] }) });
      await expect(note).toBeVisible();
      await expectAccessible(page);
      await note.getByRole("link", { name: interpolate(s.openNearby.search, { place: CDG[language] }) }).click();
      await expect(page).toHaveURL(/pickup=paris-cdg-airport/);
      await whenReady(page);
      const cards = page.getByRole("main").locator("article.car-card");
      await expect(cards.first()).toBeVisible();

      // Back in Paris at a time its office is open, only the desks in a terminal: the city office's cars leave.
      const open = { from: period.from.replace("T23:45", "T10:00"), to: period.to };
      await gotoReady(page, `/search?${new URLSearchParams({ pickup: "paris", same: "on", ...open, lng: language })}`);
      const everywhere = await page.getByRole("main").locator("#results-heading").textContent();
      await page
        .getByRole("group", { name: s.filters.desk })
        .getByLabel(c.desk.kinds.inTerminal, { exact: true })
        .click();
      await expect(page).toHaveURL(/desk=inTerminal/);
      await expect(page.getByRole("main").locator("[aria-busy]")).toHaveCount(0);
      await expect(page.getByRole("main").locator("#results-heading")).not.toHaveText(everywhere!);
      await expect(
        page.getByRole("group", { name: s.filters.desk }).getByLabel(c.desk.kinds.inTerminal, { exact: true }),
      ).toBeChecked();
      await expectAccessible(page);
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the note's link followed, the
 * desk filter sent with "Apply filters". The run above keeps hydration, the filter's instant navigation and axe.
 */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a closed city desk names the airport open round the clock, and a click searches there`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const c = catalogue<typeof enCommon>(language, "common");
      const period = monday(testInfo, slot);
      const { user, done } = await newUser(baseURL!);
      await user.goto(`/search?${new URLSearchParams({ pickup: "paris", same: "on", ...period, lng: language })}`);
      const note = user
        .getByRole("note")
        .filter({ hasText: interpolate(s.openNearby.roundTheClock, { place: CDG[language] }) });
      expect(note.count()).toBe(1);
      await note.getByRole("link", { name: interpolate(s.openNearby.search, { place: CDG[language] }) }).click();
      expect(user.path).toMatch(/pickup=paris-cdg-airport/);
      expect(user.getByRole("main").locator("article.car-card").count()).toBeGreaterThan(0);

      const open = { from: period.from.replace("T23:45", "T10:00"), to: period.to };
      await user.goto(`/search?${new URLSearchParams({ pickup: "paris", same: "on", ...open, lng: language })}`);
      const everywhere = user.getByRole("main").locator("#results-heading").text();
      const inTerminal = () =>
        user.getByRole("group", { name: s.filters.desk }).getByLabel(c.desk.kinds.inTerminal, { exact: true });
      inTerminal().check();
      await user.getByRole("button", { name: s.filters.apply }).click();
      expect(user.path).toMatch(/desk=inTerminal/);
      expect(user.getByRole("main").locator("#results-heading").text()).not.toBe(everywhere);
      expect(inTerminal().checked()).toBe(true);
      await done();
    },
  );
}
