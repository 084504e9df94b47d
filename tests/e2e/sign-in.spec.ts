import { expect, request as requests, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, gotoReady, jsEnabled, whenReady } from "./support";
import { NoScriptUser } from "./no-script-user";

const DRIVER = { email: "driver@rentacar.example", password: "drive-safely-2026" };

async function signIn(page: Page, email: string, password: string, stayConnected = false) {
  await whenReady(page);
  await page.getByLabel(/^(Email address|Adresse e-mail|Correo electrónico)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe|Contraseña)$/).fill(password);
  if (stayConnected) await page.getByLabel(/^(Stay connected|Rester connecté)$/).check();
  await page
    .getByRole("main")
    .getByRole("button", { name: /^(Sign in|Se connecter|Iniciar sesión)$/ })
    .click();
}

const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === "__session");

test.describe("sign-in", () => {
  test("stay connected keeps a persistent session; sign-out ends it", { tag: "@js-on-only" }, async ({ page }) => {
    await page.goto("/sign-in?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
    await expectAccessible(page);
    await signIn(page, DRIVER.email, DRIVER.password, true);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").getByText("Welcome back, Alex Martin!")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await expect(nav.getByRole("link", { name: "Bookings" }).first()).toBeAttached();
    const cookie = await sessionCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    // 30 days, give or take the test's own duration.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    await nav.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page.getByRole("status").getByText("You are signed out.")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign in" }).first()).toBeAttached();
    await page.goto("/sign-in?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
  });

  test(
    "without stay connected the session ends with the browser, and a new session id is issued",
    { tag: "@js-on-only" },
    async ({ page }) => {
      await page.goto("/sign-in?lng=en");
      await page.context().addCookies([{ name: "__session", value: "forged.value", url: page.url() }]);
      await signIn(page, DRIVER.email, DRIVER.password);
      await expect(page.getByRole("status").getByText("Welcome back, Alex Martin!")).toBeVisible();
      const cookie = await sessionCookie(page);
      expect(cookie?.expires).toBe(-1);
      expect(cookie?.value).not.toBe("forged.value");
    },
  );

  test("comes back to the page that asked, and never leaves the site", { tag: "@js-on-only" }, async ({ page }) => {
    await gotoReady(page, "/search?pickup=hammamet&lng=en");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Sign in" }).first().click();
    await expect(page).toHaveURL(/redirectTo=%2Fsearch/);
    await signIn(page, DRIVER.email, DRIVER.password);
    await expect(page).toHaveURL(/\/search\?pickup=hammamet/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars at Hammamet");

    await page.context().clearCookies();
    await page.goto("/sign-in?lng=en&redirectTo=https%3A%2F%2Fevil.example%2F");
    await signIn(page, DRIVER.email, DRIVER.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    // A path that becomes '//evil.example' once its dot-segments resolve: signed in, and already signed in.
    await page.context().clearCookies();
    await page.goto("/sign-in?lng=en&redirectTo=%2F.%2F%2Fevil.example%2F");
    await signIn(page, DRIVER.email, DRIVER.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.goto("/sign-in?redirectTo=%2Fa%2F..%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test(
    "wrong password and suspended account get translated messages, keeping the address",
    { tag: "@js-on-only" },
    async ({ page }) => {
      await page.goto("/sign-in?lng=fr");
      await signIn(page, DRIVER.email, "not the password");
      await expect(page.getByText("E-mail ou mot de passe incorrect")).toBeVisible();
      await expect(page.getByLabel("Adresse e-mail")).toHaveValue(DRIVER.email);
      // The server never sends a password back (with JavaScript the browser keeps what was typed in place).
      if (!jsEnabled()) await expect(page.getByLabel("Mot de passe")).toHaveValue("");
      await expectAccessible(page);

      await page.goto("/sign-in?lng=en");
      await signIn(page, "suspended@rentacar.example", DRIVER.password);
      await expect(page.getByText("Your account is suspended.")).toBeVisible();
    },
  );

  test(
    "a flood of attempts on one account is stopped with a translated message",
    { tag: "@js-on-only" },
    async ({ page }, testInfo) => {
      const email = `flood-${testInfo.project.name}@example.com`;
      await page.goto("/sign-in?lng=es");
      for (let attempt = 0; attempt < 8; attempt++) {
        await signIn(page, email, `guess-${attempt}`);
        await expect(page.getByText("Correo electrónico o contraseña incorrectos")).toBeVisible();
      }
      await signIn(page, email, "guess-9");
      await expect(page.getByText(/^Demasiados intentos\. Inténtelo de nuevo dentro de \d+ minutos?\.$/)).toBeVisible();
    },
  );
});

/*
 * The same checks with scripting off, on the script-less user agent (decision 047): the forms posted as a
 * script-less browser posts them, cookies read from the request context. The browser's runs keep axe and hydration.
 */

async function signInWithoutScript(user: NoScriptUser, email: string, password: string, stayConnected = false) {
  user.getByLabel(/^(Email address|Adresse e-mail|Correo electrónico)$/).fill(email);
  user.getByLabel(/^(Password|Mot de passe|Contraseña)$/).fill(password);
  if (stayConnected) user.getByLabel(/^(Stay connected|Rester connecté)$/).check();
  await user
    .getByRole("main")
    .getByRole("button", { name: /^(Sign in|Se connecter|Iniciar sesión)$/ })
    .click();
}

const sessionCookieOf = async (context: APIRequestContext) =>
  (await context.storageState()).cookies.find((cookie) => cookie.name === "__session");

/** A browser of its own (its own cookies), closed when `walk` ends. */
async function withNewUser(baseURL: string, walk: (user: NoScriptUser, context: APIRequestContext) => Promise<void>) {
  const context = await requests.newContext({ baseURL });
  try {
    await walk(new NoScriptUser(context, baseURL), context);
  } finally {
    await context.dispose();
  }
}

test.describe("sign-in without scripting", () => {
  test(
    "stay connected keeps a persistent session; sign-out ends it",
    { tag: "@js-off-only" },
    async ({ request, baseURL }) => {
      const user = new NoScriptUser(request, baseURL!);
      await user.goto("/sign-in?lng=en");
      expect(user.heading()).toBe("Sign in to your account");
      await signInWithoutScript(user, DRIVER.email, DRIVER.password, true);
      expect(user.path).toBe("/");
      expect(user.getByRole("status").getByText("Welcome back, Alex Martin!").count()).toBe(1);
      const nav = () => user.getByRole("navigation", { name: "Main menu" });
      expect(nav().getByRole("link", { name: "Bookings" }).count()).toBeGreaterThan(0);
      const cookie = await sessionCookieOf(request);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Lax");
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      await nav().getByRole("button", { name: "Sign out" }).first().click();
      expect(user.getByRole("status").getByText("You are signed out.").count()).toBe(1);
      expect(nav().getByRole("link", { name: "Sign in" }).count()).toBeGreaterThan(0);
      expect(await sessionCookieOf(request)).toBeUndefined();
    },
  );

  test(
    "without stay connected the session ends with the browser, and a new session id is issued",
    {
      tag: "@js-off-only",
    },
    async ({ baseURL }) => {
      const origin = new URL(baseURL!);
      const context = await requests.newContext({
        baseURL,
        storageState: {
          cookies: [
            {
              name: "__session",
              value: "forged.value",
              domain: origin.hostname,
              path: "/",
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: "Lax",
            },
          ],
          origins: [],
        },
      });
      const user = new NoScriptUser(context, baseURL!);
      await user.goto("/sign-in?lng=en");
      await signInWithoutScript(user, DRIVER.email, DRIVER.password);
      expect(user.getByRole("status").getByText("Welcome back, Alex Martin!").count()).toBe(1);
      const cookie = await sessionCookieOf(context);
      expect(cookie?.expires).toBe(-1);
      expect(cookie?.value).not.toBe("forged.value");
      await context.dispose();
    },
  );

  test("comes back to the page that asked, and never leaves the site", { tag: "@js-off-only" }, async ({ baseURL }) => {
    await withNewUser(baseURL!, async (user) => {
      await user.goto("/search?pickup=hammamet&lng=en");
      await user.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Sign in" }).first().click();
      expect(user.path).toMatch(/redirectTo=%2Fsearch/);
      await signInWithoutScript(user, DRIVER.email, DRIVER.password);
      expect(user.path).toMatch(/^\/search\?pickup=hammamet/);
      expect(user.heading()).toBe("Cars at Hammamet");
    });
    await withNewUser(baseURL!, async (user) => {
      await user.goto("/sign-in?lng=en&redirectTo=https%3A%2F%2Fevil.example%2F");
      await signInWithoutScript(user, DRIVER.email, DRIVER.password);
      expect(user.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    });
    await withNewUser(baseURL!, async (user) => {
      await user.goto("/sign-in?lng=en&redirectTo=%2F.%2F%2Fevil.example%2F");
      await signInWithoutScript(user, DRIVER.email, DRIVER.password);
      expect(user.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      await user.goto("/sign-in?redirectTo=%2Fa%2F..%2F%2Fevil.example%2F");
      expect(user.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    });
  });

  test(
    "wrong password and suspended account get translated messages, keeping the address",
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }) => {
      const user = new NoScriptUser(request, baseURL!);
      await user.goto("/sign-in?lng=fr");
      await signInWithoutScript(user, DRIVER.email, "not the password");
      expect(user.getByText("E-mail ou mot de passe incorrect").count()).toBeGreaterThan(0);
      expect(user.getByLabel("Adresse e-mail").value()).toBe(DRIVER.email);
      // The server never sends a password back.
      expect(user.getByLabel("Mot de passe").value()).toBe("");
      await user.goto("/sign-in?lng=en");
      await signInWithoutScript(user, "suspended@rentacar.example", DRIVER.password);
      expect(user.getByText("Your account is suspended.").count()).toBeGreaterThan(0);
    },
  );

  test(
    "a flood of attempts on one account is stopped with a translated message",
    {
      tag: "@js-off-only",
    },
    async ({ request, baseURL }, testInfo) => {
      const email = `flood-${testInfo.project.name}@example.com`;
      const user = new NoScriptUser(request, baseURL!);
      await user.goto("/sign-in?lng=es");
      for (let attempt = 0; attempt < 8; attempt++) {
        await signInWithoutScript(user, email, `guess-${attempt}`);
        expect(user.getByText("Correo electrónico o contraseña incorrectos").count()).toBeGreaterThan(0);
      }
      await signInWithoutScript(user, email, "guess-9");
      expect(
        user.getByText(/^Demasiados intentos\. Inténtelo de nuevo dentro de \d+ minutos?\.$/).count(),
      ).toBeGreaterThan(0);
    },
  );
});
