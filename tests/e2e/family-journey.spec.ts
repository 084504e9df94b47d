import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type enBookings from "../../app/locales/en/bookings.json";
import type enManage from "../../app/locales/en/manage.json";
import type enMail from "../../app/locales/en/mail.json";
import type enSearch from "../../app/locales/en/search.json";
import {
  DOCUMENT_LINK,
  DOCUMENT_TITLE,
  bookingTexts,
  catalogue,
  DEMO_SUPPLIER,
  expectAccessible,
  fillVisitorPayingLater,
  gotoReady,
  interpolate,
  jsEnabled,
  mailsTo,
  staffBrowser,
  whenReady,
  escapeRegExp,
  expectMailSaying,
  submitBooking,
  retryShiftMs,
  languagesWalkedBy,
} from "./support";
import { NoScriptUser, signedInUser } from "./no-script-user";

/**
 * Issue 37's driver journey: a family landing late at Djerba compares the excess, books a zero-excess offer with two
 * child seats and the flight number, and the desk finds both on the booking. A night of its own per language and
 * project: 25 minutes after the airport desk closes (23:30), so only a supplier that waits for flights is offered.
 * The last test follows such a rental to its end: booked for tomorrow, handed over and returned at the desk, and
 * reviewed from the invitation its return sends (decision 034).
 */
