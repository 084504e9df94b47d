import { expect, test } from "@playwright/test";
import type enBookings from "../../app/locales/en/bookings.json";
import type enManage from "../../app/locales/en/manage.json";
import type enSearch from "../../app/locales/en/search.json";
import { catalogue, expectAccessible, gotoReady, jsEnabled, mailsTo, staffBrowser, whenReady } from "./support";

/**
 * Reviews from drivers who returned the car (decision 034), JS on and off, in English and French: the desk records
 * a demo rental's return at Tunis airport; its driver gets one invitation, reviews from its link (a mark missing first),
 * cannot review twice; the admin publishes the review; the results at that place show Carthage Cars' average and put
 * it first when sorted by drivers' marks.
 */
const CUSTOMERS = [
  { fullName: "Amira Ben Salah", email: "amira.bensalah@demo-customers.example" },
  { fullName: "Karim Jaziri", email: "karim.jaziri@demo-customers.example" },
  { fullName: "Claire Martin", email: "claire.martin@demo-customers.example" },
  { fullName: "Javier López", email: "javier.lopez@demo-customers.example" },
];
const ADMIN = { email: "admin@rentacar.example", password: "keep-it-running-2026" };

for (const [slot, language] of (["en", "fr"] as const).entries()) {
  test(`in ${language}, a driver reviews the rental after its return, and the results show the supplier's mark there`, async ({
    page,
    browser,
  }, testInfo) => {
    const b = catalogue<typeof enBookings>(language, "bookings");
    const m = catalogue<typeof enManage>(language, "manage");
    const s = catalogue<typeof enSearch>(language, "search");
    const customer = CUSTOMERS[slot * 2 + (jsEnabled(testInfo) ? 0 : 1)]!;
    const words = `Friendly desk, clean car (${language}, ${testInfo.project.name}, try ${testInfo.retry}).`;

    // The desk records the return (a rental under way at Tunis airport since the demo started).
    const { context: deskContext, page: desk } = await staffBrowser(browser, language);
    await gotoReady(desk, `/manage/desk?place=tunis-carthage-airport&day=today&lng=${language}`);
    const stop = desk.locator("#returns-heading ~ article.desk-stop").filter({ hasText: customer.fullName });
    await stop.getByLabel(m.desk.mileage).fill("31000");
    await stop.getByLabel(m.desk.fuel).selectOption("8");
    await stop.getByRole("button", { name: new RegExp(`^${m.desk.recordReturn}`) }).click();
    await expect(
      desk.locator("#returns-heading ~ article.desk-stop").filter({ hasText: customer.fullName }).getByRole("status"),
    ).toContainText(/31[,.\s\u202f]?000 km/);
    await deskContext.close();

    // One invitation, whose link opens the form without signing in.
    let link = "";
    await expect(async () => {
      const invitations = (await mailsTo(customer.email)).flatMap((mail) => /\/review\/[\w.-]+/.exec(mail) ?? []);
      expect(invitations).toHaveLength(1);
      link = invitations[0]!;
    }).toPass({ timeout: 60_000 });
    await gotoReady(page, `${link}?lng=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: b.review.title })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Carthage Cars");
    await expectAccessible(page);

    // A mark left out is named; what was chosen stays.
    await page.getByLabel(b.review.marks.staffMark).selectOption("9");
    await page.getByLabel(b.review.marks.conditionMark).selectOption("8");
    await page.getByLabel(b.review.marks.valueMark).selectOption("7");
    await page.getByLabel(b.review.text).fill(words);
    await page.getByRole("button", { name: b.review.send }).click();
    await expect(page.getByRole("alert").first()).toContainText(b.review.markRequired);
    await expect(page.getByLabel(b.review.marks.staffMark)).toHaveValue("9");
    await page.getByLabel(b.review.marks.queueMark).selectOption("10");
    await page.getByRole("button", { name: b.review.send }).click();
    await expect(page.getByRole("status").filter({ hasText: b.review.sent })).toBeVisible();
    await expectAccessible(page);

    // Once per booking: the link again says it was sent.
    await gotoReady(page, `${link}?lng=${language}`);
    await expect(page.getByRole("status").filter({ hasText: b.review.written })).toBeVisible();
    await expect(page.getByRole("button", { name: b.review.send })).toHaveCount(0);

    // The admin publishes it from the queue.
    const { context: adminContext, page: admin } = await staffBrowser(browser, language, ADMIN);
    await gotoReady(admin, `/manage/reviews?lng=${language}`);
    const entry = admin.locator(".review-list > li").filter({ hasText: words });
    await expect(entry).toContainText(customer.fullName.split(" ")[0]!);
    await expectAccessible(admin);
    await entry.getByRole("button", { name: m.reviews.publish }).click();
    await expect(admin.locator(".review-list > li").filter({ hasText: words })).toHaveCount(0);
    await gotoReady(admin, `/manage/reviews?status=published&lng=${language}`);
    await expect(admin.locator(".review-list > li").filter({ hasText: words })).toHaveCount(1);
    await adminContext.close();

    // The results at the place: the supplier's mark on its cards, and first when sorted by drivers' marks.
    const query = new URLSearchParams({
      pickup: "tunis-carthage-airport",
      same: "on",
      from: "2029-09-10T10:00",
      to: "2029-09-13T10:00",
      sort: "reviews",
      lng: language,
    });
    await gotoReady(page, `/search?${query}`);
    await whenReady(page);
    const first = page.getByRole("main").locator("article.car-card").first();
    await expect(first).toContainText("Carthage Cars");
    await expect(first.locator(".car-reviews")).toContainText(s.card.reviews_other.split("{{")[0]!.trim());
    await expect(page.getByLabel(s.sort.label)).toHaveValue("reviews");
    await expectAccessible(page);
  });
}
