import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import type enManage from "../../app/locales/en/manage.json";
import {
  bookingTexts,
  catalogue,
  expectAccessible,
  gotoReady,
  interpolate,
  jsEnabled,
  latestPayLink,
  mailsTo,
  whenReady,
  retryShiftMs,
} from "./support";

/**
 * Bookings in staff's hands (decision 029), with JavaScript on and off, in English and French: a booking taken by
 * phone for a new customer with a payment link the customer pays with the sandbox card; the calendar showing it beside
 * a period off the road; a move to a dearer car whose difference a second link collects; a shorter rental whose
 * surplus is refunded once, with one mail; and an overdue rental returned late at the desk.
 */
const SUPPLIER = { email: "fleet@carthage-cars.example", password: "run-the-fleet-2026" };
const SANDBOX_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

const texts = (language: "en" | "fr") => ({
  m: catalogue<typeof enManage>(language, "manage"),
  ...bookingTexts(language),
});

/** Each run (language × JavaScript) its own week, so runs never meet on one car. */
function period(language: "en" | "fr", testInfo: TestInfo) {
  const slot = (language === "en" ? 0 : 2) + (jsEnabled(testInfo) ? 0 : 1);
  const start = Date.UTC(2031, 0, 6) + retryShiftMs() + slot * 7 * 86_400_000;
  const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
  return { slot, monday: day(0), from: `${day(0)}T10:00`, to: `${day(3)}T10:00`, shorter: `${day(1)}T10:00`, day };
}