function periodFor(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(Date.UTC(2029, 5, 3) + retryShiftMs() + (slot * 2 + project) * 5 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T23:55`, to: `${day(4)}T10:00` };
}

const summary = (page: Page) => page.getByRole("complementary");

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a family books a zero-excess offer with two child seats and a flight number at an airport`,
    {
      tag: "@js-on-only",
    },
    async ({ page, browser }, testInfo) => {
      const m = catalogue<typeof enManage>(language, "manage");
      const mail = catalogue<typeof enMail>(language, "mail");
      const { k, c } = bookingTexts(language);
      const period = periodFor(testInfo, slot);

      // The results: offers with a zero-excess option, by their total with it.
      const query = new URLSearchParams({
        pickup: "djerba-airport",
        same: "on",
        ...period,
        terms: "zeroExcess",
        sort: "price-covered",
        lng: language,
      });
      await gotoReady(page, `/search?${query}`);
      const cards = page.getByRole("main").locator("article.car-card");
      const covered = cards.filter({ has: page.locator(".car-zero-excess") }).first();
      await expect(covered).toBeVisible();
      await covered.locator(".car-zero-excess a").click();
      await expect(page).toHaveURL(/\/checkout\?.*extra=/);
      await whenReady(page);
      await expect(summary(page).getByText(c.excess.noWorstCase)).toBeVisible();
      const coveredTotal = (await summary(page).locator("output").textContent())!;

      // Two child seats: priced per day up to their cap, a line of their own in the summary.
      const seats = page.getByRole("group", { name: k.equipment.heading });
      await expect(seats).toBeVisible();
      await seats.getByLabel(c.equipment.childSeat, { exact: true }).selectOption("2");
      if (!jsEnabled()) await page.getByRole("button", { name: k.updateTotal }).click();
      const seatLine = interpolate(c.equipment.counted, { name: c.equipment.childSeat, count: 2 });
      await expect(summary(page).getByRole("row", { name: new RegExp(`^${escapeRegExp(seatLine)}`) })).toBeVisible();
      await expect(summary(page)).not.toHaveAttribute("aria-busy", "true");
      await expect(summary(page).locator("output")).not.toHaveText(coveredTotal);
      const total = (await summary(page).locator("output").textContent())!;
      await expect(seats.getByLabel(c.equipment.childSeat, { exact: true })).toHaveValue("2");
      await expectAccessible(page);

      // The flight number is required this late; the booking, paid at the counter.
      const email = `family-${language}-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
      await fillVisitorPayingLater(page, language, {
        fullName: "Nadia Family",
        email,
        phone: "+216 22 654 321",
        birthDate: "1986-03-21",
      });
      await page.getByLabel(k.driver.flightNumber, { exact: true }).fill("TU 712");
      // With JavaScript, the birth date and the payment option re-price the page: booked at the total it settles on.
      await expect(summary(page)).not.toHaveAttribute("aria-busy", "true");
      await expect(summary(page).locator("output")).toHaveText(total);
      await page.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
      await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();

      // The receipt: the seats' line, no excess left, the flight and the total as shown.
      const receipt = page.getByRole("main");
      await expect(receipt.getByRole("row", { name: new RegExp(`^${escapeRegExp(seatLine)}`) })).toBeVisible();
      for (const row of [c.excess.damage, c.excess.theft])
        await expect(receipt.getByRole("row", { name: new RegExp(`^${row}`) })).toContainText(/(^|\D)0([.,]00)?(\D|$)/);
      await expect(receipt).toContainText("TU 712");
      await expect(receipt.getByText(total, { exact: true }).first()).toBeVisible();
      await expectAccessible(page);
      const bookingHref = await page.getByRole("link", { name: k.receipt.view }).getAttribute("href");
      const bookingId = new URLSearchParams(bookingHref!.split("?")[1]).get("b")!;

      // The mail says what the desk has ready, with its amount as the receipt shows it.
      const seatAmount = (await receipt
        .getByRole("row", { name: new RegExp(`^${escapeRegExp(seatLine)}`) })
        .locator("td")
        .textContent())!;
      await expectMailSaying(email, interpolate(mail.booking.option, { name: seatLine, amount: seatAmount }));

      // The supplier's staff find the seats and the flight on the booking's page.
      const { context: staff, page: desk } = await staffBrowser(browser, language);
      await gotoReady(desk, `/manage/bookings/${bookingId}?lng=${language}`);
      const facts = desk.getByRole("main");
      await expect(facts).toContainText(seatLine);
      await expect(facts).toContainText("TU 712");
      // The change form keeps them: two child seats, ready to be changed.
      await expect(facts.getByLabel(c.equipment.childSeat, { exact: true })).toHaveValue("2");
      await expect(facts.getByText(m.staffBooking.equipmentHint)).toBeVisible();
      await staff.close();
    },
  );
}

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a search for two child seats prices them in every total, and the checkout opens with them at that total`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const { k, c } = bookingTexts(language);
      const project = jsEnabled(testInfo) ? 0 : 1;
      const day = (offset: number) =>
        new Date(Date.UTC(2029, 8, 2) + retryShiftMs() + ((slot * 2 + project) * 6 + offset) * 86_400_000)
          .toISOString()
          .slice(0, 10);
      const query = new URLSearchParams({
        pickup: "nice-airport",
        same: "on",
        from: `${day(0)}T10:00`,
        to: `${day(5)}T10:00`,
        lng: language,
      });
      await gotoReady(page, `/search?${query}`);
      // The filter, as a driver sets it (without JavaScript, "Apply").
      await page
        .getByRole("group", { name: s.filters.childSeats })
        .getByLabel(interpolate(s.filters.childSeatsCount_other, { count: 2 }))
        .click();
      if (!jsEnabled()) await page.getByRole("button", { name: s.filters.apply }).click();
      await expect(page).toHaveURL(/childSeats=2/);
      await expect(page.getByRole("main").locator("[aria-busy]")).toHaveCount(0);
      const cards = page.getByRole("main").locator("article.car-card");
      await expect(cards.first()).toBeVisible();
      const withSeats = interpolate(s.card.withChildSeats_other, { count: 2 });
      // Every card of the filtered list (with JavaScript the list is redrawn after the address changes: asked again
      // until it is the new one).
      await expect(cards.first()).toContainText(withSeats);
      await expect(cards.filter({ hasNotText: withSeats })).toHaveCount(0);
      await expectAccessible(page);

      // The first car's total is the checkout's, with the two seats chosen.
      const total = (await cards.first().locator(".price-total").textContent())!;
      await cards
        .first()
        .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
        .click();
      await expect(page).toHaveURL(/childSeat=2/);
      await whenReady(page);
      await expect(
        page.getByRole("group", { name: k.equipment.heading }).getByLabel(c.equipment.childSeat, { exact: true }),
      ).toHaveValue("2");
      await expect(summary(page).locator("output")).toHaveText(total);
    },
  );
}

