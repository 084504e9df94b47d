import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  bookingTexts,
  chooseFirstCar,
  expectAccessible,
  interpolate,
  jsEnabled,
  latestLink,
  whenReady,
  fillVisitorPayingLater,
  retryShiftMs,
  languagesWalkedBy,
} from "./support";
import { fillVisitorPayingLaterWithoutScript, newUser, submitBookingWithoutScript } from "./no-script-user";

const TEXT = { en: bookingTexts("en"), fr: bookingTexts("fr") };

/** Carthage Cars at Tunis for two days of the test's own, per language and project. */
function searchFor(testInfo: TestInfo, language: "en" | "fr") {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(
    Date.UTC(2029, 1, 1) + retryShiftMs() + ((language === "en" ? 0 : 2) + project) * 5 * 86_400_000,
  );
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return `/search?pickup=tunis&same=on&from=${day(0)}T10:00&to=${day(2)}T10:00&supplier=carthage-cars&lng=${language}`;
}

/** A visitor (no account) books the cheapest Carthage Cars car in Tunis, paying at pick-up; returns the reference. */
async function bookAsVisitor(page: Page, testInfo: TestInfo, language: "en" | "fr", email: string) {
  const { k } = TEXT[language];
  await page.goto(searchFor(testInfo, language));
  await whenReady(page);
  await chooseFirstCar(page, language);
  await fillVisitorPayingLater(page, language, {
    fullName: "Fran Finder",
    email,
    phone: "+33 6 12 34 56 78",
    birthDate: "1988-03-03",
  });
  // With JavaScript the summary follows the choice: "Book" once that quote is back, or the server (rightly) shows the
  // form again for a total the page no longer showed.
  await expect(page.getByRole("complementary")).not.toHaveAttribute("aria-busy", "true");
  await page.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
  const heading = page.getByRole("heading", {
    name: new RegExp(interpolate(k.receipt.heading, { reference: "[0-9A-F]{8}" })),
  });
  await expect(heading).toBeVisible();
  return /[0-9A-F]{8}/.exec((await heading.textContent()) ?? "")![0];
}

