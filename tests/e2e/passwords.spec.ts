import { expect, test, type Page } from "@playwright/test";
import { bookingTexts, expectAccessible, gotoReady, jsEnabled, latestLink, signedInDriver, whenReady } from "./support";
import { newUser, signUpWithoutScript } from "./no-script-user";

async function submit(page: Page, name: string) {
  await page.getByRole("main").getByRole("button", { name, exact: true }).click();
}

test("forgot, reset and change a password through the mail", { tag: "@js-on-only" }, async ({ page }, testInfo) => {
  const email = `pat-${testInfo.project.name}-${Date.now()}@example.com`;
  // A fresh account, so the demo driver's password never changes under other tests.
  await signedInDriver(page, {
    fullName: "Pat Reset",
    email,
    phone: "+34 600 111 222",
    birthDate: "1985-07-01",
    password: "first-pass",
  });
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Sign out" }).first().click();
  await expect(page.getByRole("status").getByText("You are signed out.")).toBeVisible();

  await page.goto("/sign-in?lng=en");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
  await expectAccessible(page);
  await whenReady(page);
  await page.getByLabel("Email address").fill("nobody-here@example.com");
  await submit(page, "Send the link");
  await expect(page.getByText("Email address not registered", { exact: true })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await submit(page, "Send the link");
  await expect(page.getByRole("status").getByText("Password reset email sent")).toBeVisible();

  const link = new URL(await latestLink(email, "reset-password"));
  await page.goto(`${link.pathname}${link.search}&lng=fr`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choisissez un nouveau mot de passe");
  await whenReady(page);
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("second-pass");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("other-pass");
  await submit(page, "Enregistrer le mot de passe");
  await expect(page.getByText("Les mots de passe ne correspondent pas", { exact: true })).toBeVisible();
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("second-pass");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("second-pass");
  await submit(page, "Enregistrer le mot de passe");
  await expect(page.getByRole("status").getByText("Mot de passe modifié avec succès")).toBeVisible();
  // Following the link validated the address too.
  await expect(page.getByRole("complementary")).toHaveCount(0);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}&lng=en`);
  await expect(page.getByRole("alert")).toHaveText("This link is not valid or has expired.");

  await page.goto("/change-password?lng=en");
  await whenReady(page);
  await page.getByLabel("Current password").fill("first-pass");
  await page.getByLabel("New password", { exact: true }).fill("third-pass");
  await page.getByLabel("Confirm the new password").fill("third-pass");
  await submit(page, "Change the password");
  await expect(page.getByText("Wrong password", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Current password").fill("second-pass");
  await page.getByLabel("New password", { exact: true }).fill("third-pass");
  await page.getByLabel("Confirm the new password").fill("third-pass");
  await submit(page, "Change the password");
  await expect(page.getByRole("status").getByText("Password changed successfully")).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/sign-in?lng=en");
  await whenReady(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("third-pass");
  await submit(page, "Sign in");
  await expect(page.getByRole("status").getByText("Welcome back, Pat Reset!")).toBeVisible();
});

/*
 * The same flow with scripting off, on the script-less user agent (decision 047): every step is a form posted and a
 * document read; the run above keeps hydration and axe.
 */
test(
  "without scripting, forgot, reset and change a password through the mail",
  { tag: "@js-off-only" },
  async ({ baseURL }) => {
    const email = `pat-nojs-${Date.now()}@example.com`;
    const { user, done } = await newUser(baseURL!);
    await signUpWithoutScript(user, {
      fullName: "Pat Reset",
      email,
      phone: "+34 600 111 222",
      birthDate: "1985-07-01",
      password: "first-pass",
    });
    await user.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "Sign out" }).first().click();
    expect(user.getByRole("status").getByText("You are signed out.").count()).toBe(1);

    await user.goto("/sign-in?lng=en");
    await user.getByRole("link", { name: "Forgot your password?" }).click();
    expect(user.heading()).toBe("Reset your password");
    user.getByLabel("Email address").fill("nobody-here@example.com");
    await user.getByRole("main").getByRole("button", { name: "Send the link", exact: true }).click();
    expect(user.getByText("Email address not registered", { exact: true }).count()).toBe(1);
    user.getByLabel("Email address").fill(email);
    await user.getByRole("main").getByRole("button", { name: "Send the link", exact: true }).click();
    expect(user.getByRole("status").getByText("Password reset email sent").count()).toBe(1);

    const link = new URL(await latestLink(email, "reset-password"));
    await user.goto(`${link.pathname}${link.search}&lng=fr`);
    expect(user.heading()).toBe("Choisissez un nouveau mot de passe");
    const save = () =>
      user.getByRole("main").getByRole("button", { name: "Enregistrer le mot de passe", exact: true }).click();
    user.getByLabel("Nouveau mot de passe", { exact: true }).fill("second-pass");
    user.getByLabel("Confirmez le nouveau mot de passe").fill("other-pass");
    await save();
    expect(user.getByText("Les mots de passe ne correspondent pas", { exact: true }).count()).toBe(1);
    user.getByLabel("Nouveau mot de passe", { exact: true }).fill("second-pass");
    user.getByLabel("Confirmez le nouveau mot de passe").fill("second-pass");
    await save();
    expect(user.getByRole("status").getByText("Mot de passe modifié avec succès").count()).toBe(1);
    // Following the link validated the address too.
    expect(user.getByRole("complementary").count()).toBe(0);

    // The link works once.
    await user.goto(`${link.pathname}${link.search}&lng=en`);
    expect(user.getByRole("alert").text()).toBe("This link is not valid or has expired.");

    await user.goto("/change-password?lng=en");
    const change = () =>
      user.getByRole("main").getByRole("button", { name: "Change the password", exact: true }).click();
    user.getByLabel("Current password").fill("first-pass");
    user.getByLabel("New password", { exact: true }).fill("third-pass");
    user.getByLabel("Confirm the new password").fill("third-pass");
    await change();
    expect(user.getByText("Wrong password", { exact: true }).count()).toBe(1);
    user.getByLabel("Current password").fill("second-pass");
    user.getByLabel("New password", { exact: true }).fill("third-pass");
    user.getByLabel("Confirm the new password").fill("third-pass");
    await change();
    expect(user.getByRole("status").getByText("Password changed successfully").count()).toBe(1);
    await done();

    // A browser of its own: no cookie from the session above.
    const { user: later, done: laterDone } = await newUser(baseURL!);
    await later.goto("/sign-in?lng=en");
    later.getByLabel("Email address").fill(email);
    later.getByLabel("Password").fill("third-pass");
    await later.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
    expect(later.getByRole("status").getByText("Welcome back, Pat Reset!").count()).toBe(1);
    await laterDone();
  },
);

test(
  "a refused post says when to come back: the current-password check, guessed too often, answers 429 with Retry-After and the form",
  { tag: "@js-on-only" },
  async ({ page }) => {
    // @js-on-only: a plain form post either way: one run is enough
    await signedInDriver(page, {
      fullName: "Gus Guess",
      email: `guess-${Date.now()}@example.com`,
      phone: "+34 600 111 333",
      birthDate: "1984-04-04",
      password: "right-pass-1",
    });
    const origin = new URL(page.url()).origin;
    const guess = (attempt: number) =>
      page.request.post("/change-password?lng=en", {
        headers: { Origin: origin },
        form: { currentPassword: `wrong-${attempt}`, password: "new-pass-123", confirmPassword: "new-pass-123" },
      });
    let attempt = 0;
    let answer = await guess(attempt);
    while (answer.status() === 400 && attempt < 20) answer = await guess(++attempt);
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(60);
    expect(await answer.text()).toContain("Too many attempts");
  },
);

for (const language of ["en", "fr"] as const)
  test(`in ${language}, every password field has a "Show password" toggle with JavaScript, and stays a plain password field without`, async ({
    page,
  }) => {
    const { c } = bookingTexts(language);
    const label = language === "en" ? "Password" : "Mot de passe";
    await gotoReady(page, `/sign-in?lng=${language}`);
    const field = page.getByLabel(label, { exact: true });
    await field.fill("not-a-real-secret");
    await expect(field).toHaveAttribute("type", "password");
    const toggle = page.getByRole("button", { name: c.account.showPassword });
    if (!jsEnabled()) {
      await expect(toggle).toHaveCount(0);
      return;
    }
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(field).toHaveAttribute("type", "text");
    await expect(field).toHaveValue("not-a-real-secret");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
    await toggle.click();
    await expect(field).toHaveAttribute("type", "password");
    // The sign-up form's two password fields each have their own.
    await gotoReady(page, `/sign-up?lng=${language}`);
    await expect(page.getByRole("button", { name: c.account.showPassword })).toHaveCount(2);
  });
