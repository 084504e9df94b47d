import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type enMail from "../../app/locales/en/mail.json";
import type enSearch from "../../app/locales/en/search.json";
import {
  bookingTexts,
  catalogue,
  escapeRegExp,
  expectAccessible,
  fillVisitorPayingLater,
  gotoReady,
  interpolate,
  jsEnabled,
  expectMailSaying,
  submitBooking,
  whenReady,
  retryShiftMs,
  languagesWalkedBy,
} from "./support";
import { fillVisitorPayingLaterWithoutScript, newUser, submitBookingWithoutScript } from "./no-script-user";

/**
 * Issue 37, point 5, JS on and off in English and French (decision 037): a rental under a day of a car with an hourly
 * price is billed by the hour when that costs less than the day, at least its supplier's minimum hours (Carthage
 * Cars: 2). Tunis' city office is open 08:00–19:00 on weekdays; a Tuesday of its own per language and project.
 */
function tuesday(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  return new Date(Date.UTC(2027, 3, 6) + retryShiftMs() + (slot * 2 + project) * 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

const cards = (page: Page) => page.getByRole("main").locator("article.car-card");

/** Carthage Cars' offers at Tunis on the test's own day, between two of its times. */
const searchOn = (day: string, language: "en" | "fr") => (from: string, to: string) =>
  `/search?${new URLSearchParams({ pickup: "tunis", same: "on", from: `${day}T${from}`, to: `${day}T${to}`, lng: language, supplier: "carthage-cars" })}`;

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a three-hour rental is billed by the hour, from search to receipt and mail`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const mail = catalogue<typeof enMail>(language, "mail");
      const { k } = bookingTexts(language);
      const search = searchOn(tuesday(testInfo, slot), language);

      // One hour with a supplier that bills two at least: its hourly cars say two hours, none says one.
      await gotoReady(page, search("10:00", "11:00"));
      const twoHours = interpolate(s.card.totalForHours_other, { count: 2 });
      await expect(cards(page).filter({ hasText: twoHours }).first()).toBeVisible();
      await expect(cards(page).filter({ hasText: interpolate(s.card.totalForHours_one, { count: 1 }) })).toHaveCount(0);

      // Three hours: its hourly cars are billed three hours, with their price per hour.
      await gotoReady(page, search("10:00", "13:00"));
      const threeHours = interpolate(s.card.totalForHours_other, { count: 3 });
      const first = cards(page).filter({ hasText: threeHours }).first();
      await expect(first).toContainText(threeHours);
      const perHour = new RegExp(escapeRegExp(s.card.perHourPrice).replace(escapeRegExp("{{price}}"), ".+"));
      await expect(first.locator(".price-per-day")).toHaveText(perHour);
      const total = (await first.locator(".price-total").textContent())!.trim();
      // Day-billed cars stay priced by the day beside them.
      await expect(
        cards(page)
          .filter({ hasText: interpolate(s.card.totalFor_one, { count: 1 }) })
          .first(),
      ).toBeVisible();
      await expectAccessible(page);

      // The checkout says the length and the rental line in hours, at the total the card showed.
      await first.getByRole("link", { name: new RegExp(`^${escapeRegExp(s.card.choose)}`) }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await whenReady(page);
      const summary = page.getByRole("complementary");
      await expect(
        summary.getByText(interpolate(k.summary.hoursCount_other, { count: 3 }), { exact: true }),
      ).toBeVisible();
      await expect(
        summary.getByRole("row", {
          name: new RegExp(`^${escapeRegExp(interpolate(k.summary.rentalHours_other, { count: 3 }))}`),
        }),
      ).toBeVisible();
      await expect(summary.getByRole("row", { name: new RegExp(`^${escapeRegExp(k.summary.perHour)}`) })).toBeVisible();
      await expect(summary.locator("output")).toHaveText(total);
      await expectAccessible(page);

      // Booked, paid at the counter: the receipt and the mail keep the hours.
      const email = `hourly-${language}-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
      // Born in 1980: no young-driver fee changes the total.
      await fillVisitorPayingLater(page, language, {
        fullName: "Hédi Hours",
        email,
        phone: "+216 22 111 222",
        birthDate: "1980-05-04",
      });
      await submitBooking(page, language);
      const receipt = page.getByRole("main");
      await expect(
        receipt.getByRole("row", {
          name: new RegExp(`^${escapeRegExp(interpolate(k.summary.rentalHours_other, { count: 3 }))}`),
        }),
      ).toBeVisible();
      await expect(receipt.getByText(total, { exact: true }).first()).toBeVisible();
      const line = interpolate(mail.booking.hours_other, { count: 3 });
      await expectMailSaying(email, line);
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): results, checkout, receipt and mail
 * read as HTML. The run above keeps hydration and axe.
 */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a three-hour rental is billed by the hour, from search to receipt and mail`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const mail = catalogue<typeof enMail>(language, "mail");
      const { k } = bookingTexts(language);
      const search = searchOn(tuesday(testInfo, slot), language);
      const { user, done } = await newUser(baseURL!);
      const cardsOf = () => user.getByRole("main").locator("article.car-card");

      await user.goto(search("10:00", "11:00"));
      const twoHours = interpolate(s.card.totalForHours_other, { count: 2 });
      expect(cardsOf().filter({ hasText: twoHours }).count()).toBeGreaterThan(0);
      expect(
        cardsOf()
          .filter({ hasText: interpolate(s.card.totalForHours_one, { count: 1 }) })
          .count(),
      ).toBe(0);

      await user.goto(search("10:00", "13:00"));
      const threeHours = interpolate(s.card.totalForHours_other, { count: 3 });
      const first = cardsOf().filter({ hasText: threeHours }).first();
      const perHour = new RegExp(escapeRegExp(s.card.perHourPrice).replace(escapeRegExp("{{price}}"), ".+"));
      expect(first.locator(".price-per-day").text()).toMatch(perHour);
      const total = first.locator(".price-total").text();
      expect(
        cardsOf()
          .filter({ hasText: interpolate(s.card.totalFor_one, { count: 1 }) })
          .count(),
      ).toBeGreaterThan(0);

      await first.getByRole("link", { name: new RegExp(`^${escapeRegExp(s.card.choose)}`) }).click();
      expect(user.path).toMatch(/^\/checkout\?/);
      const summary = user.getByRole("complementary");
      const rentalHours = new RegExp(`^${escapeRegExp(interpolate(k.summary.rentalHours_other, { count: 3 }))}`);
      expect(summary.getByText(interpolate(k.summary.hoursCount_other, { count: 3 }), { exact: true }).count()).toBe(1);
      expect(summary.getByRole("row", { name: rentalHours }).count()).toBe(1);
      expect(summary.getByRole("row", { name: new RegExp(`^${escapeRegExp(k.summary.perHour)}`) }).count()).toBe(1);
      expect(summary.locator("output").text()).toBe(total);

      const email = `hourly-${language}-nojs-${testInfo.retry}-${Date.now()}@example.com`;
      fillVisitorPayingLaterWithoutScript(user, language, {
        fullName: "Hédi Hours",
        email,
        phone: "+216 22 111 222",
        birthDate: "1980-05-04",
      });
      await submitBookingWithoutScript(user, language);
      const receipt = user.getByRole("main");
      expect(receipt.getByRole("row", { name: rentalHours }).count()).toBe(1);
      expect(receipt.getByText(total, { exact: true }).count()).toBeGreaterThan(0);
      await expectMailSaying(email, interpolate(mail.booking.hours_other, { count: 3 }));
      await done();
    },
  );
}