for (const { language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a visitor on another device finds their booking by reference and e-mail, opens the one-time link and cancels it`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const { b, k, c } = TEXT[language];
      const email = `find-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
      const reference = await bookAsVisitor(page, testInfo, language, email);

      // Another device: nothing of this browser's is kept.
      await page.context().clearCookies();
      await page.goto(`/find-booking?lng=${language}`);
      await whenReady(page);
      await expect(page.getByRole("heading", { level: 1, name: b.find.heading })).toBeVisible();
      await expectAccessible(page);

      // A reference that cannot be one is explained, in the page's language, and the address is kept.
      await page.getByLabel(b.find.reference, { exact: true }).fill("12345");
      await page.getByLabel(b.find.email, { exact: true }).fill(email);
      await page.getByRole("button", { name: b.find.submit }).click();
      await expect(page.getByText(c.validation.bookingReference).first()).toBeVisible();
      await expect(page.getByLabel(b.find.email, { exact: true })).toHaveValue(email);
      await expectAccessible(page);

      // As people type it: lower case, with a '#'. The answer says nothing of whether it matched.
      await page.getByLabel(b.find.reference, { exact: true }).fill(`#${reference.toLowerCase()}`);
      await page.getByRole("button", { name: b.find.submit }).click();
      await expect(page.getByRole("status").getByText(c.success.bookingLinkSent)).toBeVisible();

      const link = new URL(await latestLink(email, "find-booking/open"));
      link.searchParams.set("lng", language);
      const opened = await page.goto(`${link.pathname}${link.search}`);
      // The one-time link's page is stored nowhere and tells no other site its address (which holds the token).
      expect(opened?.headers()).toMatchObject({
        "cache-control": "private, no-store",
        "referrer-policy": "same-origin",
      });
      await whenReady(page);
      await expect(page.getByRole("heading", { level: 1, name: b.find.openTitle })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: interpolate(b.find.open, { reference }) }).click();
      await expect(page).toHaveURL(/\/booking\?b=/);
      await expect(page.getByRole("status").getByText(c.success.bookingOpened)).toBeVisible();
      await expect(
        page.getByRole("heading", { name: interpolate(k.receipt.heading, { reference }) }).first(),
      ).toBeVisible();

      // The driver's actions, without an account: free to cancel before pick-up, so cancelled at once.
      await page.getByRole("button", { name: k.receipt.cancelNow }).click();
      await page.getByRole("dialog").getByRole("button", { name: b.confirm.cancelNowButton_one }).click();
      await expect(page.getByRole("status").getByText(c.success.bookingsCancelled_one)).toBeVisible();
      await expect(page.getByRole("table").getByText(c.bookingStatuses.cancelled, { exact: true })).toBeVisible();
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
      await expectAccessible(page);

      // The link worked once.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("alert").getByText(b.find.invalid)).toBeVisible();
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the cancellation is confirmed on a
 * page of its own. The run above keeps hydration, the dialog and axe.
 */
for (const { language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a visitor on another device finds their booking by reference and e-mail, opens the one-time link and cancels it`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const { b, k, c } = TEXT[language];
      const email = `find-${language}-nojs-${Date.now()}@example.com`;
      const { user: visitor, done } = await newUser(baseURL!);
      await visitor.goto(searchFor(testInfo, language));
      await visitor
        .getByRole("main")
        .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
        .first()
        .click();
      fillVisitorPayingLaterWithoutScript(visitor, language, {
        fullName: "Fran Finder",
        email,
        phone: "+33 6 12 34 56 78",
        birthDate: "1988-03-03",
      });
      await submitBookingWithoutScript(visitor, language);
      const reference = /[0-9A-F]{8}/.exec(
        visitor
          .getByRole("heading", { name: new RegExp(interpolate(k.receipt.heading, { reference: "[0-9A-F]{8}" })) })
          .first()
          .text(),
      )![0];
      await done();

      // Another device: a browser of its own.
      const { user, done: deviceDone } = await newUser(baseURL!);
      await user.goto(`/find-booking?lng=${language}`);
      expect(user.getByRole("heading", { level: 1, name: b.find.heading }).count()).toBe(1);
      user.getByLabel(b.find.reference, { exact: true }).fill("12345");
      user.getByLabel(b.find.email, { exact: true }).fill(email);
      await user.getByRole("button", { name: b.find.submit }).click();
      expect(user.getByText(c.validation.bookingReference).count()).toBeGreaterThan(0);
      expect(user.getByLabel(b.find.email, { exact: true }).value()).toBe(email);
      user.getByLabel(b.find.reference, { exact: true }).fill(`#${reference.toLowerCase()}`);
      await user.getByRole("button", { name: b.find.submit }).click();
      expect(user.getByRole("status").getByText(c.success.bookingLinkSent).count()).toBe(1);

      const link = new URL(await latestLink(email, "find-booking/open"));
      link.searchParams.set("lng", language);
      const opened = await user.goto(`${link.pathname}${link.search}`);
      expect(opened.headers()).toMatchObject({
        "cache-control": "private, no-store",
        "referrer-policy": "same-origin",
      });
      expect(user.getByRole("heading", { level: 1, name: b.find.openTitle }).count()).toBe(1);
      await user.getByRole("button", { name: interpolate(b.find.open, { reference }) }).click();
      expect(user.path).toMatch(/^\/booking\?b=/);
      expect(user.getByRole("status").getByText(c.success.bookingOpened).count()).toBe(1);
      expect(
        user.getByRole("heading", { name: interpolate(k.receipt.heading, { reference }) }).count(),
      ).toBeGreaterThan(0);

      // Free to cancel before pick-up: asked on a page of its own, then cancelled at once.
      await user.getByRole("button", { name: k.receipt.cancelNow }).click();
      await user.getByRole("alertdialog").getByRole("button", { name: b.confirm.cancelNowButton_one }).click();
      expect(user.getByRole("status").getByText(c.success.bookingsCancelled_one).count()).toBe(1);
      expect(user.getByRole("table").getByText(c.bookingStatuses.cancelled, { exact: true }).count()).toBe(1);
      expect(user.getByRole("table").getByRole("row").count()).toBe(2);

      // The link worked once.
      await user.goto(`${link.pathname}${link.search}`);
      expect(user.getByRole("alert").getByText(b.find.invalid).count()).toBe(1);
      await deviceDone();
    },
  );
}
