/**
 * A supplier's team as its people meet it (decision 044), with JavaScript on and off: the owner invites a manager,
 * who joins from the mail's link with a password of their own and is named as themselves; removing them asks first
 * and signs them out at once. The demo desk agent, in French, gets the desk and bookings, never the fleet's forms.
 */
import { expect, test } from "@playwright/test";
import { catalogue, DEMO_SUPPLIER, expectAccessible, gotoReady, latestLink, staffBrowser, whenReady } from "./support";
import type enAccount from "../../app/locales/en/account.json";
import type enCommon from "../../app/locales/en/common.json";
import type enManage from "../../app/locales/en/manage.json";
import { newUser, signedInUser } from "./no-script-user";

const DESK_AGENT = { email: "desk@carthage-cars.example", password: "at-the-counter-2026" };

test(
  "the owner invites a manager who joins with their own password; removing them asks first and signs them out",
  {
    tag: "@js-on-only",
  },
  async ({ browser }, testInfo) => {
    const m = catalogue<typeof enManage>("en", "manage");
    const email = `manager-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
    const name = `Mina Manager ${testInfo.project.name}`;
    const owner = await staffBrowser(browser, "en", DEMO_SUPPLIER);
    await owner.page.getByRole("navigation", { name: m.nav.label }).getByRole("link", { name: m.nav.team }).click();
    await expect(owner.page.getByRole("heading", { level: 1 })).toHaveText("Carthage Cars’s team");
    await whenReady(owner.page);
    const invite = owner.page.getByRole("region", { name: m.team.inviteHeading });
    await invite.getByLabel(m.team.name, { exact: true }).fill(name);
    await invite.getByLabel(m.team.email, { exact: true }).fill(email);
    await invite.getByLabel(m.team.role, { exact: true }).selectOption("manager");
    await invite.getByRole("button", { name: m.team.invite }).click();
    await expect(owner.page.getByRole("status").getByText(`${name} is invited`)).toBeVisible();
    const row = owner.page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByText(m.team.invited)).toBeVisible();
    await expectAccessible(owner.page);

    // The member joins from the mail: a password of their own, then the operators' pages under their own name.
    const member = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js-on" });
    const memberPage = await member.newPage();
    const link = new URL(await latestLink(email, "activate"));
    await gotoReady(memberPage, `${link.pathname}${link.search}&lng=en`);
    await expect(memberPage.getByText("Your account on the operators’ side is ready.")).toBeVisible();
    await memberPage.getByLabel("New password", { exact: true }).fill("manage-the-fleet-2026");
    await memberPage.getByLabel("Confirm the new password", { exact: true }).fill("manage-the-fleet-2026");
    await memberPage.getByRole("main").locator("input[type=submit], button[type=submit]").first().click();
    await expect(memberPage).toHaveURL(/\/manage(\/|$|\?)/);
    await expect(memberPage.getByText(`Signed in as ${name} (manager)`)).toBeVisible();
    const memberMenu = memberPage.getByRole("navigation", { name: m.nav.label });
    await expect(memberMenu.getByRole("link", { name: m.nav.newCar })).toBeVisible();
    await expect(memberMenu.getByRole("link", { name: m.nav.team })).toHaveCount(0);

    // Removing is never one click: the box must be ticked first.
    await owner.page.reload();
    await whenReady(owner.page);
    const joined = owner.page.getByRole("row", { name: new RegExp(name) });
    await expect(joined.getByText(m.team.joined)).toBeVisible();
    await joined.getByText(`Remove ${name}…`).click();
    await joined.getByRole("checkbox").check();
    await joined.getByRole("button", { name: m.team.remove }).click();
    await expect(
      owner.page.getByRole("status").getByText("The member is removed and signed out everywhere."),
    ).toBeVisible();
    await expect(owner.page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/sign-in/);
    await member.close();
    await owner.context.close();
  },
);

test(
  "in French, the desk agent gets the desk and the bookings, never the fleet's forms or the settings",
  {
    tag: "@js-on-only",
  },
  async ({ browser }) => {
    const m = catalogue<typeof enManage>("fr", "manage");
    const desk = await staffBrowser(browser, "fr", DESK_AGENT);
    await expect(desk.page.getByText("Connecté en tant que Nour Desk (agent de comptoir)")).toBeVisible();
    const menu = desk.page.getByRole("navigation", { name: m.nav.label });
    await expect(menu.getByRole("link", { name: m.nav.desk })).toBeVisible();
    await expect(menu.getByRole("link", { name: m.nav.bookings, exact: true })).toBeVisible();
    for (const hidden of [m.nav.newCar, m.nav.import, m.nav.settings, m.nav.team])
      await expect(menu.getByRole("link", { name: hidden })).toHaveCount(0);
    await gotoReady(desk.page, "/manage/desk?lng=fr");
    await expect(desk.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(desk.page);
    const refused = await desk.page.goto("/manage/cars/new?lng=fr");
    expect(refused?.status()).toBe(403);

    // Summaries by mail (issue 51): the agent chooses their own; reviews are the admins' to moderate.
    const a = catalogue<typeof enAccount>("fr", "account").settings.operatorMail;
    const c = catalogue<typeof enCommon>("fr", "common");
    await gotoReady(desk.page, "/settings?lng=fr");
    await expect(desk.page.getByLabel(a.kinds.reviewWaiting)).toHaveCount(0);
    await desk.page.getByLabel(a.kinds.newBooking).check();
    await desk.page.getByRole("button", { name: a.save }).click();
    await expect(desk.page.getByRole("status").getByText(c.success.settingsUpdated)).toBeVisible();
    await expect(desk.page.getByLabel(a.kinds.newBooking)).toBeChecked();
    await expectAccessible(desk.page);
    await desk.context.close();
  },
);

/*
 * The same with scripting off, on the script-less user agent (decision 047). The browser's runs keep axe and the
 * disclosure that hides the removal's box.
 */

test(
  "without scripting, the owner invites a manager who joins with their own password; removing them asks first and signs them out",
  {
    tag: "@js-off-only",
  },
  async ({ baseURL }, testInfo) => {
    const m = catalogue<typeof enManage>("en", "manage");
    const email = `manager-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
    const name = `Mina Manager ${testInfo.project.name}`;
    const owner = await signedInUser(baseURL!, "en", DEMO_SUPPLIER);
    expect(owner.user.path).toMatch(/^\/manage(\/|$|\?)/);
    await owner.user.getByRole("navigation", { name: m.nav.label }).getByRole("link", { name: m.nav.team }).click();
    expect(owner.user.heading()).toBe("Carthage Cars’s team");
    const invite = owner.user.getByRole("region", { name: m.team.inviteHeading });
    invite.getByLabel(m.team.name, { exact: true }).fill(name);
    invite.getByLabel(m.team.email, { exact: true }).fill(email);
    invite.getByLabel(m.team.role, { exact: true }).selectOption("manager");
    await invite.getByRole("button", { name: m.team.invite }).click();
    expect(owner.user.getByRole("status").getByText(`${name} is invited`).count()).toBe(1);
    expect(
      owner.user
        .getByRole("row", { name: new RegExp(name) })
        .getByText(m.team.invited)
        .count(),
    ).toBe(1);

    const { user: member, done: memberDone } = await newUser(baseURL!);
    const link = new URL(await latestLink(email, "activate"));
    await member.goto(`${link.pathname}${link.search}&lng=en`);
    expect(member.getByText("Your account on the operators’ side is ready.").count()).toBe(1);
    member.getByLabel("New password", { exact: true }).fill("manage-the-fleet-2026");
    member.getByLabel("Confirm the new password", { exact: true }).fill("manage-the-fleet-2026");
    await member.getByRole("main").locator("input[type=submit], button[type=submit]").first().click();
    expect(member.path).toMatch(/^\/manage(\/|$|\?)/);
    expect(member.getByText(`Signed in as ${name} (manager)`).count()).toBe(1);
    const memberMenu = member.getByRole("navigation", { name: m.nav.label });
    expect(memberMenu.getByRole("link", { name: m.nav.newCar }).count()).toBe(1);
    expect(memberMenu.getByRole("link", { name: m.nav.team }).count()).toBe(0);

    // Removing is never one click: the box must be ticked first.
    await owner.user.goto(owner.user.url);
    const joined = () => owner.user.getByRole("row", { name: new RegExp(name) });
    expect(joined().getByText(m.team.joined).count()).toBe(1);
    await joined().getByRole("button", { name: m.team.remove }).click();
    expect(owner.user.getByRole("row", { name: new RegExp(name) }).count()).toBe(1);
    joined().getByRole("checkbox").check();
    await joined().getByRole("button", { name: m.team.remove }).click();
    expect(owner.user.getByRole("status").getByText("The member is removed and signed out everywhere.").count()).toBe(
      1,
    );
    expect(owner.user.getByRole("row", { name: new RegExp(name) }).count()).toBe(0);

    await member.goto(member.url);
    expect(member.path).toMatch(/^\/sign-in/);
    await memberDone();
    await owner.done();
  },
);