/** Tomorrow on the clocks of a place in Tunisia: the desk's "tomorrow" list holds a rental collected and returned then. */
function tomorrowInTunisia() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, the family's rental from booking to review: zero excess, two child seats and a flight, collected and returned at the airport desk, reviewed once`,
    {
      tag: "@js-on-only",
    },
    async ({ page, browser }, testInfo) => {
      const m = catalogue<typeof enManage>(language, "manage");
      const b = catalogue<typeof enBookings>(language, "bookings");
      const { k, c } = bookingTexts(language);
      // Each language its own airport (Carthage Cars lends seats and a zero-excess cover at both): a day's rental
      // tomorrow, so the desk's "tomorrow" list holds both its hand-over and its return.
      const place = slot === 0 ? "tunis-carthage-airport" : "djerba-airport";
      const day = tomorrowInTunisia();
      const query = new URLSearchParams({
        pickup: place,
        same: "on",
        from: `${day}T09:00`,
        to: `${day}T20:00`,
        terms: "zeroExcess",
        childSeats: "2",
        supplier: "carthage-cars",
        lng: language,
      });
      await gotoReady(page, `/search?${query}`);
      // A car of its own per project and retry (the runs of one language share the place and the day). Its zero-excess
      // link where a cover must be added; a car whose cover is included has no excess as it is.
      const cards = page.getByRole("main").locator("article.car-card");
      await expect(cards.first()).toBeVisible();
      const mine = Math.min((jsEnabled(testInfo) ? 0 : 1) + 2 * testInfo.retry, (await cards.count()) - 1);
      const card = cards.nth(mine);
      const withCover = card.locator(".car-zero-excess a");
      await (
        (await withCover.count())
          ? withCover
          : card.getByRole("link", {
              name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`),
            })
      ).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await whenReady(page);
      await expect(summary(page).getByText(c.excess.noWorstCase)).toBeVisible();
      await expect(page.getByLabel(c.equipment.childSeat, { exact: true })).toHaveValue("2");

      const tag = `${testInfo.project.name}-${testInfo.retry}-${Date.now().toString(36)}`;
      const fullName = `Leila Voyage ${tag}`;
      const email = `journey-${language}-${tag}@example.com`;
      await fillVisitorPayingLater(page, language, {
        fullName,
        email,
        phone: "+216 22 987 654",
        birthDate: "1984-11-02",
      });
      await page.getByLabel(k.driver.flightNumber, { exact: true }).fill("BJ 180");
      await submitBooking(page, language);
      await expect(page.getByRole("main")).toContainText("BJ 180");

      // The desk hands the car over and takes it back; the return invites the driver to review.
      const { context: staff, page: desk } = await staffBrowser(browser, language);
      // Past midnight in Tunisia meanwhile, the rental's day is the desk's today.
      const which = tomorrowInTunisia() === day ? "tomorrow" : "today";
      await gotoReady(desk, `/manage/desk?place=${place}&day=${which}&lng=${language}`);
      const stopIn = (heading: string) => desk.locator(`${heading} ~ article.desk-stop`).filter({ hasText: fullName });
      const pickup = stopIn("#pickups-heading");
      await expect(pickup).toContainText("BJ 180");
      await pickup.getByLabel(m.desk.mileage).fill("20400");
      await pickup.getByLabel(m.desk.fuel).selectOption("8");
      await pickup.getByRole("button", { name: new RegExp(`^${m.desk.recordHandover}`) }).click();
      await expect(stopIn("#pickups-heading").getByRole("status")).toContainText(/20[,.\s\u202f]?400 km/);
      const back = stopIn("#returns-heading");
      await back.getByLabel(m.desk.mileage).fill("20650");
      await back.getByLabel(m.desk.fuel).selectOption("8");
      await back.getByRole("button", { name: new RegExp(`^${m.desk.recordReturn}`) }).click();
      await expect(stopIn("#returns-heading").getByRole("status")).toContainText(/20[,.\s\u202f]?650 km/);
      await staff.close();

      // The car went out, the rental is sold: the driver's confirmation now links its receipt (decision 049).
      await page.reload();
      await page.getByRole("link", { name: DOCUMENT_LINK[language] }).click();
      await expect(page.getByRole("heading", { level: 1, name: DOCUMENT_TITLE[language] })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(fullName);
      await expectAccessible(page);

      let link = "";
      await expect(async () => {
        const invitations = (await mailsTo(email)).flatMap((mail) => /\/review\/[\w.-]+/.exec(mail) ?? []);
        expect(invitations).toHaveLength(1);
        link = invitations[0]!;
      }).toPass({ timeout: 60_000 });
      await gotoReady(page, `${link}?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1, name: b.review.title })).toBeVisible();
      for (const mark of ["staffMark", "conditionMark", "valueMark", "queueMark"] as const)
        await page.getByLabel(b.review.marks[mark]).selectOption("9");
      await page.getByLabel(b.review.text).fill(`The seats were fitted when we landed (${tag}).`);
      await page.getByRole("button", { name: b.review.send }).click();
      await expect(page.getByRole("status").filter({ hasText: b.review.sent })).toBeVisible();
      await expectAccessible(page);
    },
  );
}

