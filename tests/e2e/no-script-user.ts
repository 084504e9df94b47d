import { Window } from "happy-dom";
import { queryAllByLabelText, queryAllByRole, queryAllByText, type ByRoleMatcher } from "@testing-library/dom";
import { expect, request as requests, type APIRequestContext, type APIResponse } from "@playwright/test";
import { bookingTexts, signUpFields, type NewDriver } from "./support";

/**
 * A browser with scripting off, without the browser (issue 49, decision 047): it asks for a document, reads it as
 * HTML, follows links and posts forms exactly as the HTML standard says a script-less browser does (the submitter's
 * name and value, `formaction` and `formmethod`, checked boxes only, disabled controls left out, `form=` owners), and
 * keeps cookies through redirects. A flow's script-less twin runs on it where no browser behaviour is at stake: the
 * same requests reach the same built server, at a fraction of the CPU a rendering browser spends on them. What only
 * a browser shows (hydration, focus, axe's contrast and layout rules, widths) stays in the browser's run.
 *
 * Queries follow Playwright's locators: roles and accessible names (Testing Library's, from the same ARIA rules), a
 * string name matching case-insensitively as part of the name unless `exact`, one element required to act.
 */
export type Name = string | RegExp;
interface NameOptions {
  name?: Name;
  exact?: boolean;
}

const normalise = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** Playwright's string semantics: case-insensitive and partial unless exact. */
function nameMatcher(name: Name, exact = false): string | RegExp | ((content: string) => boolean) {
  if (name instanceof RegExp) return name;
  if (exact) return name;
  const wanted = name.toLowerCase();
  return (content: string) => normalise(content).toLowerCase().includes(wanted);
}

/** Elements found by a query, acted on only when exactly one is meant (as Playwright's strict locators). */
export class Found {
  constructor(
    private readonly user: NoScriptUser,
    readonly elements: Element[],
    private readonly description: string,
  ) {}

  count() {
    return this.elements.length;
  }
  first() {
    return new Found(this.user, this.elements.slice(0, 1), `${this.description} (first)`);
  }
  last() {
    return new Found(this.user, this.elements.slice(-1), `${this.description} (last)`);
  }
  nth(index: number) {
    return new Found(this.user, this.elements.slice(index, index + 1), `${this.description} (#${index})`);
  }
  /** Those holding `hasText` (as part of their text, any case) or matching it. */
  filter({ hasText }: { hasText: Name }) {
    const keep = this.elements.filter((element) => {
      const text = normalise(element.textContent);
      return hasText instanceof RegExp ? hasText.test(text) : text.toLowerCase().includes(hasText.toLowerCase());
    });
    return new Found(this.user, keep, `${this.description} with text ${hasText}`);
  }

  /** The one element meant; fails naming the query when there are none or several. */
  one(): Element {
    expect(this.elements.length, `exactly one ${this.description} on ${this.user.path}`).toBe(1);
    return this.elements[0]!;
  }

  text() {
    return normalise(this.one().textContent);
  }
  texts() {
    return this.elements.map((element) => normalise(element.textContent));
  }
  attribute(name: string) {
    return this.one().getAttribute(name);
  }
  value() {
    const element = this.one();
    if (element.tagName === "SELECT") return selectedOptions(element as HTMLSelectElement)[0]?.value ?? "";
    return (element as HTMLInputElement).value;
  }
  checked() {
    return this.one().hasAttribute("checked");
  }
  /** The options of a select: label and value. */
  options() {
    return [...(this.one() as HTMLSelectElement).options].map((option) => ({
      label: normalise(option.textContent),
      value: option.value,
      selected: option.hasAttribute("selected"),
    }));
  }

  getByRole(role: ByRoleMatcher, options: NameOptions & { level?: number } = {}) {
    return this.user.query(this.elements, "role", role, options);
  }
  getByLabel(label: Name, options: { exact?: boolean } = {}) {
    return this.user.query(this.elements, "label", label, options);
  }
  getByText(text: Name, options: { exact?: boolean } = {}) {
    return this.user.query(this.elements, "text", text, options);
  }
  locator(selector: string) {
    return new Found(
      this.user,
      this.elements.flatMap((element) => [...element.querySelectorAll(selector)]),
      selector,
    );
  }

