import { readFile, readdir } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import type enCheckout from "../../app/locales/en/checkout.json";
import type enCommon from "../../app/locales/en/common.json";
import {
  chooseFirstCar,
  DOCUMENT_LINK,
  DOCUMENT_TITLE,
  expectAccessible,
  interpolate,
  jsEnabled,
  latestLink,
  whenReady,
  retryShiftMs,
} from "./support";
import { NoScriptUser } from "./no-script-user";

// Labels come from the catalogues the pages are rendered from, so each language is checked word for word.
const catalogue = <T>(language: string, namespace: string) =>
  JSON.parse(readFileSync(`app/locales/${language}/${namespace}.json`, "utf8")) as T;
const TEXT = {
  en: { k: catalogue<typeof enCheckout>("en", "checkout"), c: catalogue<typeof enCommon>("en", "common") },
  fr: { k: catalogue<typeof enCheckout>("fr", "checkout"), c: catalogue<typeof enCommon>("fr", "common") },
};

/**
 * A rental period of its own for each test and project, so no two tests compete for one car; moved on a retry
 * (`retryShiftMs`) unless the test prices a driver's age on the pick-up day, which must stay near today's.
 */
function periodFor(testInfo: TestInfo, slot: number, { sameOnRetry = false } = {}) {
  const project = testInfo.project.name === "js-on" ? 0 : 1;
  const shift = sameOnRetry ? 0 : retryShiftMs(testInfo);
  const start = new Date(Date.UTC(2027, 2, 1) + shift + (slot * 2 + project) * 5 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(3)}T10:00` };
}

/** Opens the checkout of the cheapest car a search finds (optionally of one supplier), in `language`. */
async function openCheckout(
  page: Page,
  language: "en" | "fr",
  period: { from: string; to: string },
  supplier?: string,
) {
  const query = new URLSearchParams({ pickup: "tunis", same: "on", from: period.from, to: period.to, lng: language });
  if (supplier) query.set("supplier", supplier);
  await page.goto(`/search?${query}`);
  // A click during hydration can be lost: with JavaScript, wait for the page to be ready first.
  await whenReady(page);
  await chooseFirstCar(page, language);
}

async function fillVisitor(
  page: Page,
  language: "en" | "fr",
  details: { fullName: string; email: string; birthDate?: string },
) {
  const { k } = TEXT[language];
  await page.getByLabel(k.driver.fullName, { exact: true }).fill(details.fullName);
  await page.getByLabel(k.driver.email, { exact: true }).fill(details.email);
  await page.getByLabel(k.driver.phone, { exact: true }).fill("+33 6 12 34 56 78");
  await page.getByLabel(k.driver.birthDate, { exact: true }).fill(details.birthDate ?? "1990-06-15");
  await page.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
}

async function chooseGateway(page: Page, language: "en" | "fr", gateway: "sandbox" | "stripe" | "payPal") {
  await page.getByRole("radio", { name: TEXT[language].k.payment.gateways[gateway], exact: true }).check();
}

async function fillCard(page: Page, language: "en" | "fr", number: string) {
  const { k } = TEXT[language];
  await page.getByLabel(k.payment.cardNumber, { exact: true }).fill(number);
  await page.getByLabel(k.payment.cardExpiry, { exact: true }).fill("12/30");
  await page.getByLabel(k.payment.cardCvc, { exact: true }).fill("123");
}

/** The form's submit button: "Book now" or "Book and pay" (with JavaScript it follows the chosen option). */
const submit = (page: Page, language: "en" | "fr") =>
  page.getByRole("button", { name: new RegExp(`^(${TEXT[language].k.submitBook}|${TEXT[language].k.submitPay})$`) });

const summaryTotal = (page: Page) => page.getByRole("complementary").locator("output");

/** Signs the demo driver in through the English form (the password never changes in these tests). */
async function signInAsDemoDriver(page: Page) {
  await page.goto("/sign-in?lng=en");
  await whenReady(page);
  await page.getByLabel("Email address", { exact: true }).fill("driver@rentacar.example");
  await page.getByLabel("Password", { exact: true }).fill("drive-safely-2026");
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("status").getByText(/Welcome back/)).toBeVisible();
}

/** The newest mail to `to` that contains `marker` (raw, as received over SMTP). */
async function latestMail(to: string, marker: string): Promise<string> {
  let found = "";
  await expect(async () => {
    for (const file of (await readdir(".e2e-data/outbox")).sort().reverse()) {
      const raw = await readFile(path.join(".e2e-data/outbox", file), "utf8");
      if (raw.includes(`To: ${to}`) && raw.replace(/=\r?\n/g, "").includes(marker)) {
        found = raw;
        return;
      }
    }
    throw new Error(`no mail with "${marker}" to ${to} yet`);
  }).toPass({ timeout: 60_000 });
  return found;
}

for (const [language, option] of [
  ["en", "deposit"],
  ["fr", "full"],
] as const) {
  test(
    `a visitor books in ${language} and pays online (${option}) with the sandbox card: a declined card keeps the form, an approved one confirms, mails (.ics) and creates the account`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const { k, c } = TEXT[language];
      const email = `checkout-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
      await openCheckout(page, language, periodFor(testInfo, language === "en" ? 0 : 1));
      const checkoutUrl = page.url();
      await expect(page.getByText(k.sandbox.banner)).toBeVisible();
      await expectAccessible(page);

      // An option (the GPS navigator the supplier lends) changes the total: at once with JavaScript, with "Update total" without.
      const before = await summaryTotal(page).textContent();
      await page.getByRole("checkbox", { name: c.equipment.gps }).check();
      if (!jsEnabled()) await page.getByRole("button", { name: k.updateTotal }).click();
      await expect(summaryTotal(page)).not.toHaveText(before!);
      const total = await summaryTotal(page).textContent();

      await fillVisitor(page, language, { fullName: "Robin Rental", email });
      await page.getByRole("radio", { name: k.paymentOptions[option], exact: true }).check();
      await chooseGateway(page, language, "sandbox");
      await fillCard(page, language, "4000 0000 0000 0002");
      await submit(page, language).click();

      // Declined: 'Payment failed.', what was typed is kept (not the card), the option too.
      await expect(page.getByRole("alert").getByText(c.errors.paymentFailed)).toBeVisible();
      await expect(page.getByLabel(k.driver.fullName, { exact: true })).toHaveValue("Robin Rental");
      await expect(page.getByLabel(k.driver.email, { exact: true })).toHaveValue(email);
      await expect(page.getByLabel(k.payment.cardNumber, { exact: true })).toHaveValue("");
      await expect(page.getByText(k.payment.cardAgain)).toBeVisible();
      await expect(page.getByRole("checkbox", { name: c.equipment.gps })).toBeChecked();
      await expect(summaryTotal(page)).toHaveText(total!);
      await expectAccessible(page);

      await page.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
      await page.getByRole("radio", { name: k.paymentOptions[option], exact: true }).check();
      await chooseGateway(page, language, "sandbox");
      await fillCard(page, language, "4242 4242 4242 4242");
      await submit(page, language).click();

      await expect(page).toHaveURL(/\/checkout-session\/sbx_/);
      await expect(page.getByRole("heading", { level: 1, name: c.success.paymentDone })).toBeVisible();
      const receipt = page.getByRole("region", {
        name: new RegExp(interpolate(k.receipt.heading, { reference: "[0-9A-F]{8}" })),
      });
      await expect(receipt.getByText(k.receipt.paidOnline, { exact: true })).toBeVisible();
      // Paid online: the receipt says what cancelling costs, and until when (decision 021).
      const freeUntil = k.cancellationTerms.freeUntil.split("{{")[0]!;
      await expect(receipt.getByText(new RegExp(`^(${freeUntil}|${k.cancellationTerms.nonRefundable})`))).toBeVisible();
      await expect(receipt.getByText(total!, { exact: true }).first()).toBeVisible();
      await expectAccessible(page);
      // Paid in full, the rental is sold: its receipt (or invoice) is issued with the payment (decision 049), as a
      // page and a PDF. A deposit leaves it for the hand-over, and says so.
      if (option === "full") {
        await receipt.getByRole("link", { name: DOCUMENT_LINK[language] }).click();
        await expect(page.getByRole("heading", { level: 1, name: DOCUMENT_TITLE[language] })).toBeVisible();
        await expect(page.getByText(total!, { exact: true }).first()).toBeVisible();
        await expectAccessible(page);
        const pdf = await page.request.get(
          (await page.getByRole("link", { name: c.documents.download }).getAttribute("href"))!,
          { maxRetries: 2 },
        );
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
      } else await expect(receipt.getByText(c.documents.notYet)).toBeVisible();

      // The confirmation mail, with its calendar file, and the activation link of the account made with the booking.
      const confirmation = await latestMail(email, "filename=booking-");
      expect(confirmation).toMatch(/filename=booking-[0-9A-F]{8}\.ics/);
      const activation = new URL(await latestLink(email, "activate"));
      await page.goto(`${activation.pathname}${activation.search}`);
      // The activation form (its submit control; the password fields' toggles are buttons too).
      await expect(page.getByRole("main").locator("input[type=submit]")).toBeVisible();

      // The car is taken for those dates now: the same link explains it and leads back to the search.
      await page.goto(checkoutUrl);
      await expect(page.getByRole("alert").getByText(k.problems.carUnavailable)).toBeVisible();
      await expect(page.getByRole("link", { name: k.backToSearch })).toBeVisible();
    },
  );
}

