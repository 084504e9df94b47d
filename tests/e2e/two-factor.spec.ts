/**
 * Two-factor sign-in as a person meets it (decision 043), with JavaScript on and off: an app added from the settings
 * by its QR code or its key as text, ten recovery codes shown once, sign-in asking for the code on a second plain
 * form (in French here), a wrong code refused in words, a recovery code spent, the app turned off with a code.
 */
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { expectAccessible, signedInDriver, whenReady } from "./support";
import { NoScriptUser, signUpWithoutScript } from "./no-script-user";

const codeAt = (secret: string, secondsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + secondsAhead });

async function signOut(page: Page) {
  await page
    .getByRole("navigation", { name: /^(Main menu|Menu principal)$/ })
    .getByRole("button", { name: /^(Sign out|Se déconnecter)$/ })
    .first()
    .click();
  await expect(page.getByRole("status").getByText(/signed out|déconnecté/)).toBeVisible();
}

async function passwordStep(page: Page, email: string, password: string, language: "en" | "fr") {
  await page.goto(`/sign-in?lng=${language}`);
  await whenReady(page);
  await page.getByLabel(language === "en" ? "Email address" : "Adresse e-mail", { exact: true }).fill(email);
  await page.getByLabel(language === "en" ? "Password" : "Mot de passe", { exact: true }).fill(password);
  await page
    .getByRole("main")
    .getByRole("button", { name: language === "en" ? "Sign in" : "Se connecter", exact: true })
    .click();
}

