import { expect, test, type Locator, type Page } from "@playwright/test";
import { SEARCH_KEYS } from "../../app/models/search/search";
import {
  bookingTexts,
  chooseFirstCar,
  expectAccessible,
  fillVisitorPayingLater,
  jsEnabled,
  localDateTime,
  retryShiftMs,
} from "./support";
import { newUser } from "./no-script-user";

/** The demo's suppliers (db/demo-catalogue.ts). */
const DEMO_SUPPLIERS = ["Atlas Rent", "Azur Mobility", "Carthage Cars", "EuroFleet", "Iberia Drive", "Medina Motors"];

const year = new Date().getUTCFullYear() + 1;
const FROM = `${year}-03-10T10:00`;
const TO = `${year}-03-13T10:00`;

async function searchFromHome(page: Page, place: string, from = FROM, to = TO) {
  await page.goto("/?lng=en");
  const form = page.getByRole("form", { name: "Find a car" });
  await form.getByLabel(/Pick-up location/).selectOption({ label: place });
  await fillDateAndTime(form, "Pick-up", from);
  await fillDateAndTime(form, "Drop-off", to);
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?/);
}

/** A stop's date field and time list (decision 036) from a local 'YYYY-MM-DDTHH:mm'. */
async function fillDateAndTime(form: Locator, stop: "Pick-up" | "Drop-off", value: string) {
  await form.getByLabel(`${stop} date`, { exact: true }).fill(value.slice(0, 10));
  await form.getByLabel(`${stop} time`, { exact: true }).selectOption(value.slice(11, 16));
}

/** Opens a search page and, with JavaScript, waits until it is interactive. */
async function openSearch(page: Page, query: string) {
  await page.goto(`/search?${query}`);
  await settled(page);
}

/** What the results show besides the place and the dates: every filter, the order and the page. */
const FILTER_AND_ORDER_KEYS = SEARCH_KEYS.filter((key) => !["pickup", "dropoff", "same", "from", "to"].includes(key));

/** With JavaScript, the page is hydrated and shows the results of its URL (the DOM can lag the address bar). */
async function settled(page: Page) {
  if (!jsEnabled()) return;
  await page.locator("html[data-hydrated]").waitFor();
  await page.waitForFunction((keys) => {
    const results = document.querySelector(".search-results");
    if (!results) return true;
    const shown = new URLSearchParams(results.getAttribute("data-search") ?? "");
    const address = new URLSearchParams(location.search);
    const defaults: Record<string, string> = { sort: "price-asc", page: "1" };
    const value = (query: URLSearchParams, key: string) =>
      query.getAll(key).filter(Boolean).join() || defaults[key] || "";
    return keys.every((key) => value(address, key) === value(shown, key)) && !results.hasAttribute("aria-busy");
  }, FILTER_AND_ORDER_KEYS);
}

/** Ticks a filter; without JavaScript the 'Apply filters' button sends the form, with it the change does. */
async function tickFilter(page: Page, group: string, label: string, expectedParam: RegExp) {
  // click(), not check(): with JavaScript the change navigates at once and the control is rendered anew.
  await page.getByRole("group", { name: group }).getByLabel(label, { exact: true }).click();
  if (!jsEnabled()) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(expectedParam);
  await settled(page);
}

const cards = (page: Page) => page.getByRole("article");

/** The elements a locator finds, after checking there is at least one: a filter check over no card proves nothing. */
async function atLeastOne(locator: Locator) {
  await expect(locator.first()).toBeVisible();
  return locator.all();
}
/** The number in a card's 'Rated 4.5 out of 5'. */
const ratingIn = (text: string) => Number(/Rated ([\d.]+)/.exec(text)?.[1]);
const textsOfAtLeastOne = async (locator: Locator) => {
  await expect(locator.first()).toBeVisible();
  return locator.allTextContents();
};
const totals = async (page: Page) =>
  (await page.locator(".price-total").allTextContents()).map((text) => Number(text.replace(/[^0-9.]/g, "")));

