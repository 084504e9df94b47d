import { readFileSync } from "node:fs";
import { expect, request as requests, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import type enAccount from "../../app/locales/en/account.json";
import type enCommon from "../../app/locales/en/common.json";
import { expectAccessible, interpolate, latestLink, whenReady, languagesWalkedBy } from "./support";
import { NoScriptUser } from "./no-script-user";

// Labels come from the catalogues the pages are rendered from, so each language is checked word for word.
const catalogue = <T>(language: string, namespace: string) =>
  JSON.parse(readFileSync(`app/locales/${language}/${namespace}.json`, "utf8")) as T;
const CATALOGUES = {
  en: { a: catalogue<typeof enAccount>("en", "account"), c: catalogue<typeof enCommon>("en", "common") },
  fr: { a: catalogue<typeof enAccount>("fr", "account"), c: catalogue<typeof enCommon>("fr", "common") },
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const { language } of languagesWalkedBy("scripts")) {
  test(
    `one driver's whole account journey in ${language}: sign up, mail, validate, sign out, stay connected, change, reset, settings`,
    {
      tag: "@js-on-only",
    },
    async ({ page }, testInfo) => {
      const { a, c } = CATALOGUES[language];
      const email = `journey-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
      const name = "Jordan Journey";
      const main = page.getByRole("main");
      const nav = page.getByRole("navigation", { name: c.nav.mainMenu });
      const toast = (text: string) => page.getByRole("status").getByText(text);

      // Sign up: signed in at once, with a validation mail really sent over SMTP.
      await page.goto(`/sign-up?lng=${language}`);
      await expectAccessible(page);
      await whenReady(page);
      await page.getByLabel(a.signUp.fullName, { exact: true }).fill(name);
      await page.getByLabel(a.signUp.email, { exact: true }).fill(email);
      await page.getByLabel(a.signUp.phone, { exact: true }).fill("+33 6 55 44 33 22");
      await page.getByLabel(a.signUp.birthDate, { exact: true }).fill("1988-09-30");
      await page.getByLabel(a.signUp.password, { exact: true }).fill("journey-one");
      await page.getByLabel(a.signUp.confirmPassword, { exact: true }).fill("journey-one");
      await page.getByLabel(new RegExp(`^${escapeRegExp(a.signUp.acceptTerms)}`)).check();
      await main.getByRole("button", { name: a.signUp.submit, exact: true }).click();
      await expect(toast(c.success.validationEmailSent)).toBeVisible();
      const notice = page.getByRole("complementary", { name: c.account.validationNotice });
      await expect(notice).toBeVisible();

      // Read the mail, follow its link: the address is validated.
      const validation = new URL(await latestLink(email));
      await page.goto(`${validation.pathname}${validation.search}`);
      await expect(toast(c.success.emailValidated)).toBeVisible();
      await expect(notice).toHaveCount(0);

      // Sign out, then back in with 'stay connected': the cookie outlives the browser session.
      await nav.getByRole("button", { name: c.nav.signOut }).first().click();
      await expect(toast(c.success.signedOut)).toBeVisible();
      expect((await page.context().cookies()).find((cookie) => cookie.name === "__session")).toBeUndefined();
      await page.goto(`/sign-in?lng=${language}`);
      await expectAccessible(page);
      await whenReady(page);
      await page.getByLabel(a.signIn.email, { exact: true }).fill(email);
      await page.getByLabel(a.signIn.password, { exact: true }).fill("journey-one");
      await page.getByLabel(a.signIn.stayConnected).check();
      await main.getByRole("button", { name: a.signIn.submit, exact: true }).click();
      await expect(toast(interpolate(c.success.welcome, { name }))).toBeVisible();
      const session = (await page.context().cookies()).find((cookie) => cookie.name === "__session");
      expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      // Change the password.
      await page.goto(`/change-password?lng=${language}`);
      await expectAccessible(page);
      await whenReady(page);
      await page.getByLabel(a.change.currentPassword, { exact: true }).fill("journey-one");
      await page.getByLabel(a.change.newPassword, { exact: true }).fill("journey-two");
      await page.getByLabel(a.change.confirmPassword, { exact: true }).fill("journey-two");
      await main.getByRole("button", { name: a.change.submit, exact: true }).click();
      await expect(toast(c.success.passwordChanged)).toBeVisible();
      // A new session for the new password, still one that outlives the browser, as chosen at sign-in.
      const renewed = (await page.context().cookies()).find((cookie) => cookie.name === "__session");
      expect(renewed!.value).not.toBe(session!.value);
      expect(renewed!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      // Forget it: reset it through the mail.
      await nav.getByRole("button", { name: c.nav.signOut }).first().click();
      await expect(toast(c.success.signedOut)).toBeVisible();
      await page.goto(`/forgot-password?lng=${language}`);
      await whenReady(page);
      await page.getByLabel(a.forgot.email, { exact: true }).fill(email);
      await main.getByRole("button", { name: a.forgot.submit, exact: true }).click();
      await expect(toast(c.success.resetEmailSent)).toBeVisible();
      const reset = new URL(await latestLink(email, "reset-password"));
      await page.goto(`${reset.pathname}${reset.search}`);
      await expectAccessible(page);
      await whenReady(page);
      await page.getByLabel(a.reset.newPassword, { exact: true }).fill("journey-three");
      await page.getByLabel(a.reset.confirmPassword, { exact: true }).fill("journey-three");
      await main.getByRole("button", { name: a.reset.submit, exact: true }).click();
      await expect(toast(c.success.passwordChanged)).toBeVisible();

      // Settings, including a profile picture.
      await nav.getByRole("link", { name: c.nav.settings }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.settings.heading);
      await whenReady(page);
      const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3a7bd5" } })
        .jpeg()
        .toBuffer();
      await page
        .getByLabel(a.settings.chooseImage)
        .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: picture });
      await main.getByRole("button", { name: a.settings.uploadAvatar }).click();
      await expect(toast(c.success.settingsUpdated)).toBeVisible();
      await expect(page.getByRole("img", { name: a.settings.avatarAlt })).toBeVisible();
      await expectAccessible(page);

      // Only the password set through the mail opens the account now.
      await page.context().clearCookies();
      for (const [password, welcomed] of [
        ["journey-two", false],
        ["journey-three", true],
      ] as const) {
        await page.goto(`/sign-in?lng=${language}`);
        await whenReady(page);
        await page.getByLabel(a.signIn.email, { exact: true }).fill(email);
        await page.getByLabel(a.signIn.password, { exact: true }).fill(password);
        await main.getByRole("button", { name: a.signIn.submit, exact: true }).click();
        if (welcomed) await expect(toast(interpolate(c.success.welcome, { name }))).toBeVisible();
        else await expect(page.getByText(c.errors.incorrectCredentials)).toBeVisible();
      }
    },
  );
}

/** The session cookie a request context holds, if any. */
const sessionCookie = async (context: APIRequestContext) =>
  (await context.storageState()).cookies.find((cookie) => cookie.name === "__session");

for (const { language } of languagesWalkedBy("twin")) {
  test(
    `without scripting, one driver's whole account journey in ${language}: sign up, mail, validate, sign out, stay connected, change, reset, settings`,
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }, testInfo) => {
      const { a, c } = CATALOGUES[language];
      const email = `journey-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
      const name = "Jordan Journey";
      const user = new NoScriptUser(request, baseURL!);
      const main = () => user.getByRole("main");
      const signOut = () =>
        user
          .getByRole("navigation", { name: c.nav.mainMenu })
          .getByRole("button", { name: c.nav.signOut })
          .first()
          .click();
      const toast = (text: string) => user.getByRole("status").getByText(text).count();

      await user.goto(`/sign-up?lng=${language}`);
      user.getByLabel(a.signUp.fullName, { exact: true }).fill(name);
      user.getByLabel(a.signUp.email, { exact: true }).fill(email);
      user.getByLabel(a.signUp.phone, { exact: true }).fill("+33 6 55 44 33 22");
      user.getByLabel(a.signUp.birthDate, { exact: true }).fill("1988-09-30");
      user.getByLabel(a.signUp.password, { exact: true }).fill("journey-one");
      user.getByLabel(a.signUp.confirmPassword, { exact: true }).fill("journey-one");
      user.getByLabel(new RegExp(`^${escapeRegExp(a.signUp.acceptTerms)}`)).check();
      await main().getByRole("button", { name: a.signUp.submit, exact: true }).click();
      expect(toast(c.success.validationEmailSent)).toBe(1);
      const notice = () => user.getByRole("complementary", { name: c.account.validationNotice }).count();
      expect(notice()).toBe(1);

      const validation = new URL(await latestLink(email));
      await user.goto(`${validation.pathname}${validation.search}`);
      expect(toast(c.success.emailValidated)).toBe(1);
      expect(notice()).toBe(0);

      // Sign out, then back in with 'stay connected': the cookie outlives the browser session.
      await signOut();
      expect(toast(c.success.signedOut)).toBe(1);
      expect(await sessionCookie(request)).toBeUndefined();
      await user.goto(`/sign-in?lng=${language}`);
      user.getByLabel(a.signIn.email, { exact: true }).fill(email);
      user.getByLabel(a.signIn.password, { exact: true }).fill("journey-one");
      user.getByLabel(a.signIn.stayConnected).check();
      await main().getByRole("button", { name: a.signIn.submit, exact: true }).click();
      expect(toast(interpolate(c.success.welcome, { name }))).toBe(1);
      const session = await sessionCookie(request);
      expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      await user.goto(`/change-password?lng=${language}`);
      user.getByLabel(a.change.currentPassword, { exact: true }).fill("journey-one");
      user.getByLabel(a.change.newPassword, { exact: true }).fill("journey-two");
      user.getByLabel(a.change.confirmPassword, { exact: true }).fill("journey-two");
      await main().getByRole("button", { name: a.change.submit, exact: true }).click();
      expect(toast(c.success.passwordChanged)).toBe(1);
      const renewed = await sessionCookie(request);
      expect(renewed!.value).not.toBe(session!.value);
      expect(renewed!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      await signOut();
      expect(toast(c.success.signedOut)).toBe(1);
      await user.goto(`/forgot-password?lng=${language}`);
      user.getByLabel(a.forgot.email, { exact: true }).fill(email);
      await main().getByRole("button", { name: a.forgot.submit, exact: true }).click();
      expect(toast(c.success.resetEmailSent)).toBe(1);
      const reset = new URL(await latestLink(email, "reset-password"));
      await user.goto(`${reset.pathname}${reset.search}`);
      user.getByLabel(a.reset.newPassword, { exact: true }).fill("journey-three");
      user.getByLabel(a.reset.confirmPassword, { exact: true }).fill("journey-three");
      await main().getByRole("button", { name: a.reset.submit, exact: true }).click();
      expect(toast(c.success.passwordChanged)).toBe(1);

      await user
        .getByRole("navigation", { name: c.nav.mainMenu })
        .getByRole("link", { name: c.nav.settings })
        .first()
        .click();
      expect(user.heading()).toBe(a.settings.heading);
      const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3a7bd5" } })
        .jpeg()
        .toBuffer();
      user
        .getByLabel(a.settings.chooseImage)
        .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: picture });
      await main().getByRole("button", { name: a.settings.uploadAvatar }).click();
      expect(toast(c.success.settingsUpdated)).toBe(1);
      expect(user.getByRole("img", { name: a.settings.avatarAlt }).count()).toBeGreaterThan(0);

      // Only the password set through the mail opens the account now, in a browser with no cookies.
      const fresh = await requests.newContext({ baseURL });
      const stranger = new NoScriptUser(fresh, baseURL!);
      for (const [password, welcomed] of [
        ["journey-two", false],
        ["journey-three", true],
      ] as const) {
        await stranger.goto(`/sign-in?lng=${language}`);
        stranger.getByLabel(a.signIn.email, { exact: true }).fill(email);
        stranger.getByLabel(a.signIn.password, { exact: true }).fill(password);
        await stranger.getByRole("main").getByRole("button", { name: a.signIn.submit, exact: true }).click();
        if (welcomed)
          expect(stranger.getByRole("status").getByText(interpolate(c.success.welcome, { name })).count()).toBe(1);
        else expect(stranger.getByText(c.errors.incorrectCredentials).count()).toBeGreaterThan(0);
      }
      await fresh.dispose();
    },
  );
}