test(
  "without scripting, in French, the desk agent gets the desk and the bookings, never the fleet's forms or the settings",
  {
    tag: "@js-off-only",
  },
  async ({ baseURL }) => {
    const m = catalogue<typeof enManage>("fr", "manage");
    const desk = await signedInUser(baseURL!, "fr", DESK_AGENT);
    expect(desk.user.path).toMatch(/^\/manage(\/|$|\?)/);
    expect(desk.user.getByText("Connecté en tant que Nour Desk (agent de comptoir)").count()).toBe(1);
    const menu = desk.user.getByRole("navigation", { name: m.nav.label });
    expect(menu.getByRole("link", { name: m.nav.desk }).count()).toBe(1);
    expect(menu.getByRole("link", { name: m.nav.bookings, exact: true }).count()).toBe(1);
    for (const hidden of [m.nav.newCar, m.nav.import, m.nav.settings, m.nav.team])
      expect(menu.getByRole("link", { name: hidden }).count()).toBe(0);
    await desk.user.goto("/manage/desk?lng=fr");
    expect(desk.user.heading()).not.toBe("");
    const refused = await desk.user.goto("/manage/cars/new?lng=fr");
    expect(refused.status()).toBe(403);

    const a = catalogue<typeof enAccount>("fr", "account").settings.operatorMail;
    const c = catalogue<typeof enCommon>("fr", "common");
    await desk.user.goto("/settings?lng=fr");
    expect(desk.user.getByLabel(a.kinds.reviewWaiting).count()).toBe(0);
    desk.user.getByLabel(a.kinds.newBooking).check();
    await desk.user.getByRole("button", { name: a.save }).click();
    expect(desk.user.getByRole("status").getByText(c.success.settingsUpdated).count()).toBe(1);
    expect(desk.user.getByLabel(a.kinds.newBooking).attribute("checked")).not.toBeNull();
    await desk.done();
  },
);
