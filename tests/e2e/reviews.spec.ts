import { expect, test } from "@playwright/test";
import type enBookings from "../../app/locales/en/bookings.json";
import type enManage from "../../app/locales/en/manage.json";
import type enSearch from "../../app/locales/en/search.json";
import {
  catalogue,
  DEMO_SUPPLIER,
  expectAccessible,
  gotoReady,
  jsEnabled,
  mailsTo,
  staffBrowser,
  whenReady,
  languagesWalkedBy,
} from "./support";
import { NoScriptUser, signedInUser } from "./no-script-user";

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

/** The results at Tunis airport, sorted by drivers' marks. */
const resultsSortedByMarks = (language: "en" | "fr") =>
  new URLSearchParams({
    pickup: "tunis-carthage-airport",
    same: "on",
    from: "2029-09-10T10:00",
    to: "2029-09-13T10:00",
    sort: "reviews",
    lng: language,
  });

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a driver reviews the rental after its return, and the results show the supplier's mark there`,
    {
      tag: "@js-on-only",
    },
    async ({ page, browser }, testInfo) => {
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
      const query = resultsSortedByMarks(language);
      await gotoReady(page, `/search?${query}`);
      await whenReady(page);
      const first = page.getByRole("main").locator("article.car-card").first();
      await expect(first).toContainText("Carthage Cars");
      await expect(first.locator(".car-reviews")).toContainText(s.card.reviews_other.split("{{")[0]!.trim());
      await expect(page.getByLabel(s.sort.label)).toHaveValue("reviews");
      await expectAccessible(page);
    },
  );
}

/** The same with scripting off, on the script-less user agent (decision 047); the browser's run keeps axe. */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a driver reviews the rental after its return, and the results show the supplier's mark there`,
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }, testInfo) => {
      const b = catalogue<typeof enBookings>(language, "bookings");
      const m = catalogue<typeof enManage>(language, "manage");
      const s = catalogue<typeof enSearch>(language, "search");
      const customer = CUSTOMERS[slot * 2 + 1]!;
      const words = `Friendly desk, clean car (${language}, ${testInfo.project.name}, try ${testInfo.retry}).`;

      const desk = await signedInUser(baseURL!, language, DEMO_SUPPLIER);
      await desk.user.goto(`/manage/desk?place=tunis-carthage-airport&day=today&lng=${language}`);
      const stop = () =>
        desk.user
          .locator("section[aria-labelledby=returns-heading] article.desk-stop")
          .filter({ hasText: customer.fullName });
      stop().getByLabel(m.desk.mileage).fill("31000");
      stop().getByLabel(m.desk.fuel).selectOption("8");
      await stop()
        .getByRole("button", { name: new RegExp(`^${m.desk.recordReturn}`) })
        .click();
      expect(stop().getByRole("status").text()).toMatch(/31[,.\s\u202f]?000 km/);
      await desk.done();

      let link = "";
      await expect(async () => {
        const invitations = (await mailsTo(customer.email)).flatMap((mail) => /\/review\/[\w.-]+/.exec(mail) ?? []);
        expect(invitations).toHaveLength(1);
        link = invitations[0]!;
      }).toPass({ timeout: 60_000 });
      const user = new NoScriptUser(request, baseURL!);
      await user.goto(`${link}?lng=${language}`);
      expect(user.getByRole("heading", { level: 1, name: b.review.title }).count()).toBe(1);
      expect(user.mainText()).toContain("Carthage Cars");

      user.getByLabel(b.review.marks.staffMark).selectOption("9");
      user.getByLabel(b.review.marks.conditionMark).selectOption("8");
      user.getByLabel(b.review.marks.valueMark).selectOption("7");
      user.getByLabel(b.review.text).fill(words);
      await user.getByRole("button", { name: b.review.send }).click();
      expect(user.getByRole("alert").first().text()).toContain(b.review.markRequired);
      expect(user.getByLabel(b.review.marks.staffMark).value()).toBe("9");
      user.getByLabel(b.review.marks.queueMark).selectOption("10");
      await user.getByRole("button", { name: b.review.send }).click();
      expect(user.getByRole("status").filter({ hasText: b.review.sent }).count()).toBe(1);

      await user.goto(`${link}?lng=${language}`);
      expect(user.getByRole("status").filter({ hasText: b.review.written }).count()).toBe(1);
      expect(user.getByRole("button", { name: b.review.send }).count()).toBe(0);

      const admin = await signedInUser(baseURL!, language, ADMIN);
      await admin.user.goto(`/manage/reviews?lng=${language}`);
      const entry = () => admin.user.locator(".review-list > li").filter({ hasText: words });
      expect(entry().text()).toContain(customer.fullName.split(" ")[0]!);
      await entry().getByRole("button", { name: m.reviews.publish }).click();
      expect(entry().count()).toBe(0);
      await admin.user.goto(`/manage/reviews?status=published&lng=${language}`);
      expect(entry().count()).toBe(1);
      await admin.done();

      const query = resultsSortedByMarks(language);
      await user.goto(`/search?${query}`);
      const first = user.locator("main article.car-card").first();
      expect(first.text()).toContain("Carthage Cars");
      expect(first.locator(".car-reviews").text()).toContain(s.card.reviews_other.split("{{")[0]!.trim());
      expect(user.getByLabel(s.sort.label).value()).toBe("reviews");
    },
  );
}
