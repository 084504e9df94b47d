import { expect, request as requests, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, signedInDriver, whenReady } from "./support";
import { NoScriptUser, signUpWithoutScript } from "./no-script-user";

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#c47a2c" } })
    .png()
    .toBuffer();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test(
  "settings: profile, language, avatar and driver licence, with hostile uploads refused",
  {
    tag: "@js-on-only",
  },
  async ({ page }, testInfo) => {
    await signedInDriver(page, {
      fullName: "Sam Settings",
      email: `sam-${testInfo.project.name}-${Date.now()}@example.com`,
      phone: "+33 6 12 34 56 78",
      birthDate: "1990-03-14",
      password: "settings-pass",
    });
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Settings" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByLabel("Full name")).toHaveValue("Sam Settings");
    await expectAccessible(page);
    await whenReady(page);

    // A picture that is not one: refused with a clear message, nothing stored.
    await page
      .getByLabel("Choose a picture")
      .setInputFiles({ name: "cat.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Please choose a JPEG, PNG or WebP picture", { exact: true })).toBeVisible();
    await expect(page.getByText("You have no profile picture yet.")).toBeVisible();
    // No file at all (with JavaScript the page stays, and so does the chosen file: clear it).
    await page.getByLabel("Choose a picture").setInputFiles([]);
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("Please add an image", { exact: true })).toBeVisible();

    await page
      .getByLabel("Choose a picture")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await picture() });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByRole("status").getByText("Settings updated successfully")).toBeVisible();
    const avatar = page.getByRole("img", { name: "Your profile picture" });
    await expect(avatar).toBeVisible();
    const avatarResponse = await page.request.get((await avatar.getAttribute("src"))!);
    expect(avatarResponse.headers()["content-type"]).toBe("image/webp");
    // Another browser (no session) cannot fetch it: it is sent to sign in.
    const stranger = await page.context().browser()!.newContext();
    const strangers = await stranger.request.get(`${new URL(page.url()).origin}/settings/avatar`, { maxRedirects: 0 });
    expect(strangers.status()).toBe(302);
    expect(strangers.headers()["location"]).toMatch(/^\/sign-in\?redirectTo=/);
    await stranger.close();

    // Over the size limit (5 MB here): refused with the limit in the message, the stored picture kept.
    await whenReady(page);
    const huge = Buffer.concat([await picture(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    await page.getByLabel("Choose a picture").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByText("This file is too large (at most 5 MB)", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Your profile picture" })).toBeVisible();

    await page.getByRole("button", { name: "Delete picture" }).click();
    await expect(page.getByText("You have no profile picture yet.")).toBeVisible();

    // Driver licence: a PDF, then replaced by a photo, then deleted.
    await whenReady(page);
    await page
      .getByLabel("Choose a photo or a PDF of your licence")
      .setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Upload licence" }).click();
    await expect(page.getByText("Your driver's licence is on file.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download your licence (PDF)" })).toBeVisible();
    await whenReady(page);
    await page
      .getByLabel("Choose a new photo or PDF of your licence")
      .setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: await picture() });
    await page.getByRole("button", { name: "Replace licence" }).click();
    await expect(page.getByRole("link", { name: "View your licence" })).toBeVisible();
    await page.getByRole("button", { name: "Delete licence" }).click();
    await expect(page.getByText("No driver's licence on file.")).toBeVisible();

    // Profile: a bad phone is refused and what was typed stays; then French and no e-mail notifications.
    await whenReady(page);
    await page.getByLabel("Location").fill("Lyon");
    await page.getByLabel("Phone").fill("call me");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Invalid phone number", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue("Lyon");
    await page.getByLabel("Phone").fill("+33 6 98 76 54 32");
    await page.getByLabel("About me").fill("Weekend driver.");
    await page.getByLabel("Send me e-mail notifications").uncheck();
    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Paramètres mis à jour avec succès")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres");
    await expect(page.getByLabel("Ville")).toHaveValue("Lyon");
    await expect(page.getByLabel("Téléphone")).toHaveValue("+33 6 98 76 54 32");
    await expect(page.getByLabel("M'envoyer les notifications par e-mail")).not.toBeChecked();
    await expect(page.getByRole("link", { name: "Changez votre mot de passe" })).toBeVisible();
    await expectAccessible(page);
  },
);

test("settings need a signed-in user", async ({ page }) => {
  await page.goto("/settings?lng=en");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings/);
});

