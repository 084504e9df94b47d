import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type Axe from "axe-core";
import { expect, test, type Browser, type Cookie, type Page, type TestInfo } from "@playwright/test";

import type enBookings from "../../app/locales/en/bookings.json";
import type enCheckout from "../../app/locales/en/checkout.json";
import type enCommon from "../../app/locales/en/common.json";

/** A locale catalogue as the pages are rendered from it, so each language is checked word for word. */
export const catalogue = <T>(language: string, namespace: string) =>
  JSON.parse(readFileSync(`app/locales/${language}/${namespace}.json`, "utf8")) as T;

/** The bookings (b), checkout (k) and common (c) catalogues of a language, typed as the English ones. */
export const bookingTexts = (language: "en" | "fr" | "es") => ({
  b: catalogue<typeof enBookings>(language, "bookings"),
  k: catalogue<typeof enCheckout>(language, "checkout"),
  c: catalogue<typeof enCommon>(language, "common"),
});

/** A catalogue text with its {{placeholders}} filled, as i18next renders it. */
export const interpolate = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => String(params[key] ?? ""));

/** A visitor's details in the checkout form, the terms accepted and paying at pick-up chosen. */
export async function fillVisitorPayingLater(
  page: Page,
  language: "en" | "fr",
  visitor: { fullName: string; email: string; phone: string; birthDate: string },
) {
  const { k } = bookingTexts(language);
  await page.getByLabel(k.driver.fullName, { exact: true }).fill(visitor.fullName);
  await page.getByLabel(k.driver.email, { exact: true }).fill(visitor.email);
  await page.getByLabel(k.driver.phone, { exact: true }).fill(visitor.phone);
  await page.getByLabel(k.driver.birthDate, { exact: true }).fill(visitor.birthDate);
  await page.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
  await page.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
}

/** Clicks the first result's "Choose this car" and waits for the checkout to be ready. */
export async function chooseFirstCar(page: Page, language: "en" | "fr") {
  await page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`^${language === "en" ? "Choose this car" : "Choisir cette voiture"}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await whenReady(page);
}

export const jsEnabled = (testInfo: TestInfo = test.info()) => testInfo.project.name === "js-on";

/**
 * The languages a two-language flow is walked in by each of its runs (decision 047, amended 2026-12-04): the run with
 * scripts in French, its script-less twin in English, so the flow is still walked in both languages and both ways,
 * and each language's strings, number formats and dates meet both the browser's scripts and the bare HTML, at half
 * the runs. `slot` is the language's place in ["en", "fr"], which the flows' rental windows are counted from.
 */
export const languagesWalkedBy = (run: "scripts" | "twin") =>
  run === "scripts" ? ([{ slot: 1, language: "fr" }] as const) : ([{ slot: 0, language: "en" }] as const);
export const isWalkedBy = (run: "scripts" | "twin", language: string) =>
  languagesWalkedBy(run).some((walk) => walk.language === language);

/**
 * How far a retried test's rental periods move (CI tries a failed test once more): 1,044 weeks, some twenty years, so
 * the weekdays and desk hours stay the same and the retry never meets the cars its failed try booked (the cheapest car
 * of a period, taken by the first try, is not the one the test was written for).
 */
export const retryShiftMs = (testInfo: TestInfo = test.info()) => testInfo.retry * 1_044 * 7 * 86_400_000;

/** axe-core's own build, run in the page by `expectAccessible`. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * One scripting page per browser (so per worker) where the script-less project's documents are checked: axe needs
 * JavaScript, and a context is the costliest thing a test makes (about a second of CPU each on a 2-core machine).
 * The app's scripts are blocked there, so a document stays exactly as the script-less browser received it.
 */
const checkerPages = new WeakMap<Browser, Promise<Page>>();
function checkerPage(browser: Browser, origin: string): Promise<Page> {
  let checker = checkerPages.get(browser);
  if (!checker) {
    checker = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
      const page = await context.newPage();
      // Same origin as the app, so the document's relative style sheets and images load as they did.
      await page.goto(`${origin}/robots.txt`);
      return page;
    })();
    checkerPages.set(browser, checker);
  }
  return checker;
}

/**
 * Fails on any serious or critical WCAG 2.x A/AA violation of the page as it is now. With JavaScript the live
 * (hydrated) page is checked; in the script-less project the same server-rendered document is checked in the
 * checker page above, where it cannot hydrate. axe-core runs in the page itself (what `@axe-core/playwright` does in
 * its legacy mode, without opening a blank page per check): a third of the time, the same rules and verdicts.
 * Third-party frames (the payment stand-ins') are not ours to judge and are left out.
 */
export async function expectAccessible(page: Page) {
  // The same document at the same size gets the same verdict: axe reads nothing else (the style sheets are the
  // build's, the same all run long). A worker checks each distinct document once; a page whose words, values or
  // states differ by a character is checked again.
  const html = await page.content();
  const viewport = page.viewportSize();
  const seen = createHash("sha256")
    .update(`${jsEnabled()} ${viewport?.width}x${viewport?.height}\n${html}`)
    .digest("base64");
  if (passedDocuments.has(seen)) return;
  let target = page;
  if (!jsEnabled()) {
    target = await checkerPage(page.context().browser()!, new URL(page.url()).origin);
    await target.setContent(html, { waitUntil: "load" });
  }
  // axe-core stays in the window it was put in (a client-side navigation and the checker page's `setContent` keep
  // it): compiling its 500 KB again took as long as a check.
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(AXE_SOURCE);
  const violations = await target.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof Axe }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((results) =>
          results.violations
            .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
            .map(
              (violation) =>
                `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
            ),
        ),
    WCAG_A_AA,
  );
  expect(violations).toEqual([]);
  passedDocuments.add(seen);
}