test(
  "an authenticator app guards the account; a recovery code opens it once",
  {
    tag: "@js-on-only",
  },
  async ({ page }, testInfo) => {
    const email = `two-factor-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
    const password = "second-factor-pass";
    await signedInDriver(page, {
      fullName: "Tess Twofactor",
      email,
      phone: "+33 6 12 34 56 78",
      birthDate: "1988-07-02",
      password,
    });

    await page.goto("/settings?lng=en");
    await page.getByRole("main").getByRole("link", { name: "Two-factor sign-in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-factor sign-in");
    await whenReady(page);
    await page.getByRole("button", { name: "Add an authenticator app" }).click();

    // The QR code is an image with a name; the same key is text, in groups of four, for whoever cannot scan.
    await expect(page.getByRole("img", { name: "QR code holding the key below" })).toBeVisible();
    const key = ((await page.locator(".two-factor-key").textContent()) ?? "").replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);

    // A wrong code first: refused on its field, in words.
    await whenReady(page);
    await page.getByLabel("Code", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByText("This code is not right, or was already used.").first()).toBeVisible();
    await whenReady(page);
    await page.getByLabel("Code", { exact: true }).fill(await codeAt(key));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = page.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCode = ((await codes.nth(0).textContent()) ?? "").trim();
    expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expect(page.getByText("10 recovery codes left.")).toBeVisible();
    await expectAccessible(page);

    // Signing in again: the password alone opens nothing; the code page is a second plain form, in French here.
    await signOut(page);
    await passwordStep(page, email, password, "fr");
    await expect(page).toHaveURL(/\/sign-in\/code$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Saisissez le code de votre application d’authentification",
    );
    await expectAccessible(page);
    expect((await page.context().cookies()).find((cookie) => cookie.name === "__session")).toBeUndefined();
    await whenReady(page);
    await page.getByLabel("Code", { exact: true }).fill("123456");
    await page.getByRole("main").getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByText("Ce code n’est pas le bon, ou a déjà servi.").first()).toBeVisible();
    await whenReady(page);
    await page.getByLabel("Code", { exact: true }).fill(recoveryCode.toUpperCase());
    await page.getByRole("main").getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByRole("status").getByText("Il vous reste 9 codes.")).toBeVisible();

    // Turned off with a code from the app (the next window's: the one that turned it on is spent).
    await page.goto("/settings/two-factor?lng=en");
    await expect(page.getByText("9 recovery codes left.")).toBeVisible();
    await whenReady(page);
    const turnOff = page.getByRole("region", { name: "Turn off two-factor sign-in" });
    await turnOff.getByLabel("Code", { exact: true }).fill(await codeAt(key, 30));
    await turnOff.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("status").getByText("Two-factor sign-in is off")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add an authenticator app" })).toBeVisible();

    // And the password alone signs in again.
    await signOut(page);
    await passwordStep(page, email, password, "en");
    await expect(page.getByRole("status").getByText("Welcome back, Tess Twofactor!")).toBeVisible();
  },
);

/** The same with scripting off, on the script-less user agent (decision 047): each step a plain form. */
test(
  "without scripting, an authenticator app guards the account; a recovery code opens it once",
  {
    tag: "@js-off-only",
  },
  async ({ request, baseURL }, testInfo) => {
    const email = `two-factor-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
    const password = "second-factor-pass";
    const user = new NoScriptUser(request, baseURL!);
    const signOutWithoutScript = async () => {
      await user
        .getByRole("navigation", { name: /^(Main menu|Menu principal)$/ })
        .getByRole("button", { name: /^(Sign out|Se déconnecter)$/ })
        .first()
        .click();
      expect(
        user
          .getByRole("status")
          .getByText(/signed out|déconnecté/)
          .count(),
      ).toBe(1);
    };
    const passwordStepWithoutScript = async (language: "en" | "fr") => {
      await user.goto(`/sign-in?lng=${language}`);
      user.getByLabel(language === "en" ? "Email address" : "Adresse e-mail", { exact: true }).fill(email);
      user.getByLabel(language === "en" ? "Password" : "Mot de passe", { exact: true }).fill(password);
      await user
        .getByRole("main")
        .getByRole("button", { name: language === "en" ? "Sign in" : "Se connecter", exact: true })
        .click();
    };
    await signUpWithoutScript(user, {
      fullName: "Tess Twofactor",
      email: email,
      phone: "+33 6 12 34 56 78",
      birthDate: "1988-07-02",
      password: password,
    });

    await user.goto("/settings?lng=en");
    await user.getByRole("main").getByRole("link", { name: "Two-factor sign-in" }).click();
    expect(user.heading()).toBe("Two-factor sign-in");
    await user.getByRole("button", { name: "Add an authenticator app" }).click();
    expect(user.getByRole("img", { name: "QR code holding the key below" }).count()).toBe(1);
    const key = user.locator(".two-factor-key").text().replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    user.getByLabel("Code", { exact: true }).fill("000000");
    await user.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    expect(user.getByText("This code is not right, or was already used.").count()).toBeGreaterThan(0);
    user.getByLabel("Code", { exact: true }).fill(await codeAt(key));
    await user.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = user.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
    expect(codes.count()).toBe(10);
    const recoveryCode = codes.nth(0).text();
    expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(user.getByText("10 recovery codes left.").count()).toBe(1);

    await signOutWithoutScript();
    await passwordStepWithoutScript("fr");
    expect(user.path).toBe("/sign-in/code");
    expect(user.heading()).toBe("Saisissez le code de votre application d’authentification");
    expect((await request.storageState()).cookies.find((cookie) => cookie.name === "__session")).toBeUndefined();
    user.getByLabel("Code", { exact: true }).fill("123456");
    await user.getByRole("main").getByRole("button", { name: "Se connecter", exact: true }).click();
    expect(user.getByText("Ce code n’est pas le bon, ou a déjà servi.").count()).toBeGreaterThan(0);
    user.getByLabel("Code", { exact: true }).fill(recoveryCode.toUpperCase());
    await user.getByRole("main").getByRole("button", { name: "Se connecter", exact: true }).click();
    expect(user.getByRole("status").getByText("Il vous reste 9 codes.").count()).toBe(1);

    await user.goto("/settings/two-factor?lng=en");
    expect(user.getByText("9 recovery codes left.").count()).toBe(1);
    const turnOff = user.getByRole("region", { name: "Turn off two-factor sign-in" });
    turnOff.getByLabel("Code", { exact: true }).fill(await codeAt(key, 30));
    await turnOff.getByRole("button", { name: "Turn off" }).click();
    expect(user.getByRole("status").getByText("Two-factor sign-in is off").count()).toBe(1);
    expect(user.getByRole("button", { name: "Add an authenticator app" }).count()).toBe(1);

    await signOutWithoutScript();
    await passwordStepWithoutScript("en");
    expect(user.getByRole("status").getByText("Welcome back, Tess Twofactor!").count()).toBe(1);
  },
);