test.describe("search", () => {
  test("home shows the search form, the location count, sizes with 'from' prices, destinations and brands", async ({
    page,
  }) => {
    await page.goto("/?lng=en");
    await expect(page.getByLabel("Pick-up location (23 locations available)")).toBeVisible();
    await expect(page.getByLabel("Return to the same location")).toBeChecked();
    const sizes = page.getByRole("region", { name: "Vehicle sizes" });
    for (const size of ["Car", "SUV", "Van"])
      await expect(sizes.getByRole("link", { name: size, exact: true })).toBeVisible();
    await expect(sizes.getByText(/^from \$[\d.,]+\/day$/).first()).toBeVisible();
    // The demo's six suppliers at least (other flows add suppliers of their own, each with a car).
    const suppliers = page.getByRole("region", { name: "Our suppliers" });
    expect(await suppliers.getByRole("link").count()).toBeGreaterThanOrEqual(6);
    for (const name of DEMO_SUPPLIERS) await expect(suppliers.getByRole("link", { name }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("region", { name: "Destinations" }).getByRole("link", { name: "Spain" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars at Madrid");
  });

  test("finds cars at a place and its children, with every card detail", async ({ page }) => {
    await searchFromHome(page, "Tunis");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars at Tunis");
    await expect(page.getByRole("heading", { name: /\d+ cars available/ })).toBeVisible();
    await expect(cards(page)).toHaveCount(15);
    const first = cards(page).first();
    await expect(first.getByText(/^Supplier: /)).toBeVisible();
    await expect(first.getByText("Total for 3 days")).toBeVisible();
    await expect(first.getByText(/ per day$/)).toBeVisible();
    await expect(first.getByText(/^Mileage: (Unlimited|\d+ km\/day)$/)).toBeVisible();
    await expect(first.getByText(/^Deposit: \$/)).toBeVisible();
    await first.getByText("Options").click();
    await expect(first.getByText("Cancellation", { exact: true })).toBeVisible();
    await expect(first.getByText(/^(Included|Unavailable|\$[\d.,]+ per rental)$/).first()).toBeVisible();
    const prices = await totals(page);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    await expectAccessible(page);

    // Choosing a car leads to checkout with every parameter of the search.
    const choose = first.getByRole("link", { name: /^Choose this car/ });
    const href = await choose.getAttribute("href");
    const url = new URL(href!, "http://x");
    expect(url.pathname).toBe("/checkout");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      pickup: "tunis",
      dropoff: "tunis",
      from: FROM,
      to: TO,
    });
    expect(url.searchParams.get("car")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("every filter narrows the results to matching cars", { tag: "@js-on-only" }, async ({ page }) => {
    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await tickFilter(page, "Vehicle type", "SUV", /range=midi/);
    const suvCount = await cards(page).count();
    expect(suvCount).toBeGreaterThan(0);
    for (const card of await atLeastOne(cards(page))) await expect(card.locator(".badge")).toHaveText("SUV");

    await tickFilter(page, "Gearbox", "Automatic", /gearbox=automatic/);
    for (const card of await atLeastOne(cards(page)))
      await expect(card.getByText("Automatic", { exact: true })).toBeVisible();

    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await tickFilter(page, "Mileage", "Unlimited", /mileage=unlimited/);
    for (const card of await atLeastOne(cards(page))) await expect(card.getByText("Mileage: Unlimited")).toBeVisible();

    await tickFilter(page, "Seats", "More than 5", /seats=5plus/);
    for (const card of await atLeastOne(cards(page)))
      await expect(card.getByText(/^([6-9]|\d{2}) seats$/)).toBeVisible();

    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await tickFilter(page, "Multimedia", "Apple CarPlay", /multimedia=appleCarPlay/);
    await tickFilter(page, "Multimedia", "Android Auto", /multimedia=androidAuto/);
    for (const card of await atLeastOne(cards(page))) {
      await expect(card.getByText("Apple CarPlay", { exact: true })).toBeVisible();
      await expect(card.getByText("Android Auto", { exact: true })).toBeVisible();
    }

    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await tickFilter(page, "Deposit", "Less than $250", /deposit=250/);
    for (const text of await textsOfAtLeastOne(page.getByText(/^Deposit: /)))
      expect(Number(text.replace(/[^0-9.]/g, ""))).toBeLessThan(250);

    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await tickFilter(page, "Fuel type", "Electric", /fuelType=electric/);
    for (const card of await atLeastOne(cards(page)))
      await expect(card.getByText("Electric", { exact: true })).toBeVisible();
    await tickFilter(page, "Rating", "4+", /rating=4/);
    for (const text of await textsOfAtLeastOne(page.getByText(/Rated \d/)))
      expect(ratingIn(text)).toBeGreaterThanOrEqual(4);

    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await tickFilter(page, "Fuel policy", "Full to full", /fuelPolicy=fullToFull/);
    for (const card of await atLeastOne(cards(page)))
      await expect(card.getByText("Fuel policy: Full to full")).toBeVisible();
    await tickFilter(page, "Car specs", "Air conditioning", /specs=aircon/);
    for (const card of await atLeastOne(cards(page)))
      await expect(card.getByText("Air conditioning", { exact: true })).toBeVisible();
    await tickFilter(page, "Supplier", "EuroFleet", /supplier=eurofleet/);
    for (const card of await atLeastOne(cards(page))) await expect(card.getByText("Supplier: EuroFleet")).toBeVisible();
    await expectAccessible(page);
  });

  // The same checks with scripting off, on the script-less user agent (decision 047): each filter is ticked, then
  // sent with "Apply filters"; the run above keeps hydration, the filters' instant navigation and axe.
  test(
    "without scripting, every filter narrows the results to matching cars",
    { tag: "@js-off-only" },
    async ({ baseURL }) => {
      const { user, done } = await newUser(baseURL!);
      const start = () => user.goto(`/search?pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
      const tick = async (group: string, label: string, expectedParam: RegExp) => {
        await user.getByRole("group", { name: group }).getByLabel(label, { exact: true }).click();
        await user.getByRole("button", { name: "Apply filters" }).click();
        expect(user.path).toMatch(expectedParam);
      };
      /** Each card's text, after checking there is at least one: a filter check over no card proves nothing. */
      const cardTexts = () => {
        const texts = user.getByRole("article").texts();
        expect(texts.length, `cards on ${user.path}`).toBeGreaterThan(0);
        return texts;
      };
      const everyCardSays = (text: string | RegExp) => {
        for (const card of cardTexts()) expect(card).toMatch(text);
      };

      await start();
      await tick("Vehicle type", "SUV", /range=midi/);
      for (const badge of user.getByRole("article").locator(".badge").texts()) expect(badge).toBe("SUV");
      await tick("Gearbox", "Automatic", /gearbox=automatic/);
      everyCardSays("Automatic");

      await start();
      await tick("Mileage", "Unlimited", /mileage=unlimited/);
      everyCardSays("Mileage: Unlimited");
      await tick("Seats", "More than 5", /seats=5plus/);
      everyCardSays(/(^|\D)([6-9]|\d{2}) seats/);

      await start();
      await tick("Multimedia", "Apple CarPlay", /multimedia=appleCarPlay/);
      await tick("Multimedia", "Android Auto", /multimedia=androidAuto/);
      everyCardSays("Apple CarPlay");
      everyCardSays("Android Auto");

      await start();
      await tick("Deposit", "Less than $250", /deposit=250/);
      const deposits = user.getByText(/^Deposit: /).texts();
      expect(deposits.length).toBeGreaterThan(0);
      for (const text of deposits) expect(Number(text.replace(/[^0-9.]/g, ""))).toBeLessThan(250);

      await start();
      await tick("Fuel type", "Electric", /fuelType=electric/);
      everyCardSays("Electric");
      await tick("Rating", "4+", /rating=4/);
      const ratings = user.getByText(/Rated \d/).texts();
      expect(ratings.length).toBeGreaterThan(0);
      for (const text of ratings) expect(ratingIn(text)).toBeGreaterThanOrEqual(4);

      await start();
      await tick("Fuel policy", "Full to full", /fuelPolicy=fullToFull/);
      everyCardSays("Fuel policy: Full to full");
      await tick("Car specs", "Air conditioning", /specs=aircon/);
      everyCardSays("Air conditioning");
      await tick("Supplier", "EuroFleet", /supplier=eurofleet/);
      everyCardSays("Supplier: EuroFleet");
      await done();
    },
  );

  test("a pick-up within 24 hours shows no free-cancellation deadline already past, and the filter keeps only pay-at-pick-up", async ({
    page,
  }) => {
    // The first whole hour at 10, 11 or 12 o'clock in Paris between 1 and 24 hours from now: the city desk is open then
    // every day (Sundays 09:00-13:00), at pick-up and at drop-off three days later.
    const parisHour = (at: Date) =>
      Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", hour12: false }).format(at));
    const local = (at: Date) => localDateTime(at, "Europe/Paris");
    const hour = 3_600_000;
    const firstHour = Math.ceil((Date.now() + 1.5 * hour) / hour) * hour;
    const pickup = Array.from({ length: 22 }, (_, index) => new Date(firstHour + index * hour)).find((at) =>
      [10, 11, 12].includes(parisHour(at)),
    )!;
    const from = local(pickup);
    const to = local(new Date(pickup.getTime() + 72 * hour));
    const lines = page.locator(".car-cancellation");

    await openSearch(page, `pickup=paris&from=${from}&to=${to}&lng=en`);
    const all = await textsOfAtLeastOne(lines);
    for (const text of all)
      expect(text).toMatch(
        /^(Non-refundable( \(pick-up within 24 hours\))?|Free cancellation when you pay at pick-up)$/,
      );
    // Azur Mobility's offers with the Cancellation option (included or for sale) are among them, no longer free.
    expect(all).toContain("Non-refundable (pick-up within 24 hours)");
    await tickFilter(page, "Booking terms", "Free cancellation", /terms=freeCancellation/);
    for (const text of await textsOfAtLeastOne(lines)) expect(text).toBe("Free cancellation when you pay at pick-up");
    await expectAccessible(page);

    await openSearch(page, `pickup=paris&from=${from}&to=${to}&lng=fr`);
    for (const text of await textsOfAtLeastOne(lines))
      expect(text).toMatch(
        /^(Non remboursable( \(prise en charge dans moins de 24 heures\))?|Annulation gratuite si vous payez au retrait)$/,
      );
  });

  test("each offer says until when it cancels for free; the booking-terms filters keep those offers", async ({
    page,
  }) => {
    // Paris: Azur Mobility takes no payment at pick-up, so some of its offers cannot be cancelled for free.
    await openSearch(page, `pickup=paris&from=${FROM}&to=${TO}&lng=en`);
    const lines = page.locator(".car-cancellation");
    const all = await textsOfAtLeastOne(lines);
    expect(all.some((text) => /^Non-refundable$|with the Cancellation option$/.test(text))).toBe(true);
    // The deadline is 24 hours before pick-up, on the pick-up place's clock.
    const until = all.find((text) => text.startsWith("Free cancellation until"));
    expect(until).toMatch(/Mar 9, 10:00/);

    await tickFilter(page, "Booking terms", "Free cancellation", /terms=freeCancellation/);
    for (const text of await textsOfAtLeastOne(lines))
      expect(text).toMatch(/^Free cancellation (until .*10:00|when you pay at pick-up)/);
    const free = await cards(page).count();
    await tickFilter(page, "Booking terms", "Pay at pick-up", /terms=payAtPickUp/);
    for (const card of await atLeastOne(cards(page)))
      await expect(card.getByText("Pay at pick-up: nothing to pay online")).toBeVisible();
    expect(await cards(page).count()).toBeLessThanOrEqual(free);
    await expectAccessible(page);

    // The same in French, the deadline in French notation.
    await openSearch(page, `pickup=paris&from=${FROM}&to=${TO}&terms=freeCancellation&lng=fr`);
    await expect(
      page.getByRole("group", { name: "Conditions de réservation" }).getByLabel("Annulation gratuite"),
    ).toBeChecked();
    for (const text of await textsOfAtLeastOne(lines))
      expect(text).toMatch(/^Annulation gratuite (jusqu'au .*9 mars.*10:00|si vous payez au retrait)$/);
  });

  test("no result says so and offers to clear the filters", async ({ page }) => {
    await page.goto(`/search?pickup=tunis&from=${FROM}&to=${TO}&range=caravan&fuelType=electric&lng=en`);
    await expect(page.getByRole("heading", { name: "No car matches your search" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).not.toHaveURL(/range=/);
    await expect(cards(page)).toHaveCount(15);
  });

  test("pages through results and sorts them", async ({ page }) => {
    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    const firstPage = await cards(page).first().getByRole("heading").textContent();
    const pagination = page.getByRole("navigation", { name: "Pages" });
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await settled(page);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const cheapestOnPage2 = (await totals(page))[0]!;
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).not.toHaveURL(/page=2/);
    await settled(page);
    await expect(cards(page).first().getByRole("heading")).toHaveText(firstPage!);
    expect(Math.max(...(await totals(page)))).toBeLessThanOrEqual(cheapestOnPage2 + 0.01);

    await page.getByLabel("Sort by").selectOption("price-desc");
    if (!jsEnabled()) await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await settled(page);
    const descending = await totals(page);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);

    await page.getByLabel("Sort by").selectOption("rating");
    if (!jsEnabled()) await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=rating/);
    await settled(page);
    const ratings = (await textsOfAtLeastOne(page.getByText(/Rated \d/))).map(ratingIn);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  test("switches the display currency and the language", async ({ page }) => {
    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    const dollars = (await totals(page))[0]!;
    await page.getByLabel("Display currency").selectOption("EUR");
    if (!jsEnabled()) await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.locator(".price-total").first()).toHaveText(/€$/);
    const euros = Number((await page.locator(".price-total").first().textContent())!.replace(/[^0-9.]/g, ""));
    expect(euros).toBeGreaterThan(dollars * 0.5);
    expect(euros).toBeLessThan(dollars);
    await expect(page.getByText(/Prices in EUR are converted with the exchange rates of/)).toBeVisible();
    await expect(page).toHaveURL(/pickup=tunis/);

    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Voitures à Tunis");
    await expect(page.locator(".price-total").first()).toHaveText(/^\d[\d\u00a0]*(,\d{2})?\u00a0€$/);
    await expect(page.getByRole("group", { name: "Type de véhicule" }).getByLabel("Utilitaire")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Devise d'affichage").selectOption("USD");
    if (!jsEnabled()) await page.getByRole("button", { name: "Appliquer", exact: true }).click();
    await expect(page.locator(".price-total").first()).toHaveText(/^\$/);
  });

  test("refuses bad dates with translated messages, keeping the input", async ({ page }) => {
    const past = `${year - 3}-01-01T10:00`;
    await page.goto(`/search?pickup=tunis&from=${past}&to=${FROM}&lng=fr`);
    await expect(
      page.getByText("La prise en charge doit avoir lieu au moins 1 heure à partir de maintenant", { exact: true }),
    ).toBeVisible();
    // The summary above the form takes focus and links to the field in error.
    const summary = page.getByRole("alert").filter({ hasText: "Il y a un problème" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: /La prise en charge doit avoir lieu/ })).toHaveAttribute(
      "href",
      "#search-from",
    );
    await expect(page.getByLabel("Date de prise en charge", { exact: true })).toHaveValue(past.slice(0, 10));
    await expect(page.getByLabel("Heure de prise en charge", { exact: true })).toHaveValue(past.slice(11, 16));
    await expect(cards(page)).toHaveCount(0);

    await page.goto(`/search?pickup=tunis&from=${TO}&to=${FROM}&lng=fr`);
    await expect(
      page.getByText("La restitution doit avoir lieu après la prise en charge", { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel("Date de restitution", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await page.goto(`/search?pickup=tunis&from=${year}-02-31T10:00&to=${TO}&lng=fr`);
    await expect(page.getByText("Veuillez saisir une date et une heure valides", { exact: true })).toBeVisible();
    await page.goto(`/search?pickup=tunis&from=${FROM}&to=${year}-03-10T10:30&lng=fr`);
    await expect(page.getByText("La location doit durer au moins 1 heure", { exact: true })).toBeVisible();
    await page.goto(`/search?pickup=tunis&from=${FROM}&to=${year + 2}-03-10T10:00&lng=fr`);
    await expect(page.getByText("Une location peut durer au plus 366 jours", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    const response = await page.goto(`/search?pickup=atlantis&from=${FROM}&to=${TO}&lng=fr`);
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Veuillez choisir une agence dans la liste", { exact: true })).toBeVisible();
    await page.goto(`/search?pickup=atlantis&from=${FROM}&to=${TO}&lng=es`);
    await expect(page.getByText("Elija una oficina de la lista", { exact: true })).toBeVisible();
  });

  test("a hand-written or hostile search URL gets an answer, never an error page", async ({ page }) => {
    const long = "x".repeat(1500);
    let response = await page.goto(
      `/search?pickup=${long}&from=${long}&to=${long}&range=${long}&sort=${long}&page=99999999&lng=en`,
    );
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Please choose a location from the list", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter a valid date and time", { exact: true }).first()).toBeVisible();

    response = await page.goto(`/?pickup=${long}&from=${long}&lng=en`);
    expect(response?.status()).toBe(200);

    // A date-time with seconds (copied from elsewhere) is understood, and carried on without them.
    response = await page.goto(`/search?pickup=tunis&from=${FROM}:00&to=${TO}:00&lng=en`);
    expect(response?.status()).toBe(200);
    const href = await cards(page)
      .first()
      .getByRole("link", { name: /^Choose this car/ })
      .getAttribute("href");
    expect(Object.fromEntries(new URL(href!, "http://x").searchParams)).toMatchObject({ from: FROM, to: TO });
  });

  test(
    "with JavaScript, the map's markers choose the pick-up and then the drop-off place",
    { tag: "@js-on-only" },
    async ({ page }) => {
      // @js-on-only: the map is an enhancement: without JavaScript the selects do the same
      await page.goto("/?lng=en");
      await page.locator("html[data-hydrated]").waitFor();
      const form = page.getByRole("form", { name: "Find a car" });
      await form.getByLabel("Return to the same location").uncheck();
      const markerSets = page.getByRole("group", { name: "Clicking a marker sets:" });
      const setsPickup = markerSets.getByRole("button", { name: "Pick-up location" });
      const setsDropoff = markerSets.getByRole("button", { name: "Drop-off location" });
      // The form already names a pick-up place, so a marker sets the drop-off first; the driver can switch.
      await expect(setsDropoff).toHaveAttribute("aria-pressed", "true");
      await setsPickup.click();
      await expect(setsPickup).toHaveAttribute("aria-pressed", "true");

      // Mouse clicks land only inside the window: bring the whole map into it first.
      await page.locator(".location-map").evaluate((element) => element.scrollIntoView({ block: "center" }));
      const map = (await page.locator(".location-map").boundingBox())!;
      const inside: Array<{ x: number; y: number }> = [];
      for (const marker of await page.locator(".location-map .pigeon-click-block").all()) {
        const box = await marker.boundingBox();
        if (
          box &&
          box.x > map.x &&
          box.y > map.y &&
          box.x + box.width < map.x + map.width &&
          box.y + box.height < map.y + map.height
        ) {
          inside.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
        }
      }
      expect(inside.length).toBeGreaterThanOrEqual(2);
      const pickup = form.getByLabel(/Pick-up location/);
      const dropoff = form.getByLabel("Drop-off location");
      // pigeon-maps' overlay catches pointer events: click through the mouse, as a driver does.
      await page.mouse.click(inside[0]!.x, inside[0]!.y);
      await expect(setsDropoff).toHaveAttribute("aria-pressed", "true");
      const chosenPickup = await pickup.inputValue();
      expect(chosenPickup).not.toBe("");
      await page.mouse.click(inside[1]!.x, inside[1]!.y);
      await expect(dropoff).not.toHaveValue("");
      expect(await dropoff.inputValue()).not.toBe(chosenPickup);
      await expect(pickup).toHaveValue(chosenPickup);
      await expectAccessible(page);

      await form.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`pickup=${chosenPickup}&`));
      expect(new URL(page.url()).searchParams.get("dropoff")).toBeTruthy();
    },
  );

  test("locations and suppliers pages", async ({ page }) => {
    await page.goto("/locations?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rental locations");
    await expect(page.getByRole("heading", { name: /^Tunisia \(8 locations\)$/ })).toBeVisible();
    await expect(page.getByText(/— \d+ vehicles/).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Search cars at Hammamet" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars at Hammamet");

    await page.goto("/suppliers?lng=en");
    for (const name of DEMO_SUPPLIERS)
      await expect(page.getByRole("main").getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Atlas Rent logo" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "See Azur Mobility vehicles" }).click();
    await expect(page).toHaveURL(/supplier=azur-mobility/);
  });

  test("a results page sums up the search and leads back to the form, filled in", async ({ page }) => {
    await openSearch(page, `pickup=tunis-carthage-airport&dropoff=sousse&from=${FROM}&to=${TO}&lng=en`);
    const summary = page.locator(".search-summary");
    await expect(summary.getByText("Tunis-Carthage Airport, ")).toBeVisible();
    await expect(summary.getByText(/^Sousse, /)).toBeVisible();
    // No place list on a results page: the form is one link away.
    await expect(page.getByLabel(/Pick-up location/)).toHaveCount(0);
    await summary.getByRole("link", { name: "Change search" }).click();
    const form = page.getByRole("form", { name: "Find a car" });
    await expect(form.getByLabel(/Pick-up location/)).toHaveValue("tunis-carthage-airport");
    await expect(form.getByLabel("Return to the same location")).not.toBeChecked();
    await expect(form.getByLabel("Drop-off location")).toHaveValue("sousse");
    await expect(form.getByLabel("Pick-up date", { exact: true })).toHaveValue(FROM.slice(0, 10));
    await expect(form.getByLabel("Pick-up time", { exact: true })).toHaveValue(FROM.slice(11, 16));
    await expect(form.getByLabel("Drop-off date", { exact: true })).toHaveValue(TO.slice(0, 10));
    await expect(form.getByLabel("Drop-off time", { exact: true })).toHaveValue(TO.slice(11, 16));
    await expectAccessible(page);
  });
});

test.describe("the home page's first screen", () => {
  for (const screen of [
    { name: "a laptop", viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: "a phone", viewport: { width: 390, height: 844 }, isMobile: true },
  ]) {
    test.describe(`on ${screen.name} (${screen.viewport.width} x ${screen.viewport.height})`, () => {
      test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.isMobile });

      test("the Search button is on the first screen, before the map, in each language", async ({ page }) => {
        for (const [lng, name] of [
          ["fr", "Rechercher"],
          ["es", "Buscar"],
          ["en", "Search"],
        ] as const) {
          await page.goto(`/?lng=${lng}`);
          if (jsEnabled()) {
            await page.locator("html[data-hydrated]").waitFor();
            // The map has drawn its place (its heading is laid out) before the button is measured.
            await expect(page.locator(".map-section")).toBeVisible();
          }
          const button = page.locator("#search-form").getByRole("button", { name, exact: true });
          const box = (await button.boundingBox())!;
          expect(box.y + box.height, `the Search button in ${lng}`).toBeLessThanOrEqual(screen.viewport.height);
          if (jsEnabled()) {
            const map = (await page.locator(".map-section").boundingBox())!;
            expect(map.y).toBeGreaterThan(box.y + box.height);
          }
        }
        await expectAccessible(page);
      });
    });
  }
});

test.describe("on a phone (390 x 844, a phone's user agent)", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  });

  test("the first offer is on the first screen, each desk in one line with the rest a tap away; the checkout's total stays in view", async ({
    page,
  }) => {
    // A one-way search between two airports with long names, in French: the longest summary the demo gives.
    await openSearch(page, `pickup=paris-cdg-airport&dropoff=nice-airport&from=${FROM}&to=${TO}&lng=fr`);
    // The first offer's name is on the first screen.
    const firstName = async () => (await cards(page).first().getByRole("heading").boundingBox())!;
    const firstTotal = async () => (await cards(page).first().locator(".price-total").boundingBox())!;
    const first = await firstName();
    expect(first.y + first.height).toBeLessThanOrEqual(844);
    const pickupDesk = page.locator("details.desk-compact").first();
    await expect(pickupDesk.locator("summary")).toHaveText(/^Comptoir de prise en charge : 00:00–24:00 le \w+$/);
    await expect(pickupDesk.getByText("Terminal 2, Paris-Charles de Gaulle Airport")).toBeHidden();
    await pickupDesk.locator("summary").click();
    await expect(pickupDesk.getByText(/Terminal 2, Paris-Charles de Gaulle Airport/)).toBeVisible();
    await expectAccessible(page);

    // A search at one place: the first offer's name and its total are both on the first screen, in each language.
    for (const lng of ["es", "fr", "en"]) {
      await openSearch(page, `pickup=paris&from=${FROM}&to=${TO}&lng=${lng}`);
      const name = await firstName();
      expect(name.y + name.height).toBeLessThanOrEqual(844);
      const total = await firstTotal();
      expect(total.y + total.height, `the first total in ${lng}`).toBeLessThanOrEqual(844);
    }
    await cards(page)
      .first()
      .getByRole("link", { name: /^Choose this car/ })
      .click();
    await expect(page).toHaveURL(/\/checkout\?/);
    // The total is on the first screen, and still in view once the driver has scrolled into the form.
    const total = page.locator(".checkout-total-line");
    const inView = async () => {
      const box = (await total.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 844;
    };
    expect(await inView()).toBe(true);
    await page.getByLabel("Phone", { exact: true }).scrollIntoViewIfNeeded();
    expect(await inView()).toBe(true);
    await expectAccessible(page);
  });

  test("the confirmation's heading leaves the reference on the first screen", async ({ page }, testInfo) => {
    const { k, c } = bookingTexts("fr");
    // A period of its own per project (and per retry): this test books the cheapest car.
    const start = Date.UTC(year + 4, 4, 12) + retryShiftMs(testInfo) + (jsEnabled(testInfo) ? 0 : 7) * 86_400_000;
    const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
    await openSearch(page, `pickup=tunis&same=on&from=${day(0)}T10:00&to=${day(3)}T10:00&lng=fr`);
    await chooseFirstCar(page, "fr");
    await fillVisitorPayingLater(page, "fr", {
      fullName: "Léa Mobile",
      email: `phone-confirmation-${testInfo.project.name}-${Date.now()}@example.com`,
      phone: "+33612345678",
      birthDate: "1990-04-02",
    });
    await page.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
    const heading = page.getByRole("heading", { level: 1, name: c.success.bookingDone });
    await expect(heading).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Half the height it took (five lines of 38 px in French), then the receipt's heading with the reference, on the
    // first screen.
    expect((await heading.boundingBox())!.height).toBeLessThanOrEqual(110);
    const reference = (await page.locator("#receipt-heading").boundingBox())!;
    expect(reference.y + reference.height).toBeLessThanOrEqual(844);
    await expectAccessible(page);
  });

  test("with JavaScript, the next page shows its list, not the search summary again (the spec's page offset) @js-on-only", async ({
    page,
  }) => {
    await openSearch(page, `pickup=tunis&from=${FROM}&to=${TO}&lng=en`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    const heading = page.locator("#results-heading");
    await expect(heading).toBeFocused();
    // The list starts more than 200 px down on a phone: the window is scrolled to it.
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(40);
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  });
});