  fill(value: string) {
    const element = this.one() as HTMLInputElement | HTMLTextAreaElement;
    expect(["INPUT", "TEXTAREA"], `${this.description} takes text`).toContain(element.tagName);
    element.value = value;
  }
  /** Chooses an option by its label (exact, as a person reads it) or its value. */
  selectOption(choice: { label: string } | { value: string } | string) {
    const select = this.one() as HTMLSelectElement;
    const options = [...select.options];
    const wanted = options.find((option) =>
      typeof choice === "string"
        ? option.value === choice || normalise(option.textContent) === choice
        : "label" in choice
          ? normalise(option.textContent) === choice.label
          : option.value === choice.value,
    );
    expect(wanted, `${this.description} offers ${JSON.stringify(choice)}`).toBeTruthy();
    for (const option of options) option.toggleAttribute("selected", option === wanted);
  }
  /** A file chosen for a file field, sent when its form is posted as multipart. */
  setInputFiles(file: { name: string; mimeType: string; buffer: Buffer } | null) {
    const input = this.one() as HTMLInputElement;
    expect(input.getAttribute("type"), `${this.description} takes a file`).toBe("file");
    if (file) this.user.chosenFiles.set(input, file);
    else this.user.chosenFiles.delete(input);
  }
  check() {
    this.setChecked(true);
  }
  uncheck() {
    this.setChecked(false);
  }
  private setChecked(checked: boolean) {
    const input = this.one() as HTMLInputElement;
    expect(["checkbox", "radio"], `${this.description} can be checked`).toContain(input.type);
    if (input.type === "radio" && checked) {
      for (const other of this.user.controlsOf(input.form)) {
        if (other.getAttribute("type") === "radio" && other.getAttribute("name") === input.name)
          other.removeAttribute("checked");
      }
    }
    input.toggleAttribute("checked", checked);
  }

  /** A link is followed; a submit button posts (or gets) its form; a box is toggled. */
  async click() {
    const element = this.one();
    if (element.tagName === "A") {
      const href = element.getAttribute("href");
      expect(href, `${this.description} has an address`).toBeTruthy();
      return this.user.goto(new URL(href!, this.user.url).toString());
    }
    const input = element as HTMLInputElement;
    if (input.tagName === "INPUT" && (input.type === "checkbox" || input.type === "radio"))
      return this.setChecked(input.type === "radio" ? true : !input.hasAttribute("checked"));
    const isSubmitter =
      (element.tagName === "BUTTON" && (element.getAttribute("type") ?? "submit") === "submit") ||
      (element.tagName === "INPUT" && ["submit", "image"].includes(input.type));
    expect(isSubmitter, `${this.description} is a link, a box or a submit button`).toBe(true);
    return this.user.submit(element as HTMLButtonElement);
  }
}

/**
 * A select's chosen options, from the markup and `selectOption` (happy-dom's selectedness misreads a server-rendered
 * `selected`): a single select with none marked shows, and submits, its first.
 */
function selectedOptions(select: HTMLSelectElement) {
  const options = [...select.querySelectorAll("option")];
  const chosen = options.filter((option) => option.hasAttribute("selected"));
  return chosen.length || select.hasAttribute("multiple") ? chosen : options.slice(0, 1);
}