test(
  "a signed-in driver books with pay later: details prefilled, booked at once, notified, receipt and calendar file",
  {
    tag: "@js-on-only",
  },
  async ({ page }, testInfo) => {
    const { k, c } = TEXT.en;
    await signInAsDemoDriver(page);

    const period = periodFor(testInfo, 2);
    await openCheckout(page, "en", period);
    await expect(page.getByText(/Booking as .*driver@rentacar\.example/)).toBeVisible();
    await expect(page.getByLabel(k.driver.fullName, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(k.driver.phone, { exact: true })).not.toHaveValue("");
    await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
    await submit(page, "en").click();

    await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
    // The outcome is announced: the tab's title says it, and with JavaScript focus moves to the heading (decision 010).
    await expect(page).toHaveTitle(/^Booking [0-9A-F]{8} confirmed/);
    if (jsEnabled(testInfo))
      await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeFocused();
    await expect(page.getByText(c.bookingStatuses.pending, { exact: true })).toBeVisible();
    await expect(page.getByText(k.cancellationTerms.free)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Notifications \(\d+ unread\)$/ }).first()).toBeVisible();
    await expectAccessible(page);

    const calendar = await page.request.get(
      await page
        .getByRole("link", { name: k.receipt.calendar })
        .getAttribute("href")
        .then((href) => href!),
    );
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    expect(await calendar.text()).toContain("DTSTART;TZID=Africa/Tunis:");

    // The booking page (the mail's link) shows the same receipt; the same car is no longer offered for that period.
    await page.getByRole("link", { name: k.receipt.view }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Booking [0-9A-F]{8}/ })).toBeVisible();
    await expectAccessible(page);
  },
);

