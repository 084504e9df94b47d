import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { jsEnabled } from "./support";

/**
 * A text browser's whole account journey, driven key by key: lynx runs in a tmux pane (it needs a terminal), with
 * every link and field numbered (`-number_fields`), so the test moves to a field by its number as a lynx user does
 * with the arrow keys. Lynx posts a form only when it has a named field: the sign-out form used to fail here.
 */
class Lynx {
  private current = 1;
  private readonly session = `rentacar-lynx-${process.pid}-${Date.now()}`;

  constructor(private readonly base: string) {}

  private tmux(...args: string[]) {
    return execFileSync("tmux", args, { encoding: "utf8" });
  }

  screen() {
    return this.tmux("capture-pane", "-p", "-t", this.session);
  }

  async start(path: string) {
    this.tmux("new-session", "-d", "-s", this.session, "-x", "200", "-y", "150", `lynx -accept_all_cookies -number_fields '${this.base}${path}'`);
  }

  stop() {
    this.tmux("kill-session", "-t", this.session);
  }

  async waitFor(text: string) {
    await expect.poll(() => this.screen(), { message: `lynx shows ${JSON.stringify(text)}`, timeout: 15_000, intervals: [200] }).toContain(text);
  }

  private async key(...keys: string[]) {
    this.tmux("send-keys", "-t", this.session, ...keys);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** Moves to the numbered link or field on the line holding `label`. */
  private async goTo(label: string) {
    const line = this.screen()
      .split("\n")
      .find((text) => text.includes(label) && /\[\d+\]/.test(text));
    // The number closest before the label is its own (a line may hold two buttons); else the first after it.
    const at = (line ?? "").indexOf(label);
    const before = [...(line ?? "").slice(0, at).matchAll(/\[(\d+)\]/g)].pop();
    const target = Number(before?.[1] ?? /\[(\d+)\]/.exec((line ?? "").slice(at))?.[1]);
    expect(target, `a numbered field for ${label}`).toBeGreaterThan(0);
    for (; this.current < target; this.current++) await this.key("Down");
    for (; this.current > target; this.current--) await this.key("Up");
  }

  async type(label: string, text: string) {
    await this.goTo(label);
    this.tmux("send-keys", "-t", this.session, "-l", text);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** Enter on a link, a button or a checkbox (which it toggles). A new page starts on its first link. */
  async press(label: string, { leavesPage = true } = {}) {
    await this.goTo(label);
    await this.key("Enter");
    if (leavesPage) this.current = 1;
  }
}

test("in lynx: sign up, sign out, sign in and sign out again, every form a real post", async ({ baseURL }) => {
  test.skip(!jsEnabled(), "lynx runs no script: one run is enough");
  test.setTimeout(90_000);
  const lynx = new Lynx(baseURL!);
  const email = `lynx-${Date.now()}@example.com`;
  await lynx.start("/sign-up?lng=en");
  try {
    await lynx.waitFor("Create your account");
    await lynx.type("Full name", "Lee Lynx");
    await lynx.type("Email address", email);
    await lynx.type("Phone", "+44 20 7946 0031");
    await lynx.type("Birth date", "1985-05-05");
    await lynx.type("Password [", "lynx-pass-1");
    await lynx.type("Confirm password", "lynx-pass-1");
    await lynx.press("I accept the", { leavesPage: false });
    await lynx.press("sign-up) Sign up");
    await lynx.waitFor("Validation e-mail sent");

    await lynx.press("sign-out) Sign out");
    await lynx.waitFor("You are signed out.");

    await lynx.press("Sign in");
    await lynx.waitFor("Sign in to your account");
    await lynx.type("Email address", email);
    await lynx.type("Password [", "lynx-pass-1");
    await lynx.press("sign-in) Sign in");
    await lynx.waitFor("Welcome back, Lee Lynx!");

    await lynx.press("sign-out) Sign out");
    await lynx.waitFor("You are signed out.");
  } finally {
    lynx.stop();
  }
});

test("in lynx: a driver alone books a car whose offer includes a second driver", async ({ baseURL, request }) => {
  test.skip(!jsEnabled(), "lynx runs no script: one run is enough");
  test.setTimeout(90_000);
  // Tunis, Carthage Cars, Kia Picanto (issue 21.1): the second driver's fields stay empty.
  const search = await request.get("/search?pickup=tunis&same=on&from=2027-09-06T10:00&to=2027-09-09T10:00&supplier=carthage-cars&lng=en");
  const checkout = /aria-label="Choose this car: Kia Picanto"[^>]*href="([^"]+)"/.exec(await search.text())?.[1]?.replaceAll("&amp;", "&");
  expect(checkout, "the Kia Picanto is offered").toBeTruthy();
  const lynx = new Lynx(baseURL!);
  await lynx.start(`${checkout}&lng=en`);
  try {
    await lynx.waitFor("Add a second driver (included in this offer)");
    await lynx.type("Full name", "Lone Lynx");
    await lynx.type("Email address", `lynx-alone-${Date.now()}@example.com`);
    await lynx.type("Phone", "+216 20 123 456");
    await lynx.type("Birth date", "12/31/1990");
    await lynx.press("I accept the", { leavesPage: false });
    await lynx.press("book) Book now");
    await lynx.waitFor("Your booking was successfully done!");
  } finally {
    lynx.stop();
  }
});
