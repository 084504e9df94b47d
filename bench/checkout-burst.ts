/**
 * Many drivers, one car: against ONE running instance on PostgreSQL, times a checkout alone (several runs on free
 * periods of the car, their median), then fires N simultaneous "Book" posts of ONE car and ONE period, each from a
 * different visitor (own e-mail, own client address), and checks that exactly one was booked, that the others were
 * told the car is taken (checkout:problems.carUnavailable, 409), that no answer was a 5xx and that no unpaid hold of
 * the car is left behind.
 *
 * Usage: DATABASE_URL=postgresql://…/the-server's-database npx tsx bench/checkout-burst.ts [base URL] [concurrency]
 *        (defaults http://127.0.0.1:3000 and 200)
 *   BENCH_PAYMENT=full|deposit|payLater   payment option to book with (default: full, paid through the sandbox
 *                                         gateway's card form when the form offers it, else payLater)
 *   BENCH_SINGLE_RUNS=5                   checkouts timed alone, each on its own free period of the same car
 *   BENCH_PICKUP=tunis                    place to search for the car (a car whose supplier asks for no licence is
 *                                         preferred; otherwise a small PNG is sent as the licence)
 *   BENCH_CAR=<car id>                    book this car at BENCH_PICKUP instead (e.g. one whose supplier asks for
 *                                         a licence, to post the multipart form)
 *   BENCH_DAY=300                         pick-up in that many days (default: a random day 200-400 days ahead)
 *   BENCH_SIGN_INS=200                    also fire that many sign-in posts at the same moment as the burst
 *                                         (default 0: none): the /sign-in form as a browser without JavaScript posts
 *                                         it (its hidden redirectTo as the page gives it), each from its own client
 *                                         address with its own never-registered e-mail and a wrong password, so no
 *                                         rate limit refuses one and each costs the server a password check (the
 *                                         decoy hash). Three are timed alone first (after one not counted).
 * The server must believe the client address each visitor sends (X-Forwarded-For), as behind a proxy, or its
 * per-address checkout limit (CHECKOUT_ATTEMPTS_PER_HOUR, 30) refuses the burst with 429s: start it with
 * TRUST_PROXY=loopback (and SANDBOX_PAYMENTS=true to pay online with the sandbox in production on PostgreSQL).
 *
 * Prints: the car, period and payment; the single checkout's median; the answers by status; how many were bookings
 * (a redirect to a confirmation), "car no longer available" answers, other answers (grouped by their message) and
 * 5xx; p50/p95/max latency of the burst and its ratio to the single median; and, from PostgreSQL (DATABASE_URL),
 * the bookings of the car for the period, the holds of the car left unpaid (status 'void') and released holds.
 * With BENCH_SIGN_INS, also: a sign-in alone's median; the sign-ins' answers by status; how many were told
 * "Incorrect email or password" (400), how many were 503 and of those how many the "Too busy for a moment" page
 * (common:errors.busyTitle), the Retry-After values the 503s carried (or "none"), other answers grouped by their
 * message; p50/p95/max latency of all sign-ins, of the checked ones and of the 503s. Compare the checkout figures
 * of a run with BENCH_SIGN_INS and one without to see what the flood costs a checkout.
 * Exits 1 unless exactly one booking (by the answers and in the database), no 5xx, no hold left, and every other
 * answer the "car no longer available" one (anything else — a 429, a 400 — means the bench did not test the race);
 * and, with BENCH_SIGN_INS, unless every sign-in was answered "Incorrect email or password" or 503. A 503 on a
 * sign-in is the server refusing a flood of password checks as designed and never fails the run; a 5xx on a
 * checkout always does, as does any other answer to a sign-in (a 429: a rate limit the bench meant to avoid; a 500).
 *
 * It only ever targets this machine (the base URL and DATABASE_URL must be local) and books far in the future.
 * The helpers it exports (reading a server-rendered form, posting it as a browser without JavaScript does, booking
 * a car) are reused by bench/find-booking-timing.ts.
 */
import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { checkoutHref, type CheckoutLink } from "~/models/navigation/links";