test("a shared browser: a visitor's confirmation is never stored, and nobody signing in or out after them, nor the next visitor, can open it", async ({
  page,
}, testInfo) => {
  const { k, c } = TEXT.en;
  const bookAsVisitor = async (slot: number, who: string) => {
    await openCheckout(page, "en", periodFor(testInfo, slot));
    await fillVisitor(page, "en", {
      fullName: who,
      email: `shared-${slot}-${testInfo.project.name}-${Date.now()}@example.com`,
    });
    await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
    await submit(page, "en").click();
    await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
    return page.url();
  };
  /** Answered as for a booking that does not exist: 404, or (signed out, the booking page) "sign in first". */
  const expectClosed = async (url: string) => {
    const response = await page.goto(url);
    if (response!.status() !== 404) expect(new URL(page.url()).pathname).toBe("/sign-in");
    await expect(page.getByText(/First Visitor|Second Visitor/)).toHaveCount(0);
  };
  const confirmation = await bookAsVisitor(10, "First Visitor");
  const opened = await page.goto(confirmation);
  expect(opened!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByText("First Visitor")).toBeVisible();
  const receipt = new URL((await page.getByRole("link", { name: k.receipt.view }).getAttribute("href"))!, confirmation)
    .href;
  expect((await page.goto(receipt))!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByText("First Visitor")).toBeVisible();
  // The browser holds the visitor's booking: the menu leads to it, and the list shows it.
  await page
    .getByRole("navigation")
    .getByRole("link", { name: c.nav.bookings, exact: true })
    .first()
    .evaluate((link: HTMLAnchorElement) => link.click());
  await expect(page).toHaveURL(/\/bookings/);
  await expect(page.getByRole("table").getByText("First Visitor")).toBeVisible();

  // The next visitor at the same browser sees their own booking only.
  const second = await bookAsVisitor(11, "Second Visitor");
  await expectClosed(confirmation);
  await expectClosed(receipt);

  // A driver signing in, then out, on that browser sees neither visitor's booking.
  await signInAsDemoDriver(page);
  await expectClosed(second);
  await page.goto("/?lng=en");
  await whenReady(page);
  await page.getByRole("navigation").getByRole("button", { name: c.nav.signOut }).first().click();
  await expect(page.getByRole("status").getByText(c.success.signedOut)).toBeVisible();
  for (const url of [confirmation, receipt, second]) await expectClosed(url);
});

test(
  "bad input gets translated messages and keeps what was typed: too young, card fields, missing licence",
  {
    tag: "@js-on-only",
  },
  async ({ page }, testInfo) => {
    const { k, c } = TEXT.fr;
    // Atlas Rent asks for a driver's licence.
    await openCheckout(page, "fr", periodFor(testInfo, 3), "atlas-rent");
    await fillVisitor(page, "fr", {
      fullName: "Jeune Conducteur",
      email: `young-${testInfo.project.name}-${Date.now()}@example.com`,
      birthDate: "2012-01-01",
    });
    await page.getByRole("radio", { name: k.paymentOptions.full, exact: true }).check();
    await chooseGateway(page, "fr", "sandbox");
    await page.getByLabel(k.payment.cardNumber, { exact: true }).fill("4242 4242 4242 4241");
    await page.getByLabel(k.payment.cardExpiry, { exact: true }).fill("01/20");
    await page.getByLabel(k.payment.cardCvc, { exact: true }).fill("12");
    // The browser would stop at the empty required licence field itself; the server's own messages are checked here.
    await page.locator("form.checkout-form").evaluate((form) => form.setAttribute("novalidate", ""));
    await submit(page, "fr").click();
    const summary = page.getByRole("alert").filter({ hasText: c.errors.summaryTitle });
    await expect(summary).toBeVisible();
    await expect(
      summary.getByRole("link", { name: new RegExp(interpolate(c.validation.minimumAge, { age: 21 })) }),
    ).toBeVisible();
    await expect(summary.getByRole("link", { name: new RegExp(c.validation.invalidCardNumber) })).toBeVisible();
    await expect(summary.getByRole("link", { name: new RegExp(c.validation.invalidCardExpiry) })).toBeVisible();
    await expect(summary.getByRole("link", { name: new RegExp(c.validation.invalidCardCvc) })).toBeVisible();
    await expect(summary.getByRole("link", { name: new RegExp(c.validation.licenseRequired) })).toBeVisible();
    // The tab's title says there is a problem too, once: the refused post's page without JavaScript, the summary with it.
    await expect(page).toHaveTitle(/^Erreur : (?!Erreur)/);
    await expect(page.getByLabel(k.driver.fullName, { exact: true })).toHaveValue("Jeune Conducteur");
    await expect(page.getByLabel(k.driver.birthDate, { exact: true })).toHaveValue("2012-01-01");
    await expectAccessible(page);
  },
);