/** Digests of the documents this worker found free of serious violations (see `expectAccessible`). */
const passedDocuments = new Set<string>();

const OUTBOX = ".e2e-data/outbox";

/** The link (to `route`) of the newest mail the outbox holds for `to`. */
export async function latestLink(to: string, route = "activate"): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    const files = (await readdir(OUTBOX)).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(OUTBOX, file), "utf8");
      if (!raw.includes(`To: ${to}`)) continue;
      const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      found = new RegExp(`https?://[^\\s"<]+/${route}\\?token=[A-Za-z0-9_-]+`).exec(decoded)?.[0];
      if (found) return;
    }
    throw new Error(`no mail to ${to} yet`);
  }).toPass({ timeout: 60_000 });
  return found!;
}

/** Waits until the page can be used as this run means it: hydrated with JavaScript on, at once without. */
export async function whenReady(page: Page) {
  if (jsEnabled()) await page.locator("html[data-hydrated]").waitFor();
}

/** Opens `path` and waits until the page is ready (`whenReady`). */
export async function gotoReady(page: Page, path: string) {
  await page.goto(path);
  await whenReady(page);
}

export type NewDriver = { fullName: string; email: string; phone: string; birthDate: string; password: string };

/**
 * A new driver, signed in in this page's browser: the sign-up form posted straight from the test (as a text browser
 * would post it), for flows that start after signing up. The session cookie lands in the page's context.
 * `signUpDriver` goes through the form itself.
 */
export async function signedInDriver(page: Page, driver: NewDriver, language: "en" | "fr" = "en") {
  await page.goto(`/?lng=${language}`);
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}/sign-up?lng=${language}`, {
    headers: { Origin: origin },
    form: { ...driver, confirmPassword: driver.password, acceptTerms: "on", intent: "sign-up" },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-up answers with a redirect home").toBe(302);
  await page.reload();
  await whenReady(page);
  const sent = catalogue<typeof enCommon>(language, "common").success.validationEmailSent;
  await expect(page.getByRole("status").getByText(sent)).toBeVisible();
}

/** The English sign-up form's fields, by their labels, filled for `driver`. */
export const signUpFields = (driver: NewDriver) =>
  [
    ["Full name", driver.fullName],
    ["Email address", driver.email],
    ["Phone", driver.phone],
    ["Birth date", driver.birthDate],
    ["Password", driver.password],
    ["Confirm password", driver.password],
  ] as const;

/** Signs a new driver up through the English form (they end signed in, with a validation mail in the outbox). */
export async function signUpDriver(page: Page, driver: NewDriver) {
  await gotoReady(page, "/sign-up?lng=en");
  for (const [label, value] of signUpFields(driver)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("I accept the Terms of Use").check();
  await page.getByRole("main").getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("status").getByText("Validation e-mail sent")).toBeVisible();
}

/** Every link, button and field of the page's main content lies inside the viewport's width (no sideways scrolling). */
export async function expectControlsWithinWidth(page: Page) {
  const width = page.viewportSize()!.width;
  const outside = await page
    .getByRole("main")
    .locator("a, button, input:not([type=hidden]), select, textarea")
    .evaluateAll(
      (elements, limit) =>
        elements
          .filter(
            (element) =>
              element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().right > limit + 0.5,
          )
          .map((element) => element.outerHTML.slice(0, 120)),
      width,
    );
  expect(outside, `controls beyond ${width} px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The mails the outbox holds for `to`, oldest first, decoded (quoted-printable soft breaks and '=' undone). */
