import { expect, test } from "@playwright/test";
import type enSearch from "../../app/locales/en/search.json";
import { bookingTexts, catalogue, expectAccessible, gotoReady, interpolate, jsEnabled, whenReady } from "./support";
import { newUser } from "./no-script-user";

/** Iberia Drive rents by category: its cars read "or similar". */
const iberiaSearch = (language: "en" | "fr") =>
  new URLSearchParams({
    pickup: "barcelona-airport",
    same: "on",
    from: "2029-06-04T10:00",
    to: "2029-06-07T10:00",
    supplier: "iberia-drive",
    lng: language,
  });

for (const language of ["en", "fr"] as const) {
  test(
    `in ${language}, a result opens its car's own page (specs, luggage, places, conditions), which books it for the dates searched`,
    {
      tag: "@js-on-only",
    },
    async ({ page }) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const { k, c } = bookingTexts(language);
      await gotoReady(page, `/search?${iberiaSearch(language)}`);
      const card = page.getByRole("main").locator("article.car-card").first();
      await expect(card.getByRole("heading")).toContainText(s.card.orSimilar);
      await expect(card).toContainText(new RegExp(interpolate(s.card.bags, { large: ".+", small: ".+" })));
      const name = (await card.getByRole("heading").getByRole("link").textContent())!;
      const total = (await card.locator(".price-total").textContent())!;
      await card.getByRole("heading").getByRole("link").click();

      // The car's page: a plain GET page, its address shareable with the search's places and dates.
      await expect(page).toHaveURL(/\/cars\/[0-9a-f-]{36}\?.*pickup=barcelona-airport/);
      await whenReady(page);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(
        interpolate(s.carPage.nameOrSimilar, { name }),
      );
      await expect(page.getByText(interpolate(s.carPage.orSimilarHint, { supplier: "Iberia Drive" }))).toBeVisible();
      for (const heading of [s.carPage.specs, s.carPage.places, s.carPage.conditions])
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      const main = page.getByRole("main");
      await expect(main).toContainText(new RegExp(interpolate(s.card.bags, { large: ".+", small: ".+" })));
      await expect(main).toContainText(new RegExp(`${c.excess.line.split("{{")[0]!}|${c.excess.none}`));
      await expect(main).toContainText(s.carPage.licenseAtDesk);
      await expect(
        page.getByRole("region", { name: s.carPage.places }).getByRole("link", { name: /Barcelon/ }),
      ).toBeVisible();
      await expectAccessible(page);

      // Its booking panel prices the dates searched as the card did, with a short button.
      const booking = page.getByRole("region", { name: s.carPage.book });
      await expect(booking.locator(".price-total")).toHaveText(total);
      await expect(booking).toContainText(interpolate(s.card.totalFor_other, { count: 3 }));
      await expect(booking).toContainText(/Barcelon/);
      // Its booking link opens the checkout for the same car, place and dates.
      await booking.getByRole("link", { name: s.carPage.bookButton, exact: true }).click();
      await expect(page).toHaveURL(/\/checkout\?.*from=2029-06-04T10(:|%3A)00/);
      await whenReady(page);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name.trim());
      await expect(page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true })).toBeVisible();
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the card's link followed, the car's
 * page and its booking link read as HTML. The run above keeps hydration and axe.
 */
for (const language of ["en", "fr"] as const) {
  test(
    `in ${language} without scripting, a result opens its car's own page (specs, luggage, places, conditions), which books it for the dates searched`,
    { tag: "@js-off-only" },
    async ({ baseURL }) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const { k, c } = bookingTexts(language);
      const { user, done } = await newUser(baseURL!);
      await user.goto(`/search?${iberiaSearch(language)}`);
      const card = user.getByRole("main").locator("article.car-card").first();
      expect(card.getByRole("heading").text()).toContain(s.card.orSimilar);
      const bags = new RegExp(interpolate(s.card.bags, { large: ".+", small: ".+" }));
      expect(card.text()).toMatch(bags);
      const name = card.getByRole("heading").getByRole("link").text();
      const total = card.locator(".price-total").text();
      await card.getByRole("heading").getByRole("link").click();

      expect(user.path).toMatch(/^\/cars\/[0-9a-f-]{36}\?.*pickup=barcelona-airport/);
      expect(user.heading()).toContain(interpolate(s.carPage.nameOrSimilar, { name }));
      expect(user.getByText(interpolate(s.carPage.orSimilarHint, { supplier: "Iberia Drive" })).count()).toBe(1);
      for (const heading of [s.carPage.specs, s.carPage.places, s.carPage.conditions])
        expect(user.getByRole("heading", { level: 2, name: heading }).count()).toBe(1);
      const main = user.mainText();
      expect(main).toMatch(bags);
      expect(main).toMatch(new RegExp(`${c.excess.line.split("{{")[0]!}|${c.excess.none}`));
      expect(main).toContain(s.carPage.licenseAtDesk);
      expect(
        user
          .getByRole("region", { name: s.carPage.places })
          .getByRole("link", { name: /Barcelon/ })
          .count(),
      ).toBeGreaterThan(0);

      const booking = user.getByRole("region", { name: s.carPage.book });
      expect(booking.locator(".price-total").text()).toBe(total);
      expect(booking.text()).toContain(interpolate(s.card.totalFor_other, { count: 3 }));
      expect(booking.text()).toMatch(/Barcelon/);
      await booking.getByRole("link", { name: s.carPage.bookButton, exact: true }).click();
      expect(user.path).toMatch(/^\/checkout\?.*from=2029-06-04T10(:|%3A)00/);
      expect(user.heading()).toContain(name.trim());
      expect(user.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).count()).toBe(1);
      await done();
    },
  );
}

test("a car's page for dates the checkout would refuse says why, and has no price or booking link", async ({
  page,
}) => {
  const s = catalogue<typeof enSearch>("fr", "search");
  await gotoReady(page, "/search?pickup=tunis&same=on&from=2029-06-04T10:00&to=2029-06-07T10:00&lng=fr");
  const carPath = new URL(
    (await page.getByRole("main").locator("article.car-card h3 a").first().getAttribute("href"))!,
    page.url(),
  ).pathname;
  // The drop-off before the pick-up: the checkout would not take it.
  await gotoReady(page, `${carPath}?pickup=tunis&dropoff=tunis&from=2029-06-07T10:00&to=2029-06-04T10:00&lng=fr`);
  const booking = page.getByRole("region", { name: s.carPage.book });
  await expect(booking.getByRole("alert")).not.toBeEmpty();
  await expect(booking.getByRole("alert")).not.toContainText("problems.");
  await expect(booking.locator(".price-total")).toHaveCount(0);
  await expect(booking.getByRole("link", { name: s.carPage.bookButton })).toHaveCount(0);
  await expectAccessible(page);
});

test("a car that is not on offer has no page", async ({ page }) => {
  test.skip(!jsEnabled(), "the same answer with or without JavaScript");
  const response = await page.goto("/cars/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  expect((await page.goto("/cars/not-a-car"))?.status()).toBe(404);
});