export const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/** A local PostgreSQL URL from DATABASE_URL, or a clear stop. */
export function localDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "DATABASE_URL: the PostgreSQL database the server runs on (e.g. postgresql://postgres@127.0.0.1:5432/bench_burst)",
    );
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(new URL(url).hostname))
    throw new Error("DATABASE_URL: benches read this machine's database only");
  return url;
}

// ---------------------------------------------------------------------------------------------------------------
// Forms as a browser without JavaScript reads and posts them.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const body = tag.replace(/^<\s*[\w-]+/, "").replace(/\/?>$/, "");
  for (const match of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  return attributes;
}

/** The text a person reads in an HTML fragment (tags dropped, entities decoded, spaces collapsed). */
export const textOf = (html: string) =>
  decodeEntities(html.replace(/<script[\s\S]*?<\/script>/gi, " ").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

export interface Control {
  tag: "input" | "select" | "textarea" | "button";
  type: string;
  name: string;
  value: string;
  checked: boolean;
}

export interface HtmlForm {
  /** Where the form posts (its action, resolved against the page's address). */
  action: string;
  enctype: "application/x-www-form-urlencoded" | "multipart/form-data";
  controls: Control[];
}

/** The form with this id (or the first form whose action starts with `actionPath`), and its controls. */
export function readForm(html: string, pageUrl: string, find: { id?: string; actionPath?: string }): HtmlForm {
  let formTag: string | undefined;
  let formStart = -1;
  for (const match of html.matchAll(/<form\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0]);
    const action = new URL(attributes.action ?? "", pageUrl).pathname;
    if ((find.id && attributes.id === find.id) || (!find.id && find.actionPath && action === find.actionPath)) {
      formTag = match[0];
      formStart = match.index!;
      break;
    }
  }
  if (!formTag) throw new Error(`no form ${find.id ?? find.actionPath} on ${pageUrl}`);
  const attributes = attributesOf(formTag);
  const formEnd = html.indexOf("</form>", formStart);
  const id = attributes.id;
  const controls: Control[] = [];
  // Each control in document order: inside the form element, or anywhere with form="<id>".
  for (const match of html.matchAll(/<(input|select|textarea|button)\b[^>]*>/gi)) {
    const at = match.index!;
    const control = attributesOf(match[0]);
    const inside = at > formStart && at < formEnd;
    const owner = control.form;
    if (owner !== undefined ? owner !== id : !inside) continue;
    if (!control.name || "disabled" in control) continue;
    const tag = match[1]!.toLowerCase() as Control["tag"];
    let value = control.value ?? "";
    if (tag === "textarea") value = decodeEntities(html.slice(at + match[0].length, html.indexOf("</textarea>", at)));
    if (tag === "select") {
      const options = html.slice(at, html.indexOf("</select>", at)).match(/<option\b[^>]*>[^<]*/gi) ?? [];
      const chosen = options.find((option) => /\bselected\b/i.test(option)) ?? options[0] ?? "";
      const optionAttributes = attributesOf(chosen.replace(/>[^>]*$/, ">"));
      value = optionAttributes.value ?? textOf(chosen.replace(/^<option\b[^>]*>/i, ""));
    }
    const type = (control.type ?? (tag === "button" ? "submit" : "text")).toLowerCase();
    controls.push({ tag, type, name: control.name, value, checked: "checked" in control });
  }
  return {
    action: new URL(attributes.action ?? pageUrl, pageUrl).href,
    enctype:
      (attributes.enctype ?? "").toLowerCase() === "multipart/form-data"
        ? "multipart/form-data"
        : "application/x-www-form-urlencoded",
    controls,
  };
}

/** A 1×1 PNG: what a driver's licence photo is as far as this bench is concerned. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * The body a browser sends for this form submitted with the button `submitter` (name=value), after the visitor typed
 * `typed` (text fields by name; a radio group or a checkbox by the value to tick: "on" for a plain checkbox) and
 * chose `files` (file inputs by name). Disabled controls and unticked boxes are left out, as browsers do.
 */
