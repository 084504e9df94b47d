import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, gotoReady } from "./support";

// The local OpenID provider the e2e server started (playwright.config.ts chose its port).
const PROVIDER_PORT = process.env.E2E_OIDC_PORT!;

/** Goes through the local OpenID provider's pages (login, consent, form post) until the browser is back. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.port === PROVIDER_PORT);
  for (let step = 0; step < 6 && new URL(page.url()).port === PROVIDER_PORT; step++) {
    if (await page.locator('input[name="login"]').count()) {
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill("any-password");
      await page.getByRole("button", { name: "Sign-in" }).click();
    } else if (await page.getByRole("button", { name: "Continue" }).count()) {
      await page.getByRole("button", { name: "Continue" }).click();
    }
    await page.waitForLoadState();
  }
}

async function startAt(page: Page, path: string, button: string) {
  await gotoReady(page, path);
  await page.getByRole("button", { name: button }).click();
}

test("Google creates a validated account and returns to the page that asked", async ({ page }, testInfo) => {
  const email = `olivia-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/sign-in?lng=en");
  await expectAccessible(page);
  await startAt(page, "/sign-in?redirectTo=%2Fsettings", "Continue with Google");
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("status").getByText("Welcome, Olivia Provider! Your account is ready.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Olivia Provider");
  await expect(page.getByText(email)).toBeVisible();
  // The provider vouched for the address: no validation notice.
  await expect(page.getByRole("complementary")).toHaveCount(0);
  // No password yet: the change-password page lets the account choose its first one.
  await page.getByRole("link", { name: "Change your password" }).click();
  await expect(page.getByLabel("Current password")).toHaveCount(0);
});

test("Apple (a cross-site form post) opens the existing account with the same verified address, in French", async ({
  page,
}) => {
  const callback = page.waitForRequest((request) => request.url().includes("/auth/apple/callback"));
  await startAt(page, "/sign-in?lng=fr", "Continuer avec Apple");
  await signInAtProvider(page, "driver@rentacar.example");
  expect((await callback).method()).toBe("POST");
  await expect(page.getByRole("status").getByText(/Bon retour/)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByRole("button", { name: "Déconnexion" }).first(),
  ).toBeVisible();
});

test("an unverified address and a suspended account are refused with clear messages", async ({ page }) => {
  await startAt(page, "/sign-in?lng=en", "Continue with Facebook");
  await signInAtProvider(page, "unverified-someone@example.com");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(
    page
      .getByRole("status")
      .getByText("Your Facebook account has no verified e-mail address. Please sign up with your e-mail address."),
  ).toBeVisible();

  await page.context().clearCookies();
  await startAt(page, "/sign-in?lng=en", "Continue with Google");
  await signInAtProvider(page, "suspended@rentacar.example");
  await expect(page.getByRole("status").getByText("Your account is suspended.")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Sign in" }).first(),
  ).toBeVisible();
});

test("an answer that does not match this browser's pending sign-in is refused", async ({ page }) => {
  // A real attempt is under way (its state sits in this browser's cookie) when a forged answer arrives.
  await startAt(page, "/sign-in?lng=en", "Continue with Google");
  await page.waitForURL((url) => url.port === PROVIDER_PORT);
  await page.goto("/auth/google/callback?code=stolen-code&state=forged-state");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(
    page.getByRole("status").getByText("Signing in with Google did not work. Please try again."),
  ).toBeVisible();
  // And with no attempt at all.
  await page.context().clearCookies();
  await page.goto("/auth/google/callback?code=stolen-code&state=forged-state");
  await expect(
    page.getByRole("status").getByText("Signing in with Google did not work. Please try again."),
  ).toBeVisible();
});
