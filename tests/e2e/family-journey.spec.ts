import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type enBookings from "../../app/locales/en/bookings.json";
import type enManage from "../../app/locales/en/manage.json";
import type enMail from "../../app/locales/en/mail.json";
import type enSearch from "../../app/locales/en/search.json";
import {
  bookingTexts,
  catalogue,
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
} from "./support";

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

for (const [slot, language] of (["en", "fr"] as const).entries()) {
  test(`in ${language}, a family books a zero-excess offer with two child seats and a flight number at an airport`, async ({
    page,
    browser,
  }, testInfo) => {
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

    // The mail says what the desk has ready.
    const ready = interpolate(mail.booking.equipment, { pieces: seatLine });
    await expectMailSaying(email, ready);

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
  });
}

for (const [slot, language] of (["en", "fr"] as const).entries()) {
  test(`in ${language}, a search for two child seats prices them in every total, and the checkout opens with them at that total`, async ({
    page,
  }, testInfo) => {
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
  });
}

/** Tomorrow on the clocks of a place in Tunisia: the desk's "tomorrow" list holds a rental collected and returned then. */
function tomorrowInTunisia() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

for (const [slot, language] of (["en", "fr"] as const).entries()) {
  test(`in ${language}, the family's rental from booking to review: zero excess, two child seats and a flight, collected and returned at the airport desk, reviewed once`, async ({
    page,
    browser,
  }, testInfo) => {
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
  });
}