async function signIn(page: Page, language: "en" | "fr") {
  await gotoReady(page, `/sign-in?lng=${language}`);
  await page.getByLabel(/^(Email address|Adresse e-mail)$/).fill(SUPPLIER.email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(SUPPLIER.password);
  await page
    .getByRole("main")
    .getByRole("button", { name: /^(Sign in|Se connecter)$/ })
    .click();
  await expect(page).toHaveURL(/\/manage$/);
}

/** The customer pays a mailed link with the sandbox card, in their own browser. */
async function payLink(browser: Browser, link: string, language: "en" | "fr") {
  const { k } = texts(language);
  const customer = await browser.newPage({ javaScriptEnabled: jsEnabled() });
  await gotoReady(customer, `${link}?lng=${language}`);
  await expectAccessible(customer);
  // The stand-ins for Stripe and PayPal are set up beside the sandbox: the customer picks the test card.
  await customer.getByLabel(k.payment.gateways.sandbox, { exact: true }).check();
  await customer.getByLabel(k.payment.cardNumber).fill(SANDBOX_CARD.number);
  await customer.getByLabel(k.payment.cardExpiry).fill(SANDBOX_CARD.expiry);
  await customer.getByLabel(k.payment.cardCvc).fill(SANDBOX_CARD.cvc);
  await customer
    .getByRole("button", { name: new RegExp(`^${interpolate(k.payLink.pay, { amount: "" }).trim()}`) })
    .click();
  return customer;
}

/** Previews the change form's total, then saves it. */
async function previewAndSave(page: Page, language: "en" | "fr") {
  const { m } = texts(language);
  await page.getByRole("button", { name: m.staffBooking.preview }).click();
  await expect(page.getByText(m.staffBooking.settlement, { exact: true })).toBeVisible();
  await whenReady(page);
  await page.getByRole("button", { name: m.staffBooking.save }).click();
}

for (const language of ["en", "fr"] as const) {
  test(`in ${language}, a supplier takes a phone booking for a new customer who pays its link; moves it to a dearer car whose difference a link collects; shortens it and the surplus is refunded once, with one mail`, async ({
    page,
    browser,
  }, testInfo) => {
    const { m, c, k } = texts(language);
    const when = period(language, testInfo);
    const email = `phone-${randomUUID().slice(0, 8)}@example.com`;
    await signIn(page, language);
    await gotoReady(page, `/manage/bookings/new?pickup=djerba-airport&from=${when.from}&to=${when.to}&lng=${language}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.staffBooking.newHeading);
    const customer = page.getByRole("group", { name: m.staffBooking.sections.customer });
    await customer.getByLabel(m.staffBooking.fields.email, { exact: true }).fill(email);
    await customer.getByLabel(m.staffBooking.fields.fullName, { exact: true }).fill("Nadia Phone");
    await customer.getByLabel(m.staffBooking.fields.phone, { exact: true }).fill("+216 20 555 010");
    await customer.getByLabel(m.staffBooking.fields.birthDate, { exact: true }).fill("1986-07-21");
    await page.getByLabel(m.staffBooking.paymentChoices.linkFull).check();
    // The customer's flight at the airport, checked as at checkout (decision 031): a malformed one is named first.
    const flight = page.getByLabel(k.driver.flightNumber, { exact: true });
    await flight.fill("TU 71234");
    await page.getByRole("button", { name: m.staffBooking.preview }).click();
    await expect(page.getByLabel(k.driver.flightNumber, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(k.problems.flightNumber).first()).toBeVisible();
    await whenReady(page);
    await page.getByLabel(k.driver.flightNumber, { exact: true }).fill("tu 712");
    await page.getByRole("button", { name: m.staffBooking.preview }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(/3/);
    await expectAccessible(page);
    await whenReady(page);
    await page.getByRole("button", { name: m.staffBooking.book }).click();
    await expect(page).toHaveURL(/\/manage\/bookings\/[0-9a-f-]{36}/);
    await expect(page.getByRole("status").getByText(c.success.phoneBookedLink)).toBeVisible();
    await expect(page.getByRole("main")).toContainText("TU 712");
    const bookingPath = new URL(page.url()).pathname;
    const reference = (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ").at(-1)!;
    // Every booking one search away (issue 50): found from the bookings list by the customer's e-mail.
    await gotoReady(page, `/manage/bookings?lng=${language}`);
    await page.getByLabel(m.bookingsList.search).fill(email);
    await page.getByRole("button", { name: m.bookingsList.find }).click();
    await page.getByRole("link", { name: reference, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${bookingPath}$`));

    // The customer pays the mailed link; the booking is confirmed and theirs.
    const bookingLink = await latestPayLink(email);
    const paid = await payLink(browser, bookingLink, language);
    await expect(paid).toHaveURL(/\/checkout-session\/sbx_/);
    await expect(paid.getByRole("heading", { level: 1, name: c.success.paymentDone })).toBeVisible();
    await paid.close();
    await gotoReady(page, `${bookingPath}?lng=${language}`);
    await expect(page.locator(".manage-summary strong").first()).toHaveText(c.bookingStatuses.paid);
    await expectAccessible(page);

    // The calendar shows it, and the car's period off the road later that week.
    await gotoReady(page, `/manage/calendar?place=djerba-airport&week=${when.monday}&lng=${language}`);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: new RegExp(reference) }) });
    await row.getByRole("rowheader").getByRole("link").click();
    // With JavaScript the car's page comes in the same document: its form is used once it is there.
    await expect(page).toHaveURL(/\/manage\/cars\/[0-9a-f-]{36}/);
    await expect(page.locator("#block-from")).toBeVisible();
    // A retry's block another day of the week (the first attempt's may still be there).
    const blockDay = 4 + Math.min(testInfo.retry, 2);
    await page.locator("#block-from").fill(`${when.day(blockDay)}T00:00`);
    await page.locator("#block-to").fill(`${when.day(blockDay + 1)}T00:00`);
    await page.locator("#block-reason").selectOption("repair");
    await page.getByRole("button", { name: m.blocks.add }).click();
    await expect(page.getByRole("status").getByText(c.success.blockAdded)).toBeVisible();
    await expect(page.getByRole("table", { name: m.blocks.caption })).toBeVisible();
    await gotoReady(page, `/manage/calendar?place=djerba-airport&week=${when.monday}&lng=${language}`);
    const calendarRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: new RegExp(reference) }) });
    await expect(calendarRow).toContainText(m.blocks.reasons.repair);
    // Focusing the booking shows its essentials; the link is described by them for a screen reader.
    const bar = calendarRow.getByRole("link", { name: new RegExp(reference) }).first();
    await bar.focus();
    await expect(calendarRow.getByRole("tooltip").first()).toBeVisible();
    await expect(bar).toHaveAccessibleDescription(/Nadia Phone/);
    await expectAccessible(page);

    // A dearer car: the difference is asked by a second link, which the customer pays.
    await gotoReady(page, `${bookingPath}?lng=${language}`);
    const carSelect = page.getByLabel(m.staffBooking.fields.car, { exact: true });
    const current = await carSelect.inputValue();
    // A car dearer than the cheapest two (a retry may have booked the cheapest first), not the booking's own.
    const dearer = await carSelect
      .locator("option")
      .evaluateAll(
        (options, skip) =>
          ["Toyota Yaris Hybrid", "Renault Trafic"]
            .map(
              (name) =>
                options.find(
                  (option) => option.textContent!.startsWith(name) && (option as HTMLOptionElement).value !== skip,
                )?.textContent,
            )
            .find(Boolean) ?? null,
        current,
      );
    await carSelect.selectOption({ label: dearer! });
    await page.getByLabel(m.staffBooking.shortfalls.link).check();
    await previewAndSave(page, language);
    await expect(page.getByRole("status").getByText(c.success.bookingChanged.link)).toBeVisible();
    const balance = await payLink(browser, await latestPayLink(email, bookingLink), language);
    await expect(balance.getByText(k.payLink.paidBalance)).toBeVisible();
    await balance.close();

    // Shorter: the surplus is refunded through the gateway, once, and the customer gets one mail for it.
    // Every mail of the earlier steps delivered first (the link, the confirmation, the activation, the change).
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(4);
    const mailsBefore = (await mailsTo(email)).length;
    await gotoReady(page, `${bookingPath}?lng=${language}`);
    await page.getByLabel(m.staffBooking.fields.to, { exact: true }).fill(when.shorter);
    await previewAndSave(page, language);
    await expect(page.getByRole("status").getByText(c.success.bookingChanged.refund)).toBeVisible();
    await expect(async () => {
      await gotoReady(page, `${bookingPath}?lng=${language}`);
      await expect(page.getByRole("main")).toContainText(
        new RegExp(interpolate(m.staffBooking.refunded, { amount: ".+" })),
      );
    }).toPass({ timeout: 30_000 });
    // The worker delivers it after the answer: one, and no other (the refund itself sends none).
    await expect.poll(async () => (await mailsTo(email)).length - mailsBefore, { timeout: 30_000 }).toBe(1);
    // The history shows each change.
    await expect(page.getByRole("table").filter({ hasText: m.history.actions.update })).toHaveCount(1);
    await expect(page.getByRole("cell", { name: m.history.actions.update, exact: true })).toHaveCount(2);
    await expectAccessible(page);
  });

  test(`in ${language}, the desk records the late return of a rental under way`, async ({ page }, testInfo) => {
    const { m, c } = texts(language);
    const { slot } = period(language, testInfo);
    const names = ["Youssef Trabelsi", "Leila Haddad", "Marc Dubois", "Sofía García"];
    await signIn(page, language);
    await gotoReady(page, `/manage/desk?place=sousse&day=today&lng=${language}`);
    const stop = page.locator("#returns-heading ~ article.desk-stop").filter({ hasText: names[slot]! });
    // Not back yet: overdue, not "returned late" (decision 040).
    await expect(stop).toContainText(m.desk.overdue);
    await expect(stop).not.toContainText(m.desk.late);
    await expectAccessible(page);
    // The booking's page says the car is out, and offers no cancellation: a rental under way ends by its return.
    const bookingPath = await stop.locator("h3 a").getAttribute("href");
    await gotoReady(page, `${bookingPath}?lng=${language}`);
    await expect(page.locator(".manage-summary")).toContainText(m.staffBooking.rental.overdue);
    await expect(page.getByRole("heading", { name: m.staffBooking.cancelHeading })).toHaveCount(0);
    // Found from the bookings list among the cars out past their drop-off.
    await gotoReady(page, `/manage/bookings?rental=overdue&q=${encodeURIComponent(names[slot]!)}&lng=${language}`);
    await expect(page.getByRole("table").getByRole("link", { name: /^[0-9A-F]{8}$/ })).toHaveCount(1);
    await expectAccessible(page);
    await gotoReady(page, `/manage/desk?place=sousse&day=today&lng=${language}`);
    // A return below the hand-over's odometer is refused on its field; the reading offered is the hand-over's.
    await expect(stop.getByLabel(m.desk.mileage)).not.toHaveValue("");
    const handedOverAt = Number((await stop.getByLabel(m.desk.mileage).inputValue()).replace(/\D/g, ""));
    expect(handedOverAt).toBeGreaterThan(1_000);
    await stop.getByLabel(m.desk.mileage).fill("100");
    await stop.getByRole("button", { name: new RegExp(`^${m.desk.recordReturn}`) }).click();
    await expect(
      page.locator("#returns-heading ~ article.desk-stop").filter({ hasText: names[slot]! }).getByRole("alert"),
    ).toContainText(/km/);
    await whenReady(page);
    // The car drove 700 km more than the hand-over's reading.
    const returnedAt = handedOverAt + 700;
    await stop.getByLabel(m.desk.mileage).fill(returnedAt.toLocaleString(language === "fr" ? "fr-FR" : "en-US"));
    await stop.getByLabel(m.desk.fuel).selectOption("5");
    await stop.getByRole("button", { name: new RegExp(`^${m.desk.recordReturn}`) }).click();
    await expect(page.getByRole("status").getByText(c.success.returned)).toBeVisible();
    const returned = page.locator("#returns-heading ~ article.desk-stop").filter({ hasText: names[slot]! });
    await expect(returned).toContainText(m.desk.late);
    await expect(returned.getByRole("status")).toContainText(
      new RegExp(`${String(returnedAt).replace(/(\d)(?=(\d{3})+$)/g, "$1[,.\\s\\u202f]?")} km`),
    );
  });
}
