import { expect, test, type TestInfo } from "@playwright/test";
import type enManage from "../../app/locales/en/manage.json";
import {
  bookingTexts,
  catalogue,
  expectAccessible,
  gotoReady,
  jsEnabled,
  sentencePattern,
  staffBrowser,
  whenReady,
  retryShiftMs,
  languagesWalkedBy,
} from "./support";
import { newUser, signedInUser } from "./no-script-user";

/**
 * Operators set the equipment they lend (decision 033), JS on and off, in English and French: the admin has Medina
 * Motors lend winter tyres per day with a cap, a cap below a day's price refused on its field, and a driver's
 * checkout of one of its cars offers them at that price, cap included; the change is in the supplier's history.
 */
const ADMIN = { email: "admin@rentacar.example", password: "keep-it-running-2026" };

function period(testInfo: TestInfo, slot: number) {
  const project = jsEnabled(testInfo) ? 0 : 1;
  const start = new Date(Date.UTC(2029, 10, 5) + retryShiftMs() + (slot * 2 + project) * 6 * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(4)}T10:00` };
}

/** Medina Motors' offers at Tunis for the test's own period. */
const medinaSearch = (testInfo: TestInfo, slot: number, language: "en" | "fr") =>
  new URLSearchParams({
    pickup: "tunis",
    same: "on",
    ...period(testInfo, slot),
    supplier: "medina-motors",
    lng: language,
  });

for (const { slot, language } of languagesWalkedBy("scripts")) {
  test(
    `in ${language}, an operator lends winter tyres at a capped daily price and the checkout offers them`,
    {
      tag: "@js-on-only",
    },
    async ({ page, browser }, testInfo) => {
      const m = catalogue<typeof enManage>(language, "manage");
      const { k, c } = bookingTexts(language);
      const tyres = c.equipment.winterTyres;
      const field = (name: "price" | "charge" | "cap") =>
        admin.getByRole("group", { name: tyres, exact: true }).getByLabel(m.supplier.equipment[name], { exact: true });

      const { context, page: admin } = await staffBrowser(browser, language, ADMIN);
      await gotoReady(admin, `/manage/suppliers?lng=${language}`);
      await admin.getByRole("link", { name: "Medina Motors" }).click();
      await whenReady(admin);
      await field("price").fill("9");
      await field("charge").selectOption("perDay");
      await field("cap").fill("5");
      await admin.getByRole("button", { name: m.supplier.save }).click();
      await expect(admin.getByRole("alert").first()).toContainText(m.validation.equipmentCap);
      await expectAccessible(admin);
      await field("cap").fill("30");
      await admin.getByRole("button", { name: m.supplier.save }).click();
      await expect(admin.getByRole("status").getByText(c.success.supplierSaved)).toBeVisible();
      await expect(field("cap")).toHaveValue("30");
      // The supplier's history names the change.
      await expect(admin.getByRole("table").filter({ hasText: m.supplier.fields.equipment_winterTyres })).toBeVisible();
      await context.close();

      // A driver's checkout of a Medina Motors car: the tyres at $9 a day, at most $30 for the rental.
      await gotoReady(page, `/search?${medinaSearch(testInfo, slot, language)}`);
      await page
        .getByRole("main")
        .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await whenReady(page);
      const equipment = page.getByRole("group", { name: k.equipment.heading });
      await expect(equipment.getByRole("checkbox", { name: tyres })).toBeVisible();
      const price = equipment.locator("#equipment-winterTyres-price");
      await expect(price).toContainText(sentencePattern(k.equipment.perDayCapped));
      await expect(price).toContainText(/(^|\D)9(\D|$)/);
      await expect(price).toContainText(/(^|\D)30(\D|$)/);
      await expectAccessible(page);
    },
  );
}

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): the supplier's form posted and
 * answered, the checkout read as HTML. The run above keeps hydration and axe.
 */
for (const { slot, language } of languagesWalkedBy("twin")) {
  test(
    `in ${language} without scripting, an operator lends winter tyres at a capped daily price and the checkout offers them`,
    { tag: "@js-off-only" },
    async ({ baseURL }, testInfo) => {
      const m = catalogue<typeof enManage>(language, "manage");
      const { k, c } = bookingTexts(language);
      const tyres = c.equipment.winterTyres;
      const { user: admin, done } = await signedInUser(baseURL!, language, ADMIN);
      const field = (name: "price" | "charge" | "cap") =>
        admin.getByRole("group", { name: tyres, exact: true }).getByLabel(m.supplier.equipment[name], { exact: true });
      await admin.goto(`/manage/suppliers?lng=${language}`);
      await admin.getByRole("link", { name: "Medina Motors" }).click();
      field("price").fill("9");
      field("charge").selectOption("perDay");
      field("cap").fill("5");
      await admin.getByRole("button", { name: m.supplier.save }).click();
      expect(admin.getByRole("alert").first().text()).toContain(m.validation.equipmentCap);
      field("cap").fill("30");
      await admin.getByRole("button", { name: m.supplier.save }).click();
      expect(admin.getByRole("status").getByText(c.success.supplierSaved).count()).toBe(1);
      expect(field("cap").value()).toBe("30");
      // The supplier's history names the change.
      expect(admin.getByRole("table").filter({ hasText: m.supplier.fields.equipment_winterTyres }).count()).toBe(1);
      await done();

      const { user: driver, done: driverDone } = await newUser(baseURL!);
      await driver.goto(`/search?${medinaSearch(testInfo, slot, language)}`);
      await driver
        .getByRole("main")
        .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
        .first()
        .click();
      expect(driver.path).toMatch(/^\/checkout\?/);
      const equipment = driver.getByRole("group", { name: k.equipment.heading });
      expect(equipment.getByRole("checkbox", { name: tyres }).count()).toBe(1);
      const price = equipment.locator("#equipment-winterTyres-price").text();
      expect(price).toMatch(sentencePattern(k.equipment.perDayCapped));
      expect(price).toMatch(/(^|\D)9(\D|$)/);
      expect(price).toMatch(/(^|\D)30(\D|$)/);
      await driverDone();
    },
  );
}