export function formBody(
  form: HtmlForm,
  typed: Record<string, string>,
  submitter: { name: string; value: string },
  files: Record<string, { name: string; type: string; bytes: Uint8Array }> = {},
): URLSearchParams | FormData {
  const entries: Array<[string, string | Blob, string?]> = [];
  const submitters = form.controls.filter((control) => ["submit", "image"].includes(control.type));
  if (!submitters.some((control) => control.name === submitter.name && control.value === submitter.value))
    throw new Error(`the form has no button ${submitter.name}=${submitter.value}`);
  for (const control of form.controls) {
    const given = typed[control.name];
    switch (control.type) {
      case "submit":
      case "image":
      case "reset":
        if (control.name === submitter.name && control.value === submitter.value)
          entries.push([control.name, control.value]);
        break;
      case "checkbox":
      case "radio": {
        const checked = given === undefined ? control.checked : given === control.value;
        if (checked) entries.push([control.name, control.value || "on"]);
        break;
      }
      case "file": {
        const file = files[control.name];
        const blob = new Blob(file ? [new Uint8Array(file.bytes)] : [], {
          type: file?.type ?? "application/octet-stream",
        });
        entries.push([control.name, blob, file?.name ?? ""]);
        break;
      }
      default:
        entries.push([control.name, given ?? control.value]);
    }
  }
  if (form.enctype === "multipart/form-data") {
    const body = new FormData();
    for (const [name, value, fileName] of entries)
      if (typeof value === "string") body.append(name, value);
      else body.append(name, value, fileName);
    return body;
  }
  if (entries.some(([, value]) => typeof value !== "string")) throw new Error("a file in a URL-encoded form");
  return new URLSearchParams(entries.map(([name, value]) => [name, value as string]));
}