/** The same settings with scripting off, on the script-less user agent (decision 047). */
test(
  "without scripting, settings: profile, language, avatar and driver licence, with hostile uploads refused",
  {
    tag: "@js-off-only",
  },
  async ({ request, baseURL }, testInfo) => {
    const user = new NoScriptUser(request, baseURL!);
    await signUpWithoutScript(user, {
      fullName: "Sam Settings",
      email: `sam-${testInfo.project.name}-${Date.now()}@example.com`,
      phone: "+33 6 12 34 56 78",
      birthDate: "1990-03-14",
      password: "settings-pass",
    });
    await user.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Settings" }).first().click();
    expect(user.heading()).toBe("Settings");
    expect(user.getByLabel("Full name").value()).toBe("Sam Settings");
    const seen = (text: string) => user.getByText(text, { exact: true }).count();
    const upload = async (
      field: string,
      button: string,
      file: { name: string; mimeType: string; buffer: Buffer } | null,
    ) => {
      user.getByLabel(field).setInputFiles(file);
      await user.getByRole("button", { name: button }).click();
    };

    await upload("Choose a picture", "Upload picture", {
      name: "cat.png",
      mimeType: "image/png",
      buffer: Buffer.from("<script>alert(1)</script>"),
    });
    expect(seen("Please choose a JPEG, PNG or WebP picture")).toBeGreaterThan(0);
    expect(user.getByText("You have no profile picture yet.").count()).toBe(1);
    await upload("Choose a picture", "Upload picture", null);
    expect(seen("Please add an image")).toBeGreaterThan(0);

    await upload("Choose a picture", "Upload picture", {
      name: "me.png",
      mimeType: "image/png",
      buffer: await picture(),
    });
    expect(user.getByRole("status").getByText("Settings updated successfully").count()).toBe(1);
    const avatar = user.getByRole("img", { name: "Your profile picture" });
    const avatarResponse = await request.get(avatar.attribute("src")!);
    expect(avatarResponse.headers()["content-type"]).toBe("image/webp");
    const stranger = await requests.newContext({ baseURL });
    const strangers = await stranger.get("/settings/avatar", { maxRedirects: 0 });
    expect(strangers.status()).toBe(302);
    expect(strangers.headers()["location"]).toMatch(/^\/sign-in\?redirectTo=/);
    await stranger.dispose();

    const huge = Buffer.concat([await picture(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    await upload("Choose a picture", "Upload picture", { name: "huge.png", mimeType: "image/png", buffer: huge });
    expect(seen("This file is too large (at most 5 MB)")).toBeGreaterThan(0);
    expect(user.getByRole("img", { name: "Your profile picture" }).count()).toBe(1);
    await user.getByRole("button", { name: "Delete picture" }).click();
    expect(user.getByText("You have no profile picture yet.").count()).toBe(1);

    await upload("Choose a photo or a PDF of your licence", "Upload licence", {
      name: "licence.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    expect(user.getByText("Your driver's licence is on file.").count()).toBe(1);
    expect(user.getByRole("link", { name: "Download your licence (PDF)" }).count()).toBe(1);
    await upload("Choose a new photo or PDF of your licence", "Replace licence", {
      name: "licence.png",
      mimeType: "image/png",
      buffer: await picture(),
    });
    expect(user.getByRole("link", { name: "View your licence" }).count()).toBe(1);
    await user.getByRole("button", { name: "Delete licence" }).click();
    expect(user.getByText("No driver's licence on file.").count()).toBe(1);

    user.getByLabel("Location").fill("Lyon");
    user.getByLabel("Phone").fill("call me");
    await user.getByRole("button", { name: "Save" }).click();
    expect(seen("Invalid phone number")).toBeGreaterThan(0);
    expect(user.getByLabel("Location").value()).toBe("Lyon");
    user.getByLabel("Phone").fill("+33 6 98 76 54 32");
    user.getByLabel("About me").fill("Weekend driver.");
    user.getByLabel("Send me e-mail notifications").uncheck();
    user.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await user.getByRole("button", { name: "Save" }).click();
    expect(user.getByRole("status").getByText("Paramètres mis à jour avec succès").count()).toBe(1);
    expect(user.heading()).toBe("Paramètres");
    expect(user.getByLabel("Ville").value()).toBe("Lyon");
    expect(user.getByLabel("Téléphone").value()).toBe("+33 6 98 76 54 32");
    expect(user.getByLabel("À propos de moi").value()).toBe("Weekend driver.");
    expect(user.getByLabel("M'envoyer les notifications par e-mail").checked()).toBe(false);
    expect(user.getByRole("link", { name: "Changez votre mot de passe" }).count()).toBe(1);
  },
);
