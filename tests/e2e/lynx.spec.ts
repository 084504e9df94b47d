import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { latestLink } from "./support";

/**
 * A text browser's whole account journey, driven key by key: lynx runs in a tmux pane (it needs a terminal), with
 * every link and field numbered (`-number_fields`), so the test moves to a field by its number as a lynx user does
 * with the arrow keys. Lynx posts a form only when it has a named field: the sign-out form used to fail here.
 * `-nopause` drops lynx's pauses of a few seconds after each status-line message, which a reader could cut short too.
 */
class Lynx {
  private current = 1;
  private readonly session = `rentacar-lynx-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly base: string,
    /** Rows of the terminal: a long form (the operators' car form) must fit on one screen to be read. */
    private readonly rows = 150,
  ) {}

  // Each lynx has its own tmux server (its own socket): two tests on two workers once shared the default server,
  // and one test's last session ending stopped it while the other was starting ("server exited unexpectedly").
  private tmux(...args: string[]) {
    return execFileSync("tmux", ["-L", this.session, ...args], { encoding: "utf8" });
  }

  screen() {
    return this.tmux("capture-pane", "-p", "-t", this.session);
  }

  async start(path: string) {
    this.tmux(
      "new-session",
      "-d",
      "-s",
      this.session,
      "-x",
      "200",
      "-y",
      String(this.rows),
      `lynx -accept_all_cookies -nopause -number_fields '${this.base}${path}'`,
    );
  }

  stop() {
    this.tmux("kill-session", "-t", this.session);
  }

  async waitFor(text: string) {
    await expect
      .poll(() => this.screen(), { message: `lynx shows ${JSON.stringify(text)}`, timeout: 60_000, intervals: [200] })
      .toContain(text);
  }

  private async key(...keys: string[]) {
    this.tmux("send-keys", "-t", this.session, ...keys);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** Moves to the numbered link or field on the (first, or last) line holding `label`. */
  private async goTo(label: string, last = false) {
    const lines = this.screen()
      .split("\n")
      .filter((text) => text.includes(label) && /\[\d+\]/.test(text));
    const line = last ? lines.at(-1) : lines[0];
    // The number closest before the label is its own (a line may hold two buttons); else the first after it.
    const at = (line ?? "").indexOf(label);
    const before = [...(line ?? "").slice(0, at).matchAll(/\[(\d+)\]/g)].pop();
    const target = Number(before?.[1] ?? /\[(\d+)\]/.exec((line ?? "").slice(at))?.[1]);
    expect(target, `a numbered field for ${label}`).toBeGreaterThan(0);
    // The moves go in one burst: lynx reads them from its terminal one by one, as fast as a user holding the key.
    const moves = target - this.current;
    if (moves !== 0) await this.key(...Array<string>(Math.abs(moves)).fill(moves > 0 ? "Down" : "Up"));
    this.current = target;
  }

  async type(label: string, text: string, { replace = false } = {}) {
    await this.goTo(label);
    // Ctrl-U empties a lynx text field (a field with a value takes what is typed after it).
    if (replace) await this.key("C-u");
    this.tmux("send-keys", "-t", this.session, "-l", text);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** Enter on a link, a button or a checkbox (which it toggles). A new page starts on its first link. */
  async press(label: string, { leavesPage = true, last = false } = {}) {
    await this.goTo(label, last);
    await this.key("Enter");
    if (leavesPage) this.current = 1;
  }
}

test(
  "in lynx: sign up, sign out, sign in and sign out again, every form a real post",
  { tag: "@js-on-only" },
  async ({ baseURL }) => {
    // @js-on-only: lynx runs no script: one run is enough
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
      await lynx.press("Sign up", { last: true });
      await lynx.waitFor("Validation e-mail sent");

      await lynx.press("Sign out", { last: true });
      await lynx.waitFor("You are signed out.");

      await lynx.press("Sign in");
      await lynx.waitFor("Sign in to your account");
      await lynx.type("Email address", email);
      await lynx.type("Password [", "lynx-pass-1");
      await lynx.press("Sign in", { last: true });
      await lynx.waitFor("Welcome back, Lee Lynx!");

      await lynx.press("Sign out", { last: true });
      await lynx.waitFor("You are signed out.");
    } finally {
      lynx.stop();
    }
  },
);

test(
  "in lynx: a driver alone books a car whose offer includes a second driver",
  { tag: "@js-on-only" },
  async ({ baseURL, request }) => {
    // @js-on-only: lynx runs no script: one run is enough
    // Tunis, Carthage Cars, Kia Picanto (decision 010): the second driver's fields stay empty.
    const search = await request.get(
      "/search?pickup=tunis&same=on&from=2027-09-06T10:00&to=2027-09-09T10:00&supplier=carthage-cars&lng=en",
    );
    const checkout = /aria-label="Choose this car: Kia Picanto"[^>]*href="([^"]+)"/
      .exec(await search.text())?.[1]
      ?.replaceAll("&amp;", "&");
    expect(checkout, "the Kia Picanto is offered").toBeTruthy();
    const lynx = new Lynx(baseURL!);
    await lynx.start(`${checkout}&lng=en`);
    try {
      await lynx.waitFor("Add a second driver (included in this offer)");
      await lynx.type("Full name", "Lone Lynx");
      await lynx.type("Email address", `lynx-alone-${Date.now()}@example.com`);
      await lynx.type("Phone", "+216 20 123 456");
      await lynx.type("Birth date", "12/31/1990");
      // Each button reads as its label alone: "[37]Update total", never "(quote) Update total".
      const buttons = lynx.screen();
      expect(buttons).toMatch(/\[\d+\]Update total/);
      expect(buttons).toMatch(/\[\d+\]Book now/);
      expect(buttons).not.toMatch(/\((quote|book|BUTTON)\) (Update total|Book now)/);
      await lynx.press("I accept the", { leavesPage: false });
      await lynx.press("Book now");
      await lynx.waitFor("Your booking was successfully done!");
    } finally {
      lynx.stop();
    }
  },
);

test(
  "in lynx: 'Update total' on the amend page previews the new total and saves nothing; 'Save the changes' saves",
  { tag: "@js-on-only" },
  async ({ baseURL, playwright }) => {
    // @js-on-only: lynx runs no script: one run is enough
    // A driver with a pay-later booking, made over HTTP; lynx signs in as them.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    const driver = {
      fullName: "Ada Amend",
      email: `lynx-amend-${Date.now()}@example.com`,
      phone: "+44 20 7946 0032",
      birthDate: "1980-01-01",
      password: "lynx-amend-1",
    };
    expect(
      (
        await api.post("/sign-up?lng=en", {
          form: { ...driver, confirmPassword: driver.password, acceptTerms: "on", intent: "sign-up" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
    const link = new URLSearchParams({
      pickup: "tunis",
      dropoff: "tunis",
      from: "2027-09-20T10:00",
      to: "2027-09-23T10:00",
    });
    const search = await (await api.get(`/search?${link}&same=on&supplier=carthage-cars&lng=en`)).text();
    const car = /href="\/checkout\?[^"]*car=([^&"]+)/.exec(search)?.[1];
    expect(car, "a car is offered").toBeTruthy();
    link.set("car", car!);
    const checkout = await (await api.get(`/checkout?${link}&lng=en`)).text();
    const shown = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(checkout)?.[1] ?? "";
    const booked = await api.post("/checkout", {
      form: {
        ...Object.fromEntries(link),
        intent: "book",
        paymentMode: "payLater",
        phone: driver.phone,
        birthDate: driver.birthDate,
        shownTotal: shown("shownTotal"),
        shownDeposit: shown("shownDeposit"),
        shownCurrency: shown("shownCurrency"),
      },
      maxRedirects: 0,
    });
    expect(booked.status()).toBe(302);
    const bookingId = /\/booking\/amend\?b=([0-9a-f-]{36})/.exec(await (await api.get("/bookings?lng=en")).text())?.[1];
    expect(bookingId, "the booking is listed").toBeTruthy();
    const receipt = async () =>
      /Total[^$]*(\$[\d,.]+)/.exec(
        (await (await api.get(`/booking?b=${bookingId}&lng=en`)).text()).replace(/<[^>]+>/g, " "),
      )?.[1];
    const before = await receipt();
    expect(before).toBeTruthy();

    const lynx = new Lynx(baseURL!);
    await lynx.start(`/sign-in?lng=en&redirectTo=${encodeURIComponent(`/booking/amend?b=${bookingId}`)}`);
    try {
      await lynx.waitFor("Sign in to your account");
      await lynx.type("Email address", driver.email);
      await lynx.type("Password [", driver.password);
      await lynx.press("Sign in", { last: true });
      await lynx.waitFor("Change booking");
      // The drop-off's date field (its time list keeps 10:00, the desk's hours' choice as in the search form).
      await lynx.type("Drop-off date", "2027-09-25", { replace: true });
      await lynx.press("Update total");
      await lynx.waitFor("Save the changes");
      // The preview shows five days; the booking still has three, at its old total, and nothing was announced.
      await expect.poll(() => lynx.screen()).toMatch(/5 days/);
      expect(await receipt()).toBe(before);
      expect(await (await api.get("/notifications?lng=en")).text()).not.toContain("notifications.bookingAmended");

      await lynx.press("Save the changes");
      await lynx.waitFor("Your booking was changed.");
      expect(await receipt()).not.toBe(before);
      // The booking page's buttons show their own words, never the id they act on (decision 011).
      await lynx.waitFor("Cancel booking, free of charge");
      expect(lynx.screen()).not.toMatch(/\([a-zA-Z]+:[0-9a-f-]{36}\)/);
    } finally {
      lynx.stop();
      await api.dispose();
    }
  },
);

test(
  "in lynx: a visitor finds their booking with its reference and e-mail, opens the link and cancels it",
  { tag: "@js-on-only" },
  async ({ baseURL, request }) => {
    // @js-on-only: lynx runs no script: one run is enough
    const email = `lynx-find-${Date.now()}@example.com`;
    const search = await request.get(
      "/search?pickup=tunis&same=on&from=2027-10-04T10:00&to=2027-10-07T10:00&supplier=carthage-cars&lng=en",
    );
    const checkout = /aria-label="Choose this car: Kia Picanto"[^>]*href="([^"]+)"/
      .exec(await search.text())?.[1]
      ?.replaceAll("&amp;", "&");
    expect(checkout, "the Kia Picanto is offered").toBeTruthy();
    let reference = "";
    const booking = new Lynx(baseURL!);
    await booking.start(`${checkout}&lng=en`);
    try {
      await booking.waitFor("Book now");
      await booking.type("Full name", "Found Lynx");
      await booking.type("Email address", email);
      await booking.type("Phone", "+216 20 123 457");
      await booking.type("Birth date", "12/31/1990");
      await booking.press("I accept the", { leavesPage: false });
      await booking.press("Book now");
      await booking.waitFor("Your booking was successfully done!");
      reference = /Booking ([0-9A-F]{8})/.exec(booking.screen())![1]!;
    } finally {
      booking.stop();
    }

    // Another device: a new lynx, no cookie of the first.
    const finder = new Lynx(baseURL!);
    await finder.start("/find-booking?lng=en");
    try {
      await finder.waitFor("Find my booking");
      await finder.type("Booking reference", reference.toLowerCase());
      await finder.type("E-mail address", email);
      await finder.press("Send me a link");
      await finder.waitFor("we sent a link to that address");
    } finally {
      finder.stop();
    }
    const link = new URL(await latestLink(email, "find-booking/open"));
    const opener = new Lynx(baseURL!);
    await opener.start(`${link.pathname}${link.search}&lng=en`);
    try {
      await opener.waitFor(`Open booking ${reference}`);
      await opener.press(`Open booking ${reference}`);
      await opener.waitFor("Booking opened in this browser.");
      await opener.press("Cancel booking, free of charge");
      await opener.waitFor("Cancel this booking?");
      await opener.waitFor("It is free of charge");
      await opener.press("Yes, cancel it");
      await opener.waitFor("Your booking is cancelled, free of charge.");
    } finally {
      opener.stop();
    }
  },
);

test(
  "in lynx: a supplier adds a car, and an admin gives a desk split hours on Mondays",
  { tag: "@js-on-only" },
  async ({ baseURL }) => {
    // @js-on-only: lynx runs no script: one run is enough
    const plate = `LYNX-${Date.now().toString(36).toUpperCase()}`;
    const supplier = new Lynx(baseURL!, 500);
    await supplier.start(`/sign-in?lng=en&redirectTo=${encodeURIComponent("/manage/cars/new")}`);
    try {
      await supplier.waitFor("Sign in to your account");
      await supplier.type("Email address", "fleet@carthage-cars.example");
      await supplier.type("Password [", "run-the-fleet-2026");
      await supplier.press("Sign in", { last: true });
      await supplier.waitFor("Add a place (its name or code)");
      await supplier.type("Name", "Lynx Panda");
      await supplier.type("Licence plate", plate);
      await supplier.type("Price a day", "29.5", { replace: true });
      await supplier.type("Add a place (its name or code)", "rabat-agdal");
      await supplier.press("Add the car");
      await supplier.waitFor("The car is added.");
      await supplier.waitFor(plate);
      // Its buttons read by their labels (decision 026).
      expect(supplier.screen()).toMatch(/\[\d+\]Save the car/);
    } finally {
      supplier.stop();
    }

    const admin = new Lynx(baseURL!, 500);
    await admin.start(`/sign-in?lng=en&redirectTo=${encodeURIComponent("/manage/places?q=rabat-agdal")}`);
    try {
      await admin.waitFor("Sign in to your account");
      await admin.type("Email address", "admin@rentacar.example");
      await admin.type("Password [", "keep-it-running-2026");
      await admin.press("Sign in", { last: true });
      await admin.waitFor("Rabat Agdal Station");
      await admin.press("Rabat Agdal Station");
      await admin.waitFor("Opening hours");
      // Monday is the first day listed: its closing time, then a second span after lunch.
      await admin.type("Closes [", "12:00", { replace: true });
      await admin.type("Opens again after a break", "14:00", { replace: true });
      await admin.type("Closes again", "18:00", { replace: true });
      await admin.press("Save the place");
      await admin.waitFor("The place is saved.");
      // The fields keep the new spans, and the history reads them (its lines wrap: read as one text).
      expect(admin.screen()).toMatch(/Closes \[\d+\]12:00/);
      expect(admin.screen()).toMatch(/Opens again after a break \[\d+\]14:00/);
      expect(admin.screen().replace(/\s+/g, " ")).toContain("→ Monday 08:30–12:00, 14:00–18:00;");
    } finally {
      admin.stop();
    }
  },
);

test(
  "in lynx: a supplier takes a booking by phone for a new customer, paid at the counter",
  { tag: "@js-on-only" },
  async ({ baseURL }) => {
    // @js-on-only: lynx runs no script: one run is enough
    const email = `lynx-phone-${Date.now()}@example.com`;
    const find = "/manage/bookings/new?pickup=djerba-airport&from=2031-03-03T10:00&to=2031-03-06T10:00";
    const supplier = new Lynx(baseURL!, 400);
    await supplier.start(`/sign-in?lng=en&redirectTo=${encodeURIComponent(find)}`);
    try {
      await supplier.waitFor("Sign in to your account");
      await supplier.type("Email address", "fleet@carthage-cars.example");
      await supplier.type("Password [", "run-the-fleet-2026");
      await supplier.press("Sign in", { last: true });
      await supplier.waitFor("Free cars, lowest daily price first");
      // The cheapest car is chosen, and payment at the counter, unless another is picked.
      await supplier.type("E-mail [", email);
      await supplier.type("Full name [", "Lina Lynx");
      await supplier.type("Phone [", "+216 20 777 001");
      await supplier.type("Date of birth [", "1984-09-09");
      await supplier.press("Update total");
      await supplier.waitFor("for 3 days, extras and fees included.");
      await supplier.press("Take the booking");
      await supplier.waitFor("Booking taken and confirmed.");
      await supplier.waitFor("Lina Lynx");
      // Its buttons read by their labels (decision 026).
      expect(supplier.screen()).toMatch(/\[\d+\]Change the status/);
    } finally {
      supplier.stop();
    }
  },
);
