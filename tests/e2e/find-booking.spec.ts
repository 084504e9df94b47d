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
} from "./support";

const TEXT = { en: bookingTexts("en"), fr: bookingTexts("fr") };

/** A visitor (no account) books the cheapest Carthage Cars car in Tunis, paying at pick-up; returns the reference. */
async function bookAsVisitor(page: Page, testInfo: TestInfo, language: "en" | "fr", email: string) {
  const { k } = TEXT[language];
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(
    Date.UTC(2029, 1, 1) + retryShiftMs() + ((language === "en" ? 0 : 2) + project) * 5 * 86_400_000,
  );
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.goto(
    `/search?pickup=tunis&same=on&from=${day(0)}T10:00&to=${day(2)}T10:00&supplier=carthage-cars&lng=${language}`,
  );
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

for (const language of ["en", "fr"] as const) {
  test(`in ${language}, a visitor on another device finds their booking by reference and e-mail, opens the one-time link and cancels it`, async ({
    page,
  }, testInfo) => {
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
    expect(opened?.headers()).toMatchObject({ "cache-control": "private, no-store", "referrer-policy": "same-origin" });
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
    const confirmation = jsEnabled() ? page.getByRole("dialog") : page.getByRole("alertdialog");
    await confirmation.getByRole("button", { name: b.confirm.cancelNowButton_one }).click();
    await expect(page.getByRole("status").getByText(c.success.bookingsCancelled_one)).toBeVisible();
    await expect(page.getByRole("table").getByText(c.bookingStatuses.cancelled, { exact: true })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
    await expectAccessible(page);

    // The link worked once.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("alert").getByText(b.find.invalid)).toBeVisible();
  });
}
