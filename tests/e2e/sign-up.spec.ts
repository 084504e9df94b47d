import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, gotoReady, latestLink, whenReady } from "./support";

async function fillSignUp(page: Page, values: Record<string, string>, labels: Record<string, string>) {
  await whenReady(page);
  for (const [field, value] of Object.entries(values))
    await page.getByLabel(labels[field]!, { exact: true }).fill(value);
}

const EN = {
  fullName: "Full name",
  email: "Email address",
  phone: "Phone",
  birthDate: "Birth date",
  password: "Password",
  confirmPassword: "Confirm password",
};
const FR = {
  fullName: "Nom complet",
  email: "Adresse e-mail",
  phone: "Téléphone",
  birthDate: "Date de naissance",
  password: "Mot de passe",
  confirmPassword: "Confirmez le mot de passe",
};

test.describe("sign-up and e-mail validation", () => {
  test("signs up, is signed in, validates the address from the mail", async ({ page }, testInfo) => {
    const email = `alex-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/sign-up?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await expectAccessible(page);
    await fillSignUp(
      page,
      {
        fullName: "Alex Tester",
        email,
        phone: "+33 6 11 22 33 44",
        birthDate: "1991-05-20",
        password: "secret-pass",
        confirmPassword: "secret-pass",
      },
      EN,
    );
    await page.getByLabel("I accept the Terms of Use").check();
    await page.getByRole("main").getByRole("button", { name: "Sign up" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").getByText("Validation e-mail sent")).toBeVisible();
    const notice = page.getByRole("complementary", {
      name: "Please validate your e-mail address: we sent you a link.",
    });
    await expect(notice).toBeVisible();
    const firstLink = await latestLink(email);

    // A new link replaces the old one.
    await notice.getByRole("button", { name: "Resend the link" }).click();
    await expect(page.getByRole("status").getByText("Validation e-mail sent")).toBeVisible();
    let secondLink = firstLink;
    await expect(async () => {
      secondLink = await latestLink(email);
      expect(secondLink).not.toBe(firstLink);
    }).toPass({ timeout: 60_000 });

    await page.goto(new URL(firstLink).pathname + new URL(firstLink).search);
    await expect(page.getByRole("alert")).toHaveText("This link is not valid.");
    await expectAccessible(page);

    await page.goto(new URL(secondLink).pathname + new URL(secondLink).search);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").getByText("Your e-mail address is validated.")).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("refuses bad input with the spec's messages in French, keeping what was typed", async ({ page }, testInfo) => {
    await gotoReady(page, "/sign-up?lng=fr");
    // Without JavaScript the browser's own checks would stop the form: send it as a script-less browser would.
    await page.locator("form#sign-up").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Nom complet", { exact: true }).fill("Camille");
    await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
    await expect(
      page.getByText(
        "Veuillez renseigner le(s) champ(s) : Adresse e-mail, Téléphone, Date de naissance, Mot de passe, Confirmez le mot de passe",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Nom complet", { exact: true })).toHaveValue("Camille");
    // The error summary takes focus (with and without JavaScript), is announced as an alert, and links to each field.
    const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Il y a un problème" }) });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Adresse e-mail : Veuillez renseigner ce champ" })).toHaveAttribute(
      "href",
      "#sign-up-email",
    );

    const young = new Date(Date.UTC(new Date().getUTCFullYear() - 20, 0, 1)).toISOString().slice(0, 10);
    await page.locator("form#sign-up").evaluate((form) => form.setAttribute("novalidate", ""));
    await fillSignUp(
      page,
      { email: "camille@", phone: "abc", birthDate: young, password: "12345", confirmPassword: "54321" },
      FR,
    );
    await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
    await expect(page.getByText("Adresse e-mail invalide", { exact: true })).toBeVisible();
    await expect(page.getByText("Numéro de téléphone invalide", { exact: true })).toBeVisible();
    await expect(page.getByText("Vous devez avoir au moins 21 ans", { exact: true })).toBeVisible();
    await expect(page.getByText("Le mot de passe doit contenir au moins 6 caractères", { exact: true })).toBeVisible();
    await expect(page.getByText("Veuillez accepter les conditions d'utilisation", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.locator("form#sign-up").evaluate((form) => form.setAttribute("novalidate", ""));
    await fillSignUp(
      page,
      {
        email: "driver@rentacar.example",
        phone: "+33 6 11 22 33 44",
        birthDate: "1990-01-01",
        password: "secret-pass",
        confirmPassword: "secret-pass-2",
      },
      FR,
    );
    await page.getByLabel(/J'accepte les/).check();
    await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
    await expect(page.getByText("Les mots de passe ne correspondent pas", { exact: true })).toBeVisible();
    await expect(page.getByRole("alert").getByRole("link", { name: /^Confirmez le mot de passe/ })).toHaveAttribute(
      "href",
      "#sign-up-confirmPassword",
    );

    await page.locator("form#sign-up").evaluate((form) => form.setAttribute("novalidate", ""));
    await fillSignUp(page, { password: "secret-pass", confirmPassword: "secret-pass" }, FR);
    await page.getByRole("main").getByRole("button", { name: "S'inscrire" }).click();
    await expect(page.getByText("Cette adresse e-mail est déjà enregistrée.", { exact: true })).toBeVisible();
    expect(testInfo.project.name).toMatch(/js-(on|off)/);
  });
});