/** The headers of a same-site form post, from a visitor at `clientIp` (believed by a server with TRUST_PROXY). */
export function postHeaders(base: string, clientIp: string, cookie?: string): Record<string, string> {
  return {
    Origin: new URL(base).origin,
    "Sec-Fetch-Site": "same-origin",
    "Accept-Language": "en",
    Accept: "text/html",
    "X-Forwarded-For": clientIp,
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

/** A client address of its own for each visitor: 10.x.y.z, random per run so that reruns meet fresh counters. */
export function addressMaker() {
  let next = randomInt(1, 2 ** 24 - 100_000);
  return () => {
    next++;
    return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The checkout.

/** The English text the app answers when the car was taken meanwhile (checkout:problems.carUnavailable). */
export const CAR_TAKEN_KEY = "checkout:problems.carUnavailable";
export const CAR_TAKEN_TEXT: string = JSON.parse(
  readFileSync(new URL("../app/locales/en/checkout.json", import.meta.url), "utf8"),
).problems.carUnavailable;

export type { CheckoutLink };

export const checkoutUrl = (base: string, link: CheckoutLink) => `${base}${checkoutHref(link)}`;

/** 'YYYY-MM-DD' so many days from today (UTC). */
export const dayAhead = (days: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
};

/** The checkout page of a link, read as a browser without JavaScript gets it. */
export async function checkoutPage(base: string, link: CheckoutLink) {
  const url = checkoutUrl(base, link);
  const response = await fetch(url, { headers: { "Accept-Language": "en", Accept: "text/html" } });
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(
      `GET ${url}: ${response.status} ${textOf(/role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "")}`,
    );
  const form = readForm(html, url, { id: "checkout" });
  const car = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").replace(/^Book the /, "");
  return { url, form, car };
}

/** What the form offers: payment options, a card form (the sandbox's), a licence field. */
export function checkoutOffers(form: HtmlForm) {
  return {
    paymentModes: form.controls.filter((control) => control.name === "paymentMode").map((control) => control.value),
    cardForm: form.controls.some((control) => control.name === "cardNumber"),
    gateway: form.controls.find((control) => control.name === "gateway")?.value ?? null,
    licence: form.controls.some((control) => control.type === "file"),
  };
}

export interface Visitor {
  fullName: string;
  email: string;
  clientIp: string;
}

/** A card the sandbox gateway approves (README; sandbox.server.ts declines only its listed numbers), valid 3 years. */
export function sandboxCard() {
  const expiry = new Date();
  const month = String(expiry.getUTCMonth() + 1).padStart(2, "0");
  return {
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: `${month}/${String(expiry.getUTCFullYear() + 3).slice(2)}`,
    cardCvc: "123",
  };
}

export interface Answer {
  status: number;
  location: string | null;
  setCookie: string[];
  /** Its Retry-After header (a 503 or a 429 should say when to try again). */
  retryAfter: string | null;
  html: string;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

/** "Book" on the checkout form, as the visitor types it: name, e-mail, phone, birth date, terms, payment (and card). */
export function bookingBody(form: HtmlForm, visitor: Visitor, paymentMode: string) {
  const offers = checkoutOffers(form);
  if (!offers.paymentModes.includes(paymentMode))
    throw new Error(`the form offers ${offers.paymentModes.join(", ")}, not ${paymentMode}`);
  const typed: Record<string, string> = {
    fullName: visitor.fullName,
    email: visitor.email,
    phone: "+33 6 12 34 56 78",
    birthDate: "1990-01-01",
    acceptTerms: "on",
    paymentMode,
    ...(paymentMode !== "payLater" && offers.cardForm ? sandboxCard() : {}),
  };
  const files: Parameters<typeof formBody>[3] = offers.licence
    ? { license: { name: "licence.png", type: "image/png", bytes: TINY_PNG } }
    : {};
  return formBody(form, typed, { name: "intent", value: "book" }, files);
}

/** Sends a prepared form post and reads the whole answer (redirects not followed). */
export async function post(
  url: string,
  body: URLSearchParams | FormData,
  headers: Record<string, string>,
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { method: "POST", redirect: "manual", headers, body });
  const html = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    setCookie: response.headers.getSetCookie(),
    retryAfter: response.headers.get("retry-after"),
    html,
    ms: performance.now() - started,
  };
}

/** A booking: a redirect to its confirmation (pay later) or to its payment's return page (paid online). */
export const isBooked = (answer: Answer) =>
  (answer.status === 302 || answer.status === 303) &&
  /^\/(confirmation|checkout-session)\//.test(answer.location ?? "");

/** The "car is taken" answer: 409 with the translated carUnavailable message. */
export const isCarTaken = (answer: Answer) => answer.status === 409 && textOf(answer.html).includes(CAR_TAKEN_TEXT);

/** What an answer says, for grouping the unexpected ones: its alert or error summary, else its title. */
export function answerSummary(answer: Answer): string {
  if (answer.location) return `${answer.status} → ${answer.location.replace(/\/[^/]{12,}$/, "/…")}`;
  const alert =
    /class="[^"]*error-summary[^"]*"[^>]*>([\s\S]*?)<\/(?:div|section)>/.exec(answer.html)?.[1] ??
    /role="alert"[^>]*>([\s\S]*?)<\/(?:div|p)>/.exec(answer.html)?.[1] ??
    /<title>([\s\S]*?)<\/title>/.exec(answer.html)?.[1] ??
    answer.html.slice(0, 200);
  return `${answer.status} ${textOf(alert).slice(0, 160)}`;
}

/**
 * Finds a car free for the period on the results page of `pickup`, preferring one whose supplier asks for no licence
 * and that offers `paymentMode` (or, when null, any). Returns its link, its page and what its form offers.
 */
export async function findCar(
  base: string,
  pickup: string,
  from: string,
  to: string,
  paymentMode: string | null,
  carId?: string,
) {
  if (carId) {
    const link: CheckoutLink = { car: carId, pickup, dropoff: pickup, from, to };
    return { link, ...(await checkoutPage(base, link)) };
  }
  const searchUrl = `${base}/search?${new URLSearchParams({ pickup, same: "on", from, to }).toString()}`;
  const results = await (await fetch(searchUrl, { headers: { "Accept-Language": "en" } })).text();
  const hrefs = [...results.matchAll(/href="(\/checkout\?[^"]+)"/g)].map((match) => decodeEntities(match[1]!));
  if (!hrefs.length) throw new Error(`no car offered at ${pickup} from ${from} to ${to}`);
  let fallback: (Awaited<ReturnType<typeof checkoutPage>> & { link: CheckoutLink }) | undefined;
  for (const href of [...new Set(hrefs)]) {
    const query = new URL(href, base).searchParams;
    const link: CheckoutLink = {
      car: query.get("car")!,
      pickup: query.get("pickup")!,
      dropoff: query.get("dropoff") ?? pickup,
      from: query.get("from")!,
      to: query.get("to")!,
    };
    const page = await checkoutPage(base, link);
    const offers = checkoutOffers(page.form);
    if (paymentMode && !offers.paymentModes.includes(paymentMode)) continue;
    if (!offers.licence) return { link, ...page };
    fallback ??= { link, ...page };
  }
  if (fallback) return fallback;
  throw new Error(`no car at ${pickup} offers ${paymentMode}`);
}

/** Books `link` as `visitor` through the checkout form (GET the page, then "Book"); the answer and the form. */
export async function bookAsVisitor(base: string, link: CheckoutLink, visitor: Visitor, paymentMode: string) {
  const { form } = await checkoutPage(base, link);
  return post(form.action, bookingBody(form, visitor, paymentMode), postHeaders(base, visitor.clientIp));
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-ins, fired with the burst (BENCH_SIGN_INS).

const COMMON = JSON.parse(readFileSync(new URL("../app/locales/en/common.json", import.meta.url), "utf8"));
/** The English refusal of a wrong address or password (common:errors.incorrectCredentials), a 400. */
export const INCORRECT_CREDENTIALS_TEXT: string = COMMON.errors.incorrectCredentials;
/** The heading of the page a sign-in refused as "busy" gets (common:errors.busyTitle), a 503. */
export const BUSY_TEXT: string = COMMON.errors.busyTitle;

/** The /sign-in form, read as a browser without JavaScript gets it. */
export async function signInForm(base: string): Promise<HtmlForm> {
  const url = `${base}/sign-in`;
  const response = await fetch(url, { headers: { "Accept-Language": "en", Accept: "text/html" } });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return readForm(await response.text(), url, { id: "sign-in" });
}

/** "Sign in" with an address and a password, as typed (hidden fields such as redirectTo as the page gave them). */
export const signInBody = (form: HtmlForm, email: string, password: string) =>
  formBody(form, { email, password }, { name: "intent", value: "sign-in" });

export const isWrongCredentials = (answer: Answer) =>
  answer.status === 400 && textOf(answer.html).includes(INCORRECT_CREDENTIALS_TEXT);
export const isBusyRefusal = (answer: Answer) => answer.status === 503 && textOf(answer.html).includes(BUSY_TEXT);

// ---------------------------------------------------------------------------------------------------------------
// Figures.

export const median = (values: number[]) => percentile(values, 50);
/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
export const ms = (value: number) => `${value.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const [base = "http://127.0.0.1:3000", concurrencyText = "200"] = process.argv.slice(2);
  if (!LOCAL.test(base))
    throw new Error("benches target this machine only (http://127.0.0.1:PORT or http://localhost:PORT)");
  const concurrency = Number(concurrencyText);
  if (!(Number.isInteger(concurrency) && concurrency >= 2)) throw new Error("concurrency: a whole number ≥ 2");
  const singleRuns = Number(process.env.BENCH_SINGLE_RUNS ?? 5);
  if (!(Number.isInteger(singleRuns) && singleRuns >= 1)) throw new Error("BENCH_SINGLE_RUNS: a whole number ≥ 1");
  const signIns = Number(process.env.BENCH_SIGN_INS ?? 0);
  if (!(Number.isInteger(signIns) && signIns >= 0)) throw new Error("BENCH_SIGN_INS: a whole number ≥ 0");
  const pickup = process.env.BENCH_PICKUP ?? "tunis";
  const day = Number(process.env.BENCH_DAY ?? randomInt(200, 401));
  const databaseUrl = localDatabaseUrl();
  const health = await fetch(`${base}/healthz`).then(
    async (response) => `${response.status} ${await response.text()}`,
    (error: Error) => `no answer (${error.message})`,
  );
  if (!health.includes('"database":"postgres"'))
    throw new Error(`${base}/healthz: ${health} — start one instance on PostgreSQL first (see the header)`);

  const run = randomBytes(4).toString("hex");
  const nextAddress = addressMaker();
  const visitor = (label: string, index: number): Visitor => ({
    fullName: `Burst Driver ${label} ${index}`,
    email: `burst-${run}-${label}-${index}@example.com`,
    clientIp: nextAddress(),
  });

  // The car and the burst's period: three days, pick-up at 10:00 on the chosen day.
  const from = `${dayAhead(day)}T10:00`;
  const to = `${dayAhead(day + 3)}T10:00`;
  const wanted = process.env.BENCH_PAYMENT ?? null;
  const chosen = await findCar(base, pickup, from, to, wanted, process.env.BENCH_CAR || undefined);
  const offers = checkoutOffers(chosen.form);
  const paymentMode = wanted ?? (offers.cardForm && offers.paymentModes.includes("full") ? "full" : "payLater");
  const { link } = chosen;
  const paying =
    paymentMode === "payLater"
      ? "pay later (at the counter)"
      : `${paymentMode} online through the ${offers.gateway} gateway (card 4242…)`;
  console.log(
    `checkout-burst: ${base}, car "${chosen.car}" (${link.car}) at ${link.pickup}, ${link.from} → ${link.to}, ${paying}, ` +
      `${offers.licence ? "licence PNG sent (multipart)" : "no licence asked"}, ${concurrency} visitors` +
      `${signIns ? ` + ${signIns} sign-ins (wrong passwords) at the same moment` : ""}, run ${run}`,
  );

  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  /** Bookings of the car overlapping a period given on the pick-up and drop-off places' clocks. */
  const countFor = async (period: CheckoutLink) => {
    const { rows } = await database.query<{ bookings: number; holds: number; released: number }>(
      `select count(*) filter (where b.status not in ('void', 'cancelled'))::int as bookings,
              count(*) filter (where b.status = 'void')::int as holds,
              count(*) filter (where b.status = 'cancelled')::int as released
         from bookings b, locations p, locations d
        where b.car_id = $1 and p.slug = $2 and d.slug = $3
          and tstzrange(b.starts_at, b.ends_at) && tstzrange($4::timestamp at time zone p.time_zone, $5::timestamp at time zone d.time_zone)`,
      [period.car, period.pickup, period.dropoff, period.from, period.to],
    );
    return rows[0]!;
  };
  const before = await countFor(link);
  if (before.bookings + before.holds > 0)
    throw new Error(`the period is not free: ${JSON.stringify(before)}; choose another BENCH_DAY`);

  try {
    // 1. One checkout alone, several times: each on its own free period of the same car (after the burst's; periods
    // an earlier run booked are skipped).
    const single: number[] = [];
    for (let index = 0, start = day + 5, skipped = 0; index < singleRuns; index++, start += 4) {
      const period = { ...link, from: `${dayAhead(start)}T10:00`, to: `${dayAhead(start + 3)}T10:00` };
      const page = await checkoutPage(base, period).catch((error: Error) => error);
      if (page instanceof Error) {
        // A period an earlier run booked (the page answers 409): the next one.
        if (!/: 409 /.test(page.message) || ++skipped > 100) throw page;
        index--;
        continue;
      }
      const { form } = page;
      const one = visitor("alone", index);
      const answer = await post(form.action, bookingBody(form, one, paymentMode), postHeaders(base, one.clientIp));
      if (!isBooked(answer)) throw new Error(`a checkout alone was not booked: ${answerSummary(answer)}`);
      single.push(answer.ms);
    }
    const singleMedian = median(single);
    console.log(
      `single checkout alone: ${singleRuns} runs, median ${ms(singleMedian)} (${single.map((value) => value.toFixed(0)).join(", ")} ms)`,
    );

    // 1b. With BENCH_SIGN_INS: a few sign-ins alone (after one not counted, which also makes the server's decoy hash
    // for unknown addresses), each from its own address with its own never-registered e-mail and a wrong password.
    const signIn = signIns ? await signInForm(base) : null;
    let signInNumber = 0;
    const signInRequest = (form: HtmlForm) => {
      const index = signInNumber++;
      return {
        body: signInBody(form, `sign-in-${run}-${index}@example.com`, `wrong password ${run} ${index}`),
        headers: postHeaders(base, nextAddress()),
      };
    };
    let signInAloneMedian = NaN;
    if (signIn) {
      const alone: number[] = [];
      for (let index = 0; index < 4; index++) {
        const { body, headers } = signInRequest(signIn);
        const answer = await post(signIn.action, body, headers);
        if (!isWrongCredentials(answer)) throw new Error(`a sign-in alone: ${answerSummary(answer)}`);
        if (index > 0) alone.push(answer.ms);
      }
      signInAloneMedian = median(alone);
      console.log(
        `single sign-in alone (wrong password): 3 runs, median ${ms(signInAloneMedian)} (${alone.map((value) => value.toFixed(0)).join(", ")} ms)`,
      );
    }

    // 2. The burst: every body prepared first, then every post sent in the same tick (checkouts and sign-ins
    // interleaved).
    const { form } = await checkoutPage(base, link);
    const visitors = Array.from({ length: concurrency }, (_, index) => visitor("burst", index));
    const bodies = visitors.map((one) => bookingBody(form, one, paymentMode));
    const signInRequests = signIn ? Array.from({ length: signIns }, () => signInRequest(signIn)) : [];
    const sent = performance.now();
    const noAnswer = (error: Error): Answer => ({
      status: 0,
      location: null,
      setCookie: [],
      retryAfter: null,
      html: `no answer: ${error.message}`,
      ms: performance.now() - sent,
    });
    const checkoutPosts: Array<Promise<Answer>> = [];
    const signInPosts: Array<Promise<Answer>> = [];
    for (let index = 0; index < Math.max(concurrency, signInRequests.length); index++) {
      if (index < concurrency)
        checkoutPosts.push(
          post(form.action, bodies[index]!, postHeaders(base, visitors[index]!.clientIp)).catch(noAnswer),
        );
      const request = signInRequests[index];
      if (request) signInPosts.push(post(signIn!.action, request.body, request.headers).catch(noAnswer));
    }
    let elapsed = 0;
    let signInElapsed = 0;
    const [answers, signInAnswers] = await Promise.all([
      Promise.all(checkoutPosts).then((all) => ((elapsed = performance.now() - sent), all)),
      Promise.all(signInPosts).then((all) => ((signInElapsed = performance.now() - sent), all)),
    ]);

    const byStatus = new Map<number, number>();
    for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const booked = answers.filter(isBooked);
    const taken = answers.filter(isCarTaken);
    const serverErrors = answers.filter((answer) => answer.status >= 500);
    const others = answers.filter((answer) => !isBooked(answer) && !isCarTaken(answer));
    const otherGroups = new Map<string, number>();
    for (const answer of others)
      otherGroups.set(answerSummary(answer), (otherGroups.get(answerSummary(answer)) ?? 0) + 1);
    const latencies = answers.map((answer) => answer.ms);
    const [p50, p95, max] = [percentile(latencies, 50), percentile(latencies, 95), Math.max(...latencies)];
    const times = (value: number) => `${(value / singleMedian).toFixed(1)}×`;

    console.log(`burst: ${concurrency} simultaneous posts answered in ${ms(elapsed)}`);
    console.log(
      `answers by status: ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status || "no answer"} ×${count}`)
        .join(", ")}`,
    );
    console.log(
      `booked (redirect to a confirmation): ${booked.length}; told "${CAR_TAKEN_TEXT}" (${CAR_TAKEN_KEY}, 409): ${taken.length}; ` +
        `other: ${others.length}; 5xx: ${serverErrors.length}`,
    );
    for (const [summary, count] of otherGroups) console.log(`  other ×${count}: ${summary}`);
    if (others.some((answer) => answer.status === 429))
      console.log(
        "  (429: the server counts every visitor as one address — start it with TRUST_PROXY=loopback, see the header)",
      );
    console.log(
      `burst latency: p50 ${ms(p50)} (${times(p50)}), p95 ${ms(p95)} (${times(p95)}), max ${ms(max)} (${times(max)}) ` +
        `against the single checkout's median ${ms(singleMedian)}`,
    );

    // 2b. The sign-ins fired with it.
    const signInFailures: string[] = [];
    if (signIns) {
      const statuses = new Map<number, number>();
      for (const answer of signInAnswers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const checked = signInAnswers.filter(isWrongCredentials);
      const refusedBusy = signInAnswers.filter(isBusyRefusal);
      const all503 = signInAnswers.filter((answer) => answer.status === 503);
      const retryAfters = new Map<string, number>();
      for (const answer of all503)
        retryAfters.set(answer.retryAfter ?? "none", (retryAfters.get(answer.retryAfter ?? "none") ?? 0) + 1);
      const unexpected = signInAnswers.filter((answer) => !isWrongCredentials(answer) && answer.status !== 503);
      const unexpectedGroups = new Map<string, number>();
      for (const answer of [...unexpected, ...all503.filter((answer) => !isBusyRefusal(answer))])
        unexpectedGroups.set(answerSummary(answer), (unexpectedGroups.get(answerSummary(answer)) ?? 0) + 1);
      const spread = (answers: Answer[]) => {
        if (!answers.length) return "none";
        const values = answers.map((answer) => answer.ms);
        return `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;
      };
      console.log(`sign-ins: ${signIns} simultaneous posts answered in ${ms(signInElapsed)}`);
      console.log(
        `sign-in answers by status: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status || "no answer"} ×${count}`)
          .join(", ")}`,
      );
      console.log(
        `  told "${INCORRECT_CREDENTIALS_TEXT}" (400): ${checked.length}; refused "${BUSY_TEXT}" (503): ${refusedBusy.length}` +
          ` of ${all503.length} 503s; Retry-After on the 503s: ${
            all503.length
              ? [...retryAfters]
                  .map(([value, count]) => `${value === "none" ? "none" : `"${value}"`} ×${count}`)
                  .join(", ")
              : "no 503"
          }` +
          `${all503.length && !retryAfters.has("none") ? " (every 503 carried it)" : ""}; other: ${unexpected.length}`,
      );
      for (const [summary, count] of unexpectedGroups) console.log(`  other ×${count}: ${summary}`);
      console.log(
        `sign-in latency: all ${spread(signInAnswers)}; checked (400) ${spread(checked)}; busy (503) ${spread(all503)}` +
          ` (a sign-in alone: ${ms(signInAloneMedian)})`,
      );
      if (unexpected.length)
        signInFailures.push(
          `${unexpected.length} sign-ins were neither "${INCORRECT_CREDENTIALS_TEXT}" nor a 503 (a 429 or a 500: see above)`,
        );
    }

    // 3. What the database holds now.
    const after = await countFor(link);
    const { rows: holdRows } = await database.query<{ holds: number }>(
      "select count(*)::int as holds from bookings where car_id = $1 and status = 'void'",
      [link.car],
    );
    const holds = holdRows[0]!.holds;
    console.log(
      `database: bookings of the car for the period: ${after.bookings}; holds of the car left unpaid (status 'void'): ${holds}; ` +
        `released holds for the period (status 'cancelled'): ${after.released}`,
    );

    const failures: string[] = [];
    if (booked.length !== 1) failures.push(`${booked.length} answers booked the car`);
    if (after.bookings !== 1) failures.push(`${after.bookings} bookings in the database`);
    if (serverErrors.length) failures.push(`${serverErrors.length} answers were 5xx`);
    if (holds) failures.push(`${holds} unpaid holds left`);
    if (others.length) failures.push(`${others.length} answers were neither a booking nor "car no longer available"`);
    failures.push(...signInFailures);
    console.log(failures.length ? `checkout-burst: FAILED — ${failures.join("; ")}` : "checkout-burst: passed");
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await database.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