test(
  "a 'Book' clicked while the total is being priced again waits for the new total, then books and shows the confirmation",
  { tag: "@js-on-only" },
  async ({ page }, testInfo) => {
    // @js-on-only: the live re-pricing is a script's; without one, "Update total" is a post of its own.
    const { k, c } = TEXT.en;
    await openCheckout(page, "en", periodFor(testInfo, 13));
    await fillVisitor(page, "en", {
      fullName: "Quick Clicker",
      email: `quick-${testInfo.project.name}-${Date.now()}@example.com`,
    });
    const summary = page.locator(".checkout-summary");
    await page.getByRole("radio", { name: k.paymentOptions.full, exact: true }).check();
    await expect(summary).not.toHaveAttribute("aria-busy", "true");
    // The re-pricing is held on its way, as on a slow line or a busy server, until "Book" has been clicked. A "Book"
    // sent meanwhile raced the re-pricing's reload in Remix's router: the booking was made, its confirmation sometimes
    // never shown. Nothing here waits on the clock for the test to pass: the quote is released by the test.
    let releaseQuote = () => {};
    const quoteHeld = new Promise<void>((resolve) => (releaseQuote = resolve));
    let pricing = 0;
    let bookedWhilePricing = false;
    await page.route(
      (url) => url.pathname === "/checkout.data",
      async (route) => {
        const request = route.request();
        if (!(request.postData() ?? "").includes("intent=quote")) {
          if (request.method() === "POST" && pricing > 0) bookedWhilePricing = true;
          return route.continue();
        }
        pricing += 1;
        await quoteHeld;
        const response = await route.fetch();
        pricing -= 1;
        await route.fulfill({ response });
      },
    );
    await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
    await expect(summary).toHaveAttribute("aria-busy", "true");
    await submit(page, "en").click();
    // Without the hold, the booking's post leaves at once: a second is the window it is looked for in.
    await page
      .waitForRequest((request) => request.method() === "POST" && !request.postData()?.includes("intent=quote"), {
        timeout: 1_000,
      })
      .catch(() => null);
    releaseQuote();
    await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
    expect(bookedWhilePricing, "'Book' was sent before the new total came back").toBe(false);
    await page.unrouteAll();
  },
);

test("a checkout shown again keeps the licence it received: the next 'Book' uses it without asking again", async ({
  page,
}, testInfo) => {
  // French without JavaScript (the browser empties a file field on every page it shows), English with it.
  const language = jsEnabled(testInfo) ? "en" : "fr";
  const { k, c } = TEXT[language];
  // Atlas Rent asks for a driver's licence.
  await openCheckout(page, language, periodFor(testInfo, 12, { sameOnRetry: true }), "atlas-rent");
  await fillVisitor(page, language, {
    fullName: "Licence Kept",
    email: `licence-${testInfo.project.name}-${Date.now()}@example.com`,
    birthDate: "2012-01-01",
  });
  await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
  // A 1 x 1 PNG: checked by its bytes and re-encoded like any licence picture.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  await page.getByLabel(k.driver.license, { exact: true }).setInputFiles({
    name: "licence.png",
    mimeType: "image/png",
    buffer: png,
  });
  await submit(page, language).click();
  const summary = page.getByRole("alert").filter({ hasText: c.errors.summaryTitle });
  await expect(
    summary.getByRole("link", { name: new RegExp(interpolate(c.validation.minimumAge, { age: 21 })) }),
  ).toBeVisible();
  // The file is said to be received, and the field no longer insists on one.
  const license = page.getByLabel(k.driver.license, { exact: true });
  await expect(license).toHaveAccessibleDescription(interpolate(k.driver.licenseReceived, { name: "licence.png" }));
  await expect(license).not.toHaveAttribute("required");
  await expectAccessible(page);

  await page.getByLabel(k.driver.birthDate, { exact: true }).fill("1990-06-15");
  if (jsEnabled(testInfo)) {
    // With JavaScript the total follows the birth date: the under-age fee leaves the summary before "Book".
    const summary = page.getByRole("complementary");
    await expect(summary.getByRole("row", { name: new RegExp(`^${k.summary.youngDriverFee}`) })).toHaveCount(0);
    await expect(summary).not.toHaveAttribute("aria-busy", "true");
  }
  await submit(page, language).click();
  if (!jsEnabled(testInfo)) {
    // Without JavaScript the total shown was the under-age one (Atlas Rent's young-driver fee): it is shown again
    // first, the licence still kept.
    await expect(page.getByRole("alert").getByText(k.problems.priceChanged)).toBeVisible();
    await expect(license).toHaveAccessibleDescription(interpolate(k.driver.licenseReceived, { name: "licence.png" }));
    await submit(page, language).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
});

