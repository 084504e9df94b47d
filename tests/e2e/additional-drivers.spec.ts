import { expect, test, type TestInfo } from "@playwright/test";
import type enMail from "../../app/locales/en/mail.json";
import type enManage from "../../app/locales/en/manage.json";
import type enSearch from "../../app/locales/en/search.json";
import {
  bookingTexts,
  catalogue,
  escapeRegExp,
  expectAccessible,
  expectMailSaying,
  fillVisitorPayingLater,
  gotoReady,
  interpolate,
  jsEnabled,
  staffBrowser,
  submitBooking,
  whenReady,
  retryShiftMs,
  DEMO_SUPPLIER,
  languagesWalkedBy,
} from "./support";
import {
  fillVisitorPayingLaterWithoutScript,
  newUser,
  signedInUser,
  submitBookingWithoutScript,
} from "./no-script-user";

/**
 * Issue 37, point 4, JS on and off in English and French (decision 038): a booking adds up to three drivers, each
 * checked like the first and each paying the option's price; without JavaScript the number is sent with "Update
 * total", which redraws the form with a group of fields per driver. A Carthage Cars car selling the option, three
 * days of their own per language and project. The supplier's staff then change the drivers on the booking's page,
 * where each has a group of their own.
 */
function period(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(Date.UTC(2027, 4, 4) + retryShiftMs() + (slot * 2 + project) * 7 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(3)}T10:00` };
}

/** Carthage Cars' offers at Tunis for the test's own period. */
const searchQuery = (testInfo: TestInfo, slot: number, language: "en" | "fr") =>
  new URLSearchParams({
    pickup: "tunis",
    same: "on",
    ...period(testInfo, slot),
    supplier: "carthage-cars",
    lng: language,
  });

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, a booking adds two drivers, each priced and named on the receipt and in the mail; staff change them`,
    {
      tag: "@js-on-only",
    },
    async ({ page, browser }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const mail = catalogue<typeof enMail>(language, "mail");
      const { k, c } = bookingTexts(language);
      const query = searchQuery(testInfo, slot, language);
      await gotoReady(page, `/search?${query}`);
      // A car whose card prices the option (not included, not unavailable).
      const sells = new RegExp(`${escapeRegExp(c.extras.additionalDriver)}\\s*(\\$|\\d)`);
      const card = page.getByRole("main").locator("article.car-card").filter({ hasText: sells }).first();
      await card.getByRole("link", { name: new RegExp(`^${escapeRegExp(s.card.choose)}`) }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await whenReady(page);

      await page.getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(c.extras.additionalDriver)}`) }).check();
      await page.getByLabel(k.additionalDriver.count, { exact: true }).selectOption("2");
      const secondLabel = (part: "fullName" | "email" | "phone" | "birthDate") =>
        interpolate(k.additionalDriver.numbered[part], { number: 2 });
      const counted = interpolate(c.equipment.counted, { name: c.extras.additionalDriver, count: 2 });
      const summary = page.getByRole("complementary");
      await expect(summary.getByRole("row", { name: new RegExp(`^${escapeRegExp(counted)}`) })).toBeVisible();
      // Checked once the re-quote has settled: the summary is dimmed while it updates.
      await expect(summary).not.toHaveAttribute("aria-busy", "true");
      await expect(
        page.getByRole("group", { name: interpolate(k.additionalDriver.numbered.legend, { number: 2 }) }),
      ).toBeVisible();
      await expectAccessible(page);

      const email = `drivers-${language}-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
      await fillVisitorPayingLater(page, language, {
        fullName: "Leila Main",
        email,
        phone: "+216 22 333 444",
        birthDate: "1982-04-04",
      });
      await page.getByLabel(k.additionalDriver.fullName, { exact: true }).fill("Ada First");
      await page.getByLabel(k.additionalDriver.email, { exact: true }).fill("ada@example.com");
      await page.getByLabel(k.additionalDriver.phone, { exact: true }).fill("+216 22 000 001");
      await page.getByLabel(k.additionalDriver.birthDate, { exact: true }).fill("1981-01-01");
      await page.getByLabel(secondLabel("fullName"), { exact: true }).fill("Bo Second");
      await page.getByLabel(secondLabel("email"), { exact: true }).fill("bo@example.com");
      await page.getByLabel(secondLabel("phone"), { exact: true }).fill("+216 22 000 002");
      await page.getByLabel(secondLabel("birthDate"), { exact: true }).fill("1983-03-03");
      const total = (await summary.locator("output").textContent())!.trim();
      await submitBooking(page, language);

      const receipt = page.getByRole("main");
      await expect(receipt.getByText("Ada First, Bo Second", { exact: true })).toBeVisible();
      await expect(receipt.getByRole("row", { name: new RegExp(`^${escapeRegExp(counted)}`) })).toBeVisible();
      await expect(receipt.getByText(total, { exact: true }).first()).toBeVisible();
      await expectMailSaying(
        email,
        interpolate(mail.booking.additionalDrivers_other, { names: "Ada First, Bo Second" }),
      );

      // The supplier's staff: Bo's group emptied, a third driver in the last group, previewed then saved.
      const m = catalogue<typeof enManage>(language, "manage");
      const bookingHref = await page.getByRole("link", { name: k.receipt.view }).getAttribute("href");
      const bookingId = new URLSearchParams(bookingHref!.split("?")[1]).get("b")!;
      const { context: staff, page: desk } = await staffBrowser(browser, language);
      await gotoReady(desk, `/manage/bookings/${bookingId}?lng=${language}`);
      const group = (position: number) =>
        desk.getByRole("group", { name: interpolate(m.staffBooking.sections.additionalDriverAt, { position }) });
      const field = (position: number, part: "fullName" | "email" | "phone" | "birthDate") =>
        group(position).getByLabel(m.staffBooking.fields[part], { exact: true });
      await expect(field(1, "fullName")).toHaveValue("Ada First");
      await expect(field(2, "fullName")).toHaveValue("Bo Second");
      for (const part of ["fullName", "email", "phone", "birthDate"] as const) await field(2, part).fill("");
      await field(3, "fullName").fill("Cy Third");
      await field(3, "email").fill("cy@example.com");
      await field(3, "phone").fill("+216 22 000 003");
      await field(3, "birthDate").fill("1985-05-05");
      await desk.getByRole("button", { name: m.staffBooking.preview }).click();
      await expect(desk.getByText(m.staffBooking.settlement, { exact: true })).toBeVisible();
      await whenReady(desk);
      await expectAccessible(desk);
      await desk.getByRole("button", { name: m.staffBooking.save }).click();
      const changedToast = new RegExp(Object.values(c.success.bookingChanged).map(escapeRegExp).join("|"));
      await expect(desk.getByRole("status").filter({ hasText: changedToast })).toBeVisible();
      await gotoReady(desk, `/manage/bookings/${bookingId}?lng=${language}`);
      await expect(desk.getByRole("main")).toContainText(
        interpolate(m.staffBooking.addedDrivers_other, { names: "Ada First, Cy Third" }),
      );
      await expect(field(2, "fullName")).toHaveValue("Cy Third");
      await expect(field(3, "fullName")).toHaveValue("");
      await staff.close();
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the number of drivers is sent with
 * "Update total", which redraws the form with a group of fields per driver; the staff's page posts its groups. The
 * run above keeps hydration, the live re-quote and axe.
 */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, a booking adds two drivers, each priced and named on the receipt and in the mail; staff change them`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const s = catalogue<typeof enSearch>(language, "search");
      const mail = catalogue<typeof enMail>(language, "mail");
      const m = catalogue<typeof enManage>(language, "manage");
      const { k, c } = bookingTexts(language);
      const query = searchQuery(testInfo, slot, language);
      const { user: visitor, done: visitorDone } = await newUser(baseURL!);
      await visitor.goto(`/search?${query}`);
      const sells = new RegExp(`${escapeRegExp(c.extras.additionalDriver)}\\s*(\\$|\\d)`);
      await visitor
        .getByRole("main")
        .locator("article.car-card")
        .filter({ hasText: sells })
        .first()
        .getByRole("link", { name: new RegExp(`^${escapeRegExp(s.card.choose)}`) })
        .click();
      expect(visitor.path).toMatch(/^\/checkout\?/);

      visitor.getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(c.extras.additionalDriver)}`) }).check();
      visitor.getByLabel(k.additionalDriver.count, { exact: true }).selectOption("2");
      const secondLabel = (part: "fullName" | "email" | "phone" | "birthDate") =>
        interpolate(k.additionalDriver.numbered[part], { number: 2 });
      // The second driver's fields come with the redrawn form.
      expect(visitor.getByLabel(secondLabel("fullName"), { exact: true }).count()).toBe(0);
      await visitor.getByRole("button", { name: k.updateTotal, exact: true }).click();
      const counted = interpolate(c.equipment.counted, { name: c.extras.additionalDriver, count: 2 });
      const countedRow = new RegExp(`^${escapeRegExp(counted)}`);
      expect(visitor.getByRole("complementary").getByRole("row", { name: countedRow }).count()).toBe(1);
      expect(
        visitor.getByRole("group", { name: interpolate(k.additionalDriver.numbered.legend, { number: 2 }) }).count(),
      ).toBe(1);

      const email = `drivers-${language}-nojs-${testInfo.retry}-${Date.now()}@example.com`;
      fillVisitorPayingLaterWithoutScript(visitor, language, {
        fullName: "Leila Main",
        email,
        phone: "+216 22 333 444",
        birthDate: "1982-04-04",
      });
      for (const [label, value] of [
        [k.additionalDriver.fullName, "Ada First"],
        [k.additionalDriver.email, "ada@example.com"],
        [k.additionalDriver.phone, "+216 22 000 001"],
        [k.additionalDriver.birthDate, "1981-01-01"],
        [secondLabel("fullName"), "Bo Second"],
        [secondLabel("email"), "bo@example.com"],
        [secondLabel("phone"), "+216 22 000 002"],
        [secondLabel("birthDate"), "1983-03-03"],
      ] as const)
        visitor.getByLabel(label, { exact: true }).fill(value);
      const total = visitor.getByRole("complementary").locator("output").text();
      await submitBookingWithoutScript(visitor, language);

      const receipt = visitor.getByRole("main");
      expect(receipt.getByText("Ada First, Bo Second", { exact: true }).count()).toBe(1);
      expect(receipt.getByRole("row", { name: countedRow }).count()).toBe(1);
      expect(receipt.getByText(total, { exact: true }).count()).toBeGreaterThan(0);
      await expectMailSaying(
        email,
        interpolate(mail.booking.additionalDrivers_other, { names: "Ada First, Bo Second" }),
      );
      const bookingHref = visitor.getByRole("link", { name: k.receipt.view }).attribute("href");
      const bookingId = new URLSearchParams(bookingHref!.split("?")[1]).get("b")!;
      await visitorDone();

      // The supplier's staff: Bo's group emptied, a third driver in the last group, previewed then saved.
      const { user: staff, done: staffDone } = await signedInUser(baseURL!, language, DEMO_SUPPLIER);
      await staff.goto(`/manage/bookings/${bookingId}?lng=${language}`);
      const field = (position: number, part: "fullName" | "email" | "phone" | "birthDate") =>
        staff
          .getByRole("group", { name: interpolate(m.staffBooking.sections.additionalDriverAt, { position }) })
          .getByLabel(m.staffBooking.fields[part], { exact: true });
      expect(field(1, "fullName").value()).toBe("Ada First");
      expect(field(2, "fullName").value()).toBe("Bo Second");
      for (const part of ["fullName", "email", "phone", "birthDate"] as const) field(2, part).fill("");
      field(3, "fullName").fill("Cy Third");
      field(3, "email").fill("cy@example.com");
      field(3, "phone").fill("+216 22 000 003");
      field(3, "birthDate").fill("1985-05-05");
      await staff.getByRole("button", { name: m.staffBooking.preview }).click();
      expect(staff.getByText(m.staffBooking.settlement, { exact: true }).count()).toBeGreaterThan(0);
      await staff.getByRole("button", { name: m.staffBooking.save }).click();
      const changedToast = new RegExp(Object.values(c.success.bookingChanged).map(escapeRegExp).join("|"));
      expect(staff.getByRole("status").filter({ hasText: changedToast }).count()).toBe(1);
      await staff.goto(`/manage/bookings/${bookingId}?lng=${language}`);
      expect(staff.mainText()).toContain(
        interpolate(m.staffBooking.addedDrivers_other, { names: "Ada First, Cy Third" }),
      );
      expect(field(2, "fullName").value()).toBe("Cy Third");
      expect(field(3, "fullName").value()).toBe("");
      await staffDone();
    },
  );
}