export class NoScriptUser {
  readonly window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  });
  private document: Document | null = null;
  private html = "";
  /** Files chosen for file fields of the open document. */
  readonly chosenFiles = new WeakMap<Element, { name: string; mimeType: string; buffer: Buffer }>();
  url = "about:blank";
  status = 0;

  constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
  ) {}

  /** The current address's path and query, for messages and assertions. */
  get path() {
    const url = new URL(this.url);
    return `${url.pathname}${url.search}`;
  }

  /** Opens an address (relative to the site), following redirects as a browser does. */
  async goto(address: string) {
    return this.load(
      await this.request.get(new URL(address, this.origin).toString(), {
        headers: { accept: "text/html" },
        maxRedirects: 20,
        // A reused connection the server closed as it went idle answers ECONNRESET: a GET is asked again.
        maxRetries: 2,
      }),
    );
  }

  private async load(response: APIResponse) {
    this.status = response.status();
    this.url = response.url();
    const html = await response.text();
    this.html = html;
    this.document = new this.window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
    return response;
  }

  /**
   * Waits as a browser without scripts does on a page that refreshes itself (`<meta http-equiv="refresh">`, the
   * import job's page), until `done()` holds; fails if the page stops refreshing first, or after `withinMs`.
   */
  async followRefreshUntil(done: () => boolean, withinMs = 60_000) {
    const deadline = Date.now() + withinMs;
    while (!done()) {
      const refresh = /<meta http-equiv="refresh" content="(\d+)"/i.exec(this.html);
      expect(refresh, `${this.path} refreshes itself while it waits`).toBeTruthy();
      expect(Date.now(), `${this.path} reached its outcome within ${withinMs} ms`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, Number(refresh![1]) * 1000));
      await this.goto(this.path);
    }
  }

  private get body(): Element {
    expect(this.document, "a page is open").toBeTruthy();
    return this.document!.body;
  }

  page() {
    return new Found(this, [this.body], "page");
  }
  getByRole(role: ByRoleMatcher, options: NameOptions & { level?: number } = {}) {
    return this.page().getByRole(role, options);
  }
  getByLabel(label: Name, options: { exact?: boolean } = {}) {
    return this.page().getByLabel(label, options);
  }
  getByText(text: Name, options: { exact?: boolean } = {}) {
    return this.page().getByText(text, options);
  }
  locator(selector: string) {
    return this.page().locator(selector);
  }
  /** The document's title and main heading, the words a person lands on. */
  heading() {
    return this.getByRole("heading", { level: 1 }).first().text();
  }
  /** The document's title. */
  title() {
    return normalise(this.body.ownerDocument.title);
  }
  /** The text of `main`, spaces folded. */
  mainText() {
    return this.getByRole("main").text();
  }

  query(
    within: Element[],
    by: "role" | "label" | "text",
    what: ByRoleMatcher | Name,
    options: NameOptions & { level?: number },
  ): Found {
    const found = new Set<Element>();
    for (const container of within) {
      const scope = container as HTMLElement;
      const matches =
        by === "role"
          ? queryAllByRole(scope, what as ByRoleMatcher, {
              ...(options.name === undefined ? {} : { name: nameMatcher(options.name, options.exact) }),
              ...(options.level === undefined ? {} : { level: options.level }),
            })
          : by === "label"
            ? queryAllByLabelText(scope, nameMatcher(what as Name, options.exact))
            : queryAllByText(scope, nameMatcher(what as Name, options.exact), { ignore: "script, style, template" });
      for (const element of matches) found.add(element);
    }
    const named = options.name === undefined ? "" : ` named ${String(options.name)}`;
    return new Found(this, [...found], `${by} ${String(what)}${named}`);
  }

  /**
   * The form's controls in tree order, those outside it naming it with `form=` included. As HTML's form owner: a
   * control with `form=` belongs to the document's first element of that id, and to no form at all when that element
   * is not a form (a heading sharing the form's id takes its fields away).
   */
  controlsOf(form: HTMLFormElement | null): Element[] {
    if (!form) return [];
    const document = this.body.ownerDocument;
    const inside = [...form.querySelectorAll("input, select, textarea, button")];
    const outside = form.id
      ? [...document.querySelectorAll(`[form="${form.id}"]`)].filter((element) => !form.contains(element))
      : [];
    const owned = (element: Element) =>
      !element.hasAttribute("form") || document.getElementById(element.getAttribute("form") ?? "") === form;
    return [...inside, ...outside].filter(owned);
  }

  /** Posts (or gets) the submitter's form as a script-less browser does (HTML's "constructing the entry list"). */
  async submit(submitter: HTMLButtonElement | HTMLInputElement) {
    const form =
      (submitter.getAttribute("form") &&
        (this.body.ownerDocument.getElementById(submitter.getAttribute("form")!) as HTMLFormElement | null)) ||
      (submitter.closest("form") as HTMLFormElement | null);
    expect(form, `the button ${normalise(submitter.textContent)} belongs to a form`).toBeTruthy();
    const entries: [string, string | File][] = [];
    for (const control of this.controlsOf(form)) {
      const element = control as HTMLInputElement & HTMLSelectElement;
      const name = element.getAttribute("name");
      if (!name || element.hasAttribute("disabled") || element.closest("fieldset[disabled]")) continue;
      const tag = element.tagName;
      const type = (element.getAttribute("type") ?? "").toLowerCase();
      if (tag === "BUTTON" || (tag === "INPUT" && ["submit", "image", "reset", "button"].includes(type))) {
        if (control === submitter) entries.push([name, element.getAttribute("value") ?? ""]);
        continue;
      }
      if (tag === "INPUT" && (type === "checkbox" || type === "radio")) {
        if (element.hasAttribute("checked")) entries.push([name, element.getAttribute("value") ?? "on"]);
        continue;
      }
      if (tag === "INPUT" && type === "file") {
        const file = this.chosenFiles.get(element);
        // No file chosen: an empty file part, as browsers send.
        entries.push([
          name,
          new File(file ? [new Uint8Array(file.buffer)] : [], file?.name ?? "", { type: file?.mimeType ?? "" }),
        ]);
        continue;
      }
      if (tag === "SELECT") {
        for (const option of selectedOptions(element)) entries.push([name, option.value]);
        continue;
      }
      entries.push([name, element.value]);
    }
    const method = (submitter.getAttribute("formmethod") ?? form!.getAttribute("method") ?? "get").toLowerCase();
    const action = new URL(submitter.getAttribute("formaction") ?? form!.getAttribute("action") ?? this.url, this.url);
    if (method === "get") {
      action.search = new URLSearchParams(
        entries.map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
      ).toString();
      return this.goto(action.toString());
    }
    const multipart = (form!.getAttribute("enctype") ?? "").toLowerCase() === "multipart/form-data";
    const body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
    return this.load(
      await this.request.post(action.toString(), {
        headers: { accept: "text/html", origin: new URL(this.origin).origin, referer: this.url },
        ...(multipart ? { multipart: body } : { form: body }),
        maxRedirects: 20,
      }),
    );
  }
}