test("a car that includes an additional driver is booked by a driver alone; a second driver, once added, meets the driver's rules", async ({
  page,
}, testInfo) => {
  // Tunis, Carthage Cars, Kia Picanto: the offer includes the additional driver (decision 010). French without JavaScript, English with it.
  const language = jsEnabled(testInfo) ? "en" : "fr";
  const { k, c } = TEXT[language];
  const period = periodFor(testInfo, 8);
  const query = new URLSearchParams({
    pickup: "tunis",
    same: "on",
    from: period.from,
    to: period.to,
    lng: language,
    supplier: "carthage-cars",
  });
  await page.goto(`/search?${query}`);
  await whenReady(page);
  await page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`: Kia Picanto$`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await whenReady(page);
  const secondDriver = page.getByRole("group", { name: k.additionalDriver.heading });
  const addBox = secondDriver.getByRole("checkbox", { name: k.additionalDriver.add });
  await expect(addBox).not.toBeChecked();
  if (jsEnabled(testInfo)) await expect(page.getByLabel(k.additionalDriver.fullName, { exact: true })).toHaveCount(0);
  else await expect(secondDriver.getByText(k.additionalDriver.onlyWhenAdded)).toBeVisible();
  await expectAccessible(page);

  // Added with a ten-year-old and an address that is not one: refused field by field, in the page's language.
  await fillVisitor(page, language, {
    fullName: "Leila Seule",
    email: `alone-${testInfo.project.name}-${Date.now()}@example.com`,
  });
  await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
  await addBox.check();
  await page.getByLabel(k.additionalDriver.fullName, { exact: true }).fill("Petit Frère");
  await page.getByLabel(k.additionalDriver.email, { exact: true }).fill("junk");
  await page.getByLabel(k.additionalDriver.phone, { exact: true }).fill("+216 20 123 456");
  await page.getByLabel(k.additionalDriver.birthDate, { exact: true }).fill("2016-01-01");
  await page.locator("form.checkout-form").evaluate((form) => form.setAttribute("novalidate", ""));
  await submit(page, language).click();
  const summary = page.getByRole("alert").filter({ hasText: c.errors.summaryTitle });
  await expect(summary.getByRole("link", { name: new RegExp(c.validation.invalidEmail) })).toBeVisible();
  await expect(
    summary.getByRole("link", { name: new RegExp(interpolate(c.validation.minimumAge, { age: 21 })) }),
  ).toBeVisible();
  await expect(page.getByLabel(k.driver.fullName, { exact: true })).toHaveValue("Leila Seule");

  // The driver changes their mind and drives alone: the second driver's details are emptied, the box unticked.
  for (const label of [
    k.additionalDriver.fullName,
    k.additionalDriver.email,
    k.additionalDriver.phone,
    k.additionalDriver.birthDate,
  ]) {
    await page.getByLabel(label, { exact: true }).fill("");
  }
  await secondDriver.getByRole("checkbox", { name: k.additionalDriver.add }).uncheck();
  await page.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
  await submit(page, language).click();
  await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
  await expect(page.getByText("Petit Frère")).toHaveCount(0);
  await expectAccessible(page);
});

test("a stale link explains itself and leads back to the same search; an unavailable extra posted by hand is refused", async ({
  page,
}, testInfo) => {
  const { k } = TEXT.en;
  const period = periodFor(testInfo, 4);
  await page.goto(
    `/checkout?car=00000000-0000-4000-8000-000000000000&pickup=tunis&dropoff=tunis&from=${period.from}&to=${period.to}&lng=en`,
  );
  await expect(page.getByRole("alert").getByText(k.problems.carNotFound)).toBeVisible();
  await page.getByRole("link", { name: k.backToSearch }).click();
  await expect(page).toHaveURL(/\/search\?pickup=tunis/);
  await expectAccessible(page);

  await openCheckout(page, "en", period);
  const link = new URL(page.url());
  const form = Object.fromEntries(
    ["car", "pickup", "dropoff", "from", "to"].map((key) => [key, link.searchParams.get(key) ?? ""]),
  );
  const refused = await page.request.post("/checkout?lng=en", {
    form: {
      ...form,
      intent: "book",
      extra: "additionalDriver",
      paymentMode: "payLater",
      shownTotal: "1",
      shownCurrency: "USD",
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(k.problems.extraUnavailable);
});

test(
  "Stripe with JavaScript: the embedded form (the built Stripe.js chunk, Stripe.js from the stand-in) mounts, pays and returns confirmed",
  { tag: "@js-on-only" },
  async ({ page }, testInfo) => {
    // @js-on-only: the embedded form needs JavaScript; the hosted page is the test below
    const { k, c } = TEXT.en;
    await openCheckout(page, "en", periodFor(testInfo, 9));
    await fillVisitor(page, "en", { fullName: "Embedded Payer", email: `embedded-${Date.now()}@example.com` });
    await page.getByRole("radio", { name: k.paymentOptions.full, exact: true }).check();
    await chooseGateway(page, "en", "stripe");
    await submit(page, "en").click();
    // The payment form's load states are announced (spec §4), then Stripe's frame takes the card.
    await expect(page.getByRole("status").filter({ hasText: k.payment.scriptStates.resolved })).toBeAttached();
    const frame = page.frameLocator('iframe[title="Stripe test checkout"]');
    await expect(frame.getByRole("heading", { name: "Stripe test checkout" })).toBeVisible();
    await expectAccessible(page);
    await frame.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.success.paymentDone })).toBeVisible();
    await expect(page.getByText("Card (Stripe)")).toBeVisible();
  },
);

