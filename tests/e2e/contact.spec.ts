import { expect, test } from "@playwright/test";
import { expectAccessible, jsEnabled, whenReady } from "./support";

test("a visitor writes to customer care in French", async ({ page }, testInfo) => {
  await page.goto("/contact?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contactez-nous");
  await expectAccessible(page);
  await whenReady(page);

  await page.getByLabel("Votre adresse e-mail").fill("pas-une-adresse");
  await page.getByLabel("Objet").fill("Siège enfant");
  await page.getByLabel("Message", { exact: true }).fill("Puis-je ajouter un siège enfant ?");
  // Without JavaScript the browser's own check would stop the form: send it as a hostile client would.
  if (!jsEnabled()) await page.locator("form#contact").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Adresse e-mail invalide", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Puis-je ajouter un siège enfant ?");

  await page.getByLabel("Votre adresse e-mail").fill(`visiteur-${testInfo.project.name}@example.com`);
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("status").getByText("Message envoyé")).toBeVisible();
  await expectAccessible(page);
});