/** A script-less user with cookies of its own (a browser of their own); `done` drops them. */
export async function newUser(origin: string) {
  const context = await requests.newContext({ baseURL: origin });
  return { user: new NoScriptUser(context, origin), context, done: () => context.dispose() };
}

/** `newUser`, signed in through the sign-in form in `language`; it lands where the account is sent. */
export async function signedInUser(
  origin: string,
  language: "en" | "fr" | "es",
  account: { email: string; password: string },
) {
  const session = await newUser(origin);
  await session.user.goto(`/sign-in?lng=${language}`);
  session.user.getByLabel(/^(Email address|Adresse e-mail|Correo electrónico)$/).fill(account.email);
  session.user.getByLabel(/^(Password|Mot de passe|Contraseña)$/).fill(account.password);
  await session.user
    .getByRole("main")
    .getByRole("button", { name: /^(Sign in|Se connecter|Iniciar sesión)$/ })
    .click();
  return session;
}

/** Signs a new driver up through the English form; they end signed in, with a validation mail in the outbox. */
export async function signUpWithoutScript(user: NoScriptUser, driver: NewDriver) {
  await user.goto("/sign-up?lng=en");
  for (const [label, value] of signUpFields(driver)) user.getByLabel(label, { exact: true }).fill(value);
  user.getByLabel("I accept the Terms of Use").check();
  await user.getByRole("main").getByRole("button", { name: "Sign up", exact: true }).click();
  expect(user.getByRole("status").getByText("Validation e-mail sent").count()).toBe(1);
}

/** On a checkout: a visitor's details, the terms accepted and payment at the counter chosen (`fillVisitorPayingLater`). */
export function fillVisitorPayingLaterWithoutScript(
  user: NoScriptUser,
  language: "en" | "fr",
  visitor: { fullName: string; email: string; phone: string; birthDate: string },
) {
  const { k } = bookingTexts(language);
  user.getByLabel(k.driver.fullName, { exact: true }).fill(visitor.fullName);
  user.getByLabel(k.driver.email, { exact: true }).fill(visitor.email);
  user.getByLabel(k.driver.phone, { exact: true }).fill(visitor.phone);
  user.getByLabel(k.driver.birthDate, { exact: true }).fill(visitor.birthDate);
  user.getByRole("checkbox", { name: new RegExp(`^${k.driver.acceptTerms}`) }).check();
  user.getByRole("radio", { name: k.paymentOptions.payLater, exact: true }).check();
}

/** Books the open checkout and lands on the confirmation (`submitBooking`). */
export async function submitBookingWithoutScript(user: NoScriptUser, language: "en" | "fr") {
  const { k, c } = bookingTexts(language);
  await user.getByRole("button", { name: new RegExp(`^(${k.submitBook}|${k.submitPay})$`) }).click();
  expect(user.getByRole("heading", { level: 1, name: c.success.bookingDone }).count(), "booked").toBe(1);
}