test(
  "the Stripe hosted page without JavaScript: pay and come back confirmed, or turn back, cancel and find 'Payment failed.' with the choices kept",
  { tag: "@js-off-only" },
  async ({ page }, testInfo) => {
    // @js-off-only: with JavaScript, Stripe's form is embedded: the test above
    const { k, c } = TEXT.en;
    for (const [slot, outcome] of [
      [5, "pay"],
      [6, "back"],
    ] as const) {
      await openCheckout(page, "en", periodFor(testInfo, slot));
      await fillVisitor(page, "en", {
        fullName: "Stripe Customer",
        email: `stripe-${outcome}-${Date.now()}@example.com`,
      });
      await page.getByRole("radio", { name: k.paymentOptions.full, exact: true }).check();
      await chooseGateway(page, "en", "stripe");
      await submit(page, "en").click();
      await expect(page.getByRole("heading", { name: "Stripe test checkout" })).toBeVisible();
      await page.getByRole("button", { name: outcome === "pay" ? "Pay" : "Back to the shop" }).click();
      if (outcome === "pay") {
        await expect(page.getByRole("heading", { level: 1, name: c.success.paymentDone })).toBeVisible();
        await expect(page.getByText("Card (Stripe)")).toBeVisible();
      } else {
        // Coming back changes nothing by itself: the driver chooses to cancel (a post), and only then is the car freed.
        await expect(page.getByRole("heading", { level: 1, name: k.session.leftHeading })).toBeVisible();
        await page.getByRole("button", { name: k.session.cancelPayment }).click();
        await expect(page.getByRole("heading", { level: 1, name: c.errors.paymentFailed })).toBeVisible();
        await expectAccessible(page);
        await page.getByRole("link", { name: k.session.tryAgain }).click();
        await expect(page.getByRole("radio", { name: k.paymentOptions.full, exact: true })).toBeChecked();
      }
    }
  },
);

test(
  "PayPal: approve on PayPal's page, captured on our server, confirmed",
  {
    tag: "@js-on-only",
  },
  async ({ page }, testInfo) => {
    const { k, c } = TEXT.fr;
    await openCheckout(page, "fr", periodFor(testInfo, 7));
    await fillVisitor(page, "fr", {
      fullName: "Client PayPal",
      email: `paypal-${testInfo.project.name}-${Date.now()}@example.com`,
    });
    await page.getByRole("radio", { name: k.paymentOptions.full, exact: true }).check();
    await chooseGateway(page, "fr", "payPal");
    await submit(page, "fr").click();
    await expect(page.getByRole("heading", { name: "PayPal test approval" })).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.success.paymentDone })).toBeVisible();
    await expectAccessible(page);
  },
);

/*
 * The same flows with scripting off, on the script-less user agent (decision 047): the forms posted as a script-less
 * browser posts them, the documents read as HTML. The runs above keep what only a browser shows (focus moved to the
 * outcome, the total following the form as it is filled, axe) and the browser's own form checks.
 */

async function openCheckoutWithoutScript(
  user: NoScriptUser,
  language: "en" | "fr",
  period: { from: string; to: string },
  supplier?: string,
) {
  const query = new URLSearchParams({ pickup: "tunis", same: "on", from: period.from, to: period.to, lng: language });
  if (supplier) query.set("supplier", supplier);
  await user.goto(`/search?${query}`);
  await user
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
    .first()
    .click();
  expect(user.path).toMatch(/^\/checkout\?/);
}

function fillVisitorWithoutScript(
  user: NoScriptUser,
  language: "en" | "fr",
  details: { fullName: string; email: string; birthDate?: string },
) {
  const { k } = TEXT[language];
  user.getByLabel(k.driver.fullName, { exact: true }).fill(details.fullName);
  user.getByLabel(k.driver.email, { exact: true }).fill(details.email);
  user.getByLabel(k.driver.phone, { exact: true }).fill("+33 6 12 34 56 78");
  user.getByLabel(k.driver.birthDate, { exact: true }).fill(details.birthDate ?? "1990-06-15");
  user.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
}