/*
 * The same journeys with scripting off, on the script-less user agent (decision 047): every step a link or a form
 * post. The browser's runs keep the total that follows the form, axe and hydration.
 */

function fillVisitorPayingLaterWithoutScript(
  user: NoScriptUser,
  language: "en" | "fr",
  visitor: { fullName: string; email: string; phone: string; birthDate: string },
) {
  const { k } = bookingTexts(language);
  user.getByLabel(k.driver.fullName, { exact: true }).fill(visitor.fullName);
  user.getByLabel(k.driver.email, { exact: true }).fill(visitor.email);
  user.getByLabel(k.driver.phone, { exact: true }).fill(visitor.phone);
  user.getByLabel(k.driver.birthDate, { exact: true }).fill(visitor.birthDate);
  user.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
  user.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
}

const bookWithoutScript = async (user: NoScriptUser, language: "en" | "fr") => {
  const { k, c } = bookingTexts(language);
  await user.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
  expect(user.getByRole("heading", { level: 1, name: c.success.bookingDone }).count()).toBe(1);
};

const chooseLabel = (language: "en" | "fr") =>
  new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`);

for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a family books a zero-excess offer with two child seats and a flight number at an airport`,
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }, testInfo) => {
      const m = catalogue<typeof enManage>(language, "manage");
      const mail = catalogue<typeof enMail>(language, "mail");
      const { k, c } = bookingTexts(language);
      const period = periodFor(testInfo, slot);
      const user = new NoScriptUser(request, baseURL!);
      const query = new URLSearchParams({
        pickup: "djerba-airport",
        same: "on",
        ...period,
        terms: "zeroExcess",
        sort: "price-covered",
        lng: language,
      });
      await user.goto(`/search?${query}`);
      await user.locator("main article.car-card .car-zero-excess a").first().click();
      expect(user.path).toMatch(/^\/checkout\?.*extra=/);
      const summaryOf = () => user.getByRole("complementary");
      expect(summaryOf().getByText(c.excess.noWorstCase).count()).toBeGreaterThan(0);
      const coveredTotal = summaryOf().locator("output").text();

      user
        .getByRole("group", { name: k.equipment.heading })
        .getByLabel(c.equipment.childSeat, { exact: true })
        .selectOption("2");
      await user.getByRole("button", { name: k.updateTotal }).click();
      const seatLine = interpolate(c.equipment.counted, { name: c.equipment.childSeat, count: 2 });
      expect(
        summaryOf()
          .getByRole("row", { name: new RegExp(`^${escapeRegExp(seatLine)}`) })
          .count(),
      ).toBe(1);
      const total = summaryOf().locator("output").text();
      expect(total).not.toBe(coveredTotal);
      expect(
        user
          .getByRole("group", { name: k.equipment.heading })
          .getByLabel(c.equipment.childSeat, { exact: true })
          .value(),
      ).toBe("2");

      const email = `family-${language}-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
      fillVisitorPayingLaterWithoutScript(user, language, {
        fullName: "Nadia Family",
        email,
        phone: "+216 22 654 321",
        birthDate: "1986-03-21",
      });
      user.getByLabel(k.driver.flightNumber, { exact: true }).fill("TU 712");
      await bookWithoutScript(user, language);

      const receipt = user.getByRole("main");
      expect(receipt.getByRole("row", { name: new RegExp(`^${escapeRegExp(seatLine)}`) }).count()).toBeGreaterThan(0);
      for (const row of [c.excess.damage, c.excess.theft])
        expect(
          receipt
            .getByRole("row", { name: new RegExp(`^${row}`) })
            .first()
            .text(),
        ).toMatch(/(^|\D)0([.,]00)?(\D|$)/);
      expect(receipt.text()).toContain("TU 712");
      expect(receipt.getByText(total, { exact: true }).count()).toBeGreaterThan(0);
      const bookingHref = user.getByRole("link", { name: k.receipt.view }).attribute("href");
      const bookingId = new URLSearchParams(bookingHref!.split("?")[1]).get("b")!;
      const seatAmount = receipt
        .getByRole("row", { name: new RegExp(`^${escapeRegExp(seatLine)}`) })
        .locator("td")
        .text();
      await expectMailSaying(email, interpolate(mail.booking.option, { name: seatLine, amount: seatAmount }));

      const staff = await signedInUser(baseURL!, language, DEMO_SUPPLIER);
      await staff.user.goto(`/manage/bookings/${bookingId}?lng=${language}`);
      const facts = staff.user.getByRole("main");
      expect(facts.text()).toContain(seatLine);
      expect(facts.text()).toContain("TU 712");
      expect(facts.getByLabel(c.equipment.childSeat, { exact: true }).value()).toBe("2");
      expect(facts.getByText(m.staffBooking.equipmentHint).count()).toBeGreaterThan(0);
      await staff.done();
    },
  );

  test(
    `in ${language} without scripting, a search for two child seats prices them in every total, and the checkout opens with them at that total`,
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const { k, c } = bookingTexts(language);
      const day = (offset: number) =>
        new Date(Date.UTC(2029, 8, 2) + retryShiftMs() + ((slot * 2 + 1) * 6 + offset) * 86_400_000)
          .toISOString()
          .slice(0, 10);
      const user = new NoScriptUser(request, baseURL!);
      await user.goto(
        `/search?${new URLSearchParams({ pickup: "nice-airport", same: "on", from: `${day(0)}T10:00`, to: `${day(5)}T10:00`, lng: language })}`,
      );
      user
        .getByRole("group", { name: s.filters.childSeats })
        .getByLabel(interpolate(s.filters.childSeatsCount_other, { count: 2 }))
        .check();
      await user.getByRole("button", { name: s.filters.apply }).click();
      expect(user.path).toMatch(/childSeats=2/);
      const cards = user.locator("main article.car-card");
      expect(cards.count()).toBeGreaterThan(0);
      const withSeats = interpolate(s.card.withChildSeats_other, { count: 2 });
      expect(cards.texts().every((text) => text.includes(withSeats))).toBe(true);

      const total = cards.first().locator(".price-total").text();
      await cards
        .first()
        .getByRole("link", { name: chooseLabel(language) })
        .click();
      expect(user.path).toMatch(/childSeat=2/);
      expect(
        user
          .getByRole("group", { name: k.equipment.heading })
          .getByLabel(c.equipment.childSeat, { exact: true })
          .value(),
      ).toBe("2");
      expect(user.getByRole("complementary").locator("output").text()).toBe(total);
    },
  );

  test(
    `in ${language} without scripting, the family's rental from booking to review: zero excess, two child seats and a flight, collected and returned at the airport desk, reviewed once`,
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }, testInfo) => {
      const m = catalogue<typeof enManage>(language, "manage");
      const b = catalogue<typeof enBookings>(language, "bookings");
      const { k, c } = bookingTexts(language);
      const place = slot === 0 ? "tunis-carthage-airport" : "djerba-airport";
      const day = tomorrowInTunisia();
      const user = new NoScriptUser(request, baseURL!);
      await user.goto(
        `/search?${new URLSearchParams({ pickup: place, same: "on", from: `${day}T09:00`, to: `${day}T20:00`, terms: "zeroExcess", childSeats: "2", supplier: "carthage-cars", lng: language })}`,
      );
      const cards = user.locator("main article.car-card");
      expect(cards.count()).toBeGreaterThan(0);
      const card = cards.nth(Math.min(1 + 2 * testInfo.retry, cards.count() - 1));
      const withCover = card.locator(".car-zero-excess a");
      await (withCover.count() ? withCover : card.getByRole("link", { name: chooseLabel(language) })).click();
      expect(user.path).toMatch(/^\/checkout\?/);
      expect(user.getByRole("complementary").getByText(c.excess.noWorstCase).count()).toBeGreaterThan(0);
      expect(user.getByLabel(c.equipment.childSeat, { exact: true }).value()).toBe("2");

      const tag = `${testInfo.project.name}-${testInfo.retry}-${Date.now().toString(36)}`;
      const fullName = `Leila Voyage ${tag}`;
      const email = `journey-${language}-${tag}@example.com`;
      fillVisitorPayingLaterWithoutScript(user, language, {
        fullName,
        email,
        phone: "+216 22 987 654",
        birthDate: "1984-11-02",
      });
      user.getByLabel(k.driver.flightNumber, { exact: true }).fill("BJ 180");
      await bookWithoutScript(user, language);
      expect(user.mainText()).toContain("BJ 180");

      const staff = await signedInUser(baseURL!, language, DEMO_SUPPLIER);
      const which = tomorrowInTunisia() === day ? "tomorrow" : "today";
      await staff.user.goto(`/manage/desk?place=${place}&day=${which}&lng=${language}`);
      const stopIn = (list: "pickups" | "returns") =>
        staff.user.locator(`section[aria-labelledby=${list}-heading] article.desk-stop`).filter({ hasText: fullName });
      expect(stopIn("pickups").text()).toContain("BJ 180");
      stopIn("pickups").getByLabel(m.desk.mileage).fill("20400");
      stopIn("pickups").getByLabel(m.desk.fuel).selectOption("8");
      await stopIn("pickups")
        .getByRole("button", { name: new RegExp(`^${m.desk.recordHandover}`) })
        .click();
      expect(stopIn("pickups").getByRole("status").text()).toMatch(/20[,.\s\u202f]?400 km/);
      stopIn("returns").getByLabel(m.desk.mileage).fill("20650");
      stopIn("returns").getByLabel(m.desk.fuel).selectOption("8");
      await stopIn("returns")
        .getByRole("button", { name: new RegExp(`^${m.desk.recordReturn}`) })
        .click();
      expect(stopIn("returns").getByRole("status").text()).toMatch(/20[,.\s\u202f]?650 km/);
      await staff.done();

      await user.goto(user.path);
      await user.getByRole("link", { name: DOCUMENT_LINK[language] }).click();
      expect(user.getByRole("heading", { level: 1, name: DOCUMENT_TITLE[language] }).count()).toBe(1);
      expect(user.mainText()).toContain(fullName);

      let link = "";
      await expect(async () => {
        const invitations = (await mailsTo(email)).flatMap((mail) => /\/review\/[\w.-]+/.exec(mail) ?? []);
        expect(invitations).toHaveLength(1);
        link = invitations[0]!;
      }).toPass({ timeout: 60_000 });
      await user.goto(`${link}?lng=${language}`);
      expect(user.getByRole("heading", { level: 1, name: b.review.title }).count()).toBe(1);
      for (const mark of ["staffMark", "conditionMark", "valueMark", "queueMark"] as const)
        user.getByLabel(b.review.marks[mark]).selectOption("9");
      user.getByLabel(b.review.text).fill(`The seats were fitted when we landed (${tag}).`);
      await user.getByRole("button", { name: b.review.send }).click();
      expect(user.getByRole("status").filter({ hasText: b.review.sent }).count()).toBe(1);
    },
  );
}