export async function mailsTo(to: string): Promise<string[]> {
  const files = (await readdir(OUTBOX)).sort();
  const mails: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(OUTBOX, file), "utf8");
    if (raw.includes(`To: ${to}`)) mails.push(raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  }
  return mails;
}

/** The newest payment link (decision 029) mailed to `to`, as a path, once it is another than `seen`. */
export async function latestPayLink(to: string, seen: string | null = null): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    found = undefined;
    for (const mail of (await mailsTo(to)).reverse()) {
      found = /\/pay\/[A-Za-z0-9_-]{32}/.exec(mail)?.[0];
      if (found) break;
    }
    if (!found || found === seen) throw new Error(`no new payment link mailed to ${to} yet`);
  }).toPass({ timeout: 60_000 });
  return found!;
}

/** The demo's supplier account (Carthage Cars), as its staff sign in. */
export const DEMO_SUPPLIER = { email: "fleet@carthage-cars.example", password: "run-the-fleet-2026" };

/**
 * The cookies of each staff session this worker signed in on the form, by account and language: the next flow that
 * needs the same person starts signed in, as a browser that stayed signed in does. Signing in on the form costs a
 * password hash (scrypt, about 0.7 s of the server's CPU), the sign-in page and the overview it lands on; a spec that
 * is not about signing in needs none of that twice. A session that ended meanwhile (a sign-out, an idle limit) is
 * noticed and signed in again on the form.
 */
const staffSessions = new Map<string, Cookie[]>();

/**
 * Signs `account` in, in `language`, and leaves the page on the page staff land on (`/manage`): on the sign-in form
 * the first time in this worker, from the kept session afterwards.
 */
export async function signInStaff(page: Page, language: "en" | "fr", account = DEMO_SUPPLIER) {
  const key = `${account.email} ${language}`;
  const kept = staffSessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    await gotoReady(page, "/manage");
    if (/\/manage(\/|$|\?)/.test(new URL(page.url()).pathname)) return;
    staffSessions.delete(key);
    await page.context().clearCookies();
  }
  await gotoReady(page, `/sign-in?lng=${language}`);
  await page.getByLabel(/^(Email address|Adresse e-mail)$/).fill(account.email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(account.password);
  await page
    .getByRole("main")
    .getByRole("button", { name: /^(Sign in|Se connecter)$/ })
    .click();
  // The overview (/manage) for owners and managers, the desk's day for a desk agent.
  await expect(page).toHaveURL(/\/manage(\/|$|\?)/);
  await whenReady(page);
  staffSessions.set(key, await page.context().cookies());
}

/**
 * A staff member's own browser beside the driver's, with the project's JavaScript setting, signed in in `language`
 * (`signInStaff`; a supplier lands on its overview). Close its context when done.
 */
export async function staffBrowser(browser: Browser, language: "en" | "fr", account = DEMO_SUPPLIER) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled() });
  const page = await context.newPage();
  await signInStaff(page, language, account);
  return { context, page };
}

/** A text as a pattern matching itself. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A catalogue sentence as a pattern: its words as they are, each {{placeholder}} any text. */
export const sentencePattern = (text: string) =>
  new RegExp(
    text
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join(".+"),
  );

/** A mail's quoted-printable text (=C3=A8, soft line breaks) as the UTF-8 text it encodes. */
export function decodeQuotedPrintable(raw: string) {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Sends the checkout's form once its summary has settled, and waits for the booking's confirmation page. */
export async function submitBooking(page: Page, language: "en" | "fr") {
  const { k, c } = bookingTexts(language);
  await expect(page.getByRole("complementary")).not.toHaveAttribute("aria-busy", "true");
  await page.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: c.success.bookingDone })).toBeVisible();
}

/** Waits until a mail to `to` says `text` (mails go out after the page answers). */
export async function expectMailSaying(to: string, text: string) {
  await expect
    .poll(async () => (await mailsTo(to)).some((raw) => decodeQuotedPrintable(raw).includes(text)), { timeout: 60_000 })
    .toBe(true);
}

/** An instant as a place's wall clock, 'YYYY-MM-DDTHH:mm' (what search and checkout links carry). */
export const localDateTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(at)
    .replace(" ", "T");

/** A sale's document as the receipt links it and as its page is titled: a receipt or an invoice (decision 049). */
export const DOCUMENT_TITLE = { en: /^(Receipt RCT|Invoice INV)-\d{6}$/, fr: /^(Reçu RCT|Facture INV)-\d{6}$/ };
export const DOCUMENT_LINK = {
  en: /^(Receipt RCT|Invoice INV)-\d{6} \(printable page\)$/,
  fr: /^(Reçu RCT|Facture INV)-\d{6} \(page imprimable\)$/,
};