function payOnlineWithoutScript(
  user: NoScriptUser,
  language: "en" | "fr",
  option: "deposit" | "full",
  gateway: "sandbox" | "stripe" | "payPal",
  card?: string,
) {
  const { k } = TEXT[language];
  user.getByRole("radio", { name: k.paymentOptions[option], exact: true }).check();
  user.getByRole("radio", { name: k.payment.gateways[gateway], exact: true }).check();
  if (!card) return;
  user.getByLabel(k.payment.cardNumber, { exact: true }).fill(card);
  user.getByLabel(k.payment.cardExpiry, { exact: true }).fill("12/30");
  user.getByLabel(k.payment.cardCvc, { exact: true }).fill("123");
}

const submitWithoutScript = (user: NoScriptUser, language: "en" | "fr") =>
  user
    .getByRole("button", { name: new RegExp(`^(${TEXT[language].k.submitBook}|${TEXT[language].k.submitPay})$`) })
    .click();

for (const [language, option] of [
  ["en", "deposit"],
  ["fr", "full"],
] as const) {
  test(
    `without scripting, a visitor books in ${language} and pays online (${option}) with the sandbox card: a declined card keeps the form, an approved one confirms, mails (.ics) and creates the account`,
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }, testInfo) => {
      const { k, c } = TEXT[language];
      const email = `checkout-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
      const user = new NoScriptUser(request, baseURL!);
      await openCheckoutWithoutScript(user, language, periodFor(testInfo, language === "en" ? 0 : 1));
      const checkoutUrl = user.url;
      expect(user.getByText(k.sandbox.banner).count()).toBeGreaterThan(0);
      const total = () => user.getByRole("complementary").locator("output").text();

      // An option changes the total once "Update total" posts the form.
      const before = total();
      user.getByRole("checkbox", { name: c.equipment.gps }).check();
      await user.getByRole("button", { name: k.updateTotal }).click();
      expect(total()).not.toBe(before);
      const withWaiver = total();

      fillVisitorWithoutScript(user, language, { fullName: "Robin Rental", email });
      payOnlineWithoutScript(user, language, option, "sandbox", "4000 0000 0000 0002");
      await submitWithoutScript(user, language);

      // Declined: 'Payment failed.', what was typed is kept (not the card), the option too.
      expect(user.getByRole("alert").getByText(c.errors.paymentFailed).count()).toBeGreaterThan(0);
      expect(user.getByLabel(k.driver.fullName, { exact: true }).value()).toBe("Robin Rental");
      expect(user.getByLabel(k.driver.email, { exact: true }).value()).toBe(email);
      expect(user.getByLabel(k.payment.cardNumber, { exact: true }).value()).toBe("");
      expect(user.getByText(k.payment.cardAgain).count()).toBe(1);
      expect(user.getByRole("checkbox", { name: c.equipment.gps }).checked()).toBe(true);
      expect(total()).toBe(withWaiver);

      user.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
      payOnlineWithoutScript(user, language, option, "sandbox", "4242 4242 4242 4242");
      await submitWithoutScript(user, language);

      expect(user.path).toMatch(/^\/checkout-session\/sbx_/);
      expect(user.getByRole("heading", { level: 1, name: c.success.paymentDone }).count()).toBe(1);
      const receipt = user.getByRole("region", {
        name: new RegExp(interpolate(k.receipt.heading, { reference: "[0-9A-F]{8}" })),
      });
      expect(receipt.getByText(k.receipt.paidOnline, { exact: true }).count()).toBe(1);
      const freeUntil = k.cancellationTerms.freeUntil.split("{{")[0]!;
      expect(receipt.getByText(new RegExp(`^(${freeUntil}|${k.cancellationTerms.nonRefundable})`)).count()).toBe(1);
      expect(receipt.getByText(withWaiver, { exact: true }).count()).toBeGreaterThan(0);
      if (option === "full") {
        await receipt.getByRole("link", { name: DOCUMENT_LINK[language] }).click();
        expect(user.getByRole("heading", { level: 1, name: DOCUMENT_TITLE[language] }).count()).toBe(1);
        expect(user.getByText(withWaiver, { exact: true }).count()).toBeGreaterThan(0);
        const pdf = await request.get(user.getByRole("link", { name: c.documents.download }).attribute("href")!, {
          maxRetries: 2,
        });
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
      } else expect(receipt.getByText(c.documents.notYet).count()).toBe(1);

      const confirmation = await latestMail(email, "filename=booking-");
      expect(confirmation).toMatch(/filename=booking-[0-9A-F]{8}\.ics/);
      const activation = new URL(await latestLink(email, "activate"));
      await user.goto(`${activation.pathname}${activation.search}`);
      expect(user.getByRole("main").locator("input[type=submit]").count()).toBe(1);

      // The car is taken for those dates now: the same link explains it and leads back to the search.
      await user.goto(checkoutUrl);
      expect(user.getByRole("alert").getByText(k.problems.carUnavailable).count()).toBe(1);
      expect(user.getByRole("link", { name: k.backToSearch }).count()).toBe(1);
    },
  );
}

test(
  "without scripting, a signed-in driver books with pay later: details prefilled, booked at once, notified, receipt and calendar file",
  {
    tag: "@js-off-only",
  },
  async ({ request, baseURL }, testInfo) => {
    const { k, c } = TEXT.en;
    const user = new NoScriptUser(request, baseURL!);
    await user.goto("/sign-in?lng=en");
    user.getByLabel("Email address", { exact: true }).fill("driver@rentacar.example");
    user.getByLabel("Password", { exact: true }).fill("drive-safely-2026");
    await user.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
    expect(
      user
        .getByRole("status")
        .getByText(/Welcome back/)
        .count(),
    ).toBe(1);

    await openCheckoutWithoutScript(user, "en", periodFor(testInfo, 2));
    expect(user.getByText(/Booking as .*driver@rentacar\.example/).count()).toBeGreaterThan(0);
    expect(user.getByLabel(k.driver.fullName, { exact: true }).count()).toBe(0);
    expect(user.getByLabel(k.driver.phone, { exact: true }).value()).not.toBe("");
    user.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
    await submitWithoutScript(user, "en");

    expect(user.getByRole("heading", { level: 1, name: c.success.bookingDone }).count()).toBe(1);
    expect(user.title()).toMatch(/^Booking [0-9A-F]{8} confirmed/);
    expect(user.getByText(c.bookingStatuses.pending, { exact: true }).count()).toBeGreaterThan(0);
    expect(user.getByText(k.cancellationTerms.free).count()).toBeGreaterThan(0);
    expect(user.getByRole("link", { name: /^Notifications \(\d+ unread\)$/ }).count()).toBeGreaterThan(0);

    const calendar = await request.get(user.getByRole("link", { name: k.receipt.calendar }).attribute("href")!);
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    expect(await calendar.text()).toContain("DTSTART;TZID=Africa/Tunis:");
    await user.getByRole("link", { name: k.receipt.view }).click();
    expect(user.getByRole("heading", { level: 1, name: /Booking [0-9A-F]{8}/ }).count()).toBe(1);
  },
);

test(
  "without scripting, bad input gets translated messages and keeps what was typed: too young, card fields, missing licence",
  {
    tag: "@js-off-only",
  },
  async ({ request, baseURL }, testInfo) => {
    const { k, c } = TEXT.fr;
    const user = new NoScriptUser(request, baseURL!);
    // Atlas Rent asks for a driver's licence; none is chosen (the agent sends the empty file part a browser sends).
    await openCheckoutWithoutScript(user, "fr", periodFor(testInfo, 3), "atlas-rent");
    fillVisitorWithoutScript(user, "fr", {
      fullName: "Jeune Conducteur",
      email: `young-${testInfo.project.name}-${Date.now()}@example.com`,
      birthDate: "2012-01-01",
    });
    payOnlineWithoutScript(user, "fr", "full", "sandbox");
    user.getByLabel(k.payment.cardNumber, { exact: true }).fill("4242 4242 4242 4241");
    user.getByLabel(k.payment.cardExpiry, { exact: true }).fill("01/20");
    user.getByLabel(k.payment.cardCvc, { exact: true }).fill("12");
    await submitWithoutScript(user, "fr");
    const summary = user.getByRole("alert").filter({ hasText: c.errors.summaryTitle });
    for (const message of [
      interpolate(c.validation.minimumAge, { age: 21 }),
      c.validation.invalidCardNumber,
      c.validation.invalidCardExpiry,
      c.validation.invalidCardCvc,
      c.validation.licenseRequired,
    ])
      expect(summary.getByRole("link", { name: new RegExp(message) }).count(), message).toBe(1);
    expect(user.title()).toMatch(/^Erreur : (?!Erreur)/);
    expect(user.getByLabel(k.driver.fullName, { exact: true }).value()).toBe("Jeune Conducteur");
    expect(user.getByLabel(k.driver.birthDate, { exact: true }).value()).toBe("2012-01-01");
  },
);

test(
  "without scripting, PayPal: approve on PayPal's page, captured on our server, confirmed",
  {
    tag: "@js-off-only",
  },
  async ({ request, baseURL }, testInfo) => {
    const { c } = TEXT.fr;
    const user = new NoScriptUser(request, baseURL!);
    await openCheckoutWithoutScript(user, "fr", periodFor(testInfo, 7));
    fillVisitorWithoutScript(user, "fr", {
      fullName: "Client PayPal",
      email: `paypal-${testInfo.project.name}-${Date.now()}@example.com`,
    });
    payOnlineWithoutScript(user, "fr", "full", "payPal");
    await submitWithoutScript(user, "fr");
    expect(user.getByRole("heading", { name: "PayPal test approval" }).count()).toBe(1);
    await user.getByRole("button", { name: "Approve" }).click();
    expect(user.getByRole("heading", { level: 1, name: c.success.paymentDone }).count()).toBe(1);
  },
);
