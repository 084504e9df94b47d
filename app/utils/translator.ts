/**
 * The page's translations, without i18next in the browser. The server's loaders and mails translate with i18next
 * (remix-i18next's translators); pages render with this small function, on the server and in the browser alike, so
 * hydration finds the same text. It does what our catalogues use of i18next — "namespace:nested.keys", `{{name}}`
 * interpolation (React escapes the result), and plurals by `count` with `_zero` for 0 and the language's plural
 * rules (`_one`, `_other`, …) — and gives back the bare key when a key is missing, as i18next does. Its sameness
 * with i18next is checked over every key of every catalogue (translator.test.ts).
 */
import type { KeyArgument, Namespace } from "./translation-keys";

export interface Bundle {
  readonly [key: string]: string | Bundle;
}

const parsedBundles = new Map<string, Bundle>();

/**
 * A bundle from the JSON text a loader sent (`bundleText` in i18n.server.ts). Loader data carries each namespace as
 * one string: encoding a thousand small values for every page cost the server a quarter of a millisecond. The text
 * of a namespace is parsed once: the server hands over the same text on every request, and a page in the browser
 * keeps the few it has met.
 */
export function bundleOf(text: string): Bundle {
  let bundle = parsedBundles.get(text);
  if (!bundle) {
    bundle = JSON.parse(text) as Bundle;
    parsedBundles.set(text, bundle);
  }
  return bundle;
}

/** Values for the placeholders, and `count` for plurals (a namespace is named in the key, never as an option). */
export type TranslateOptions = { count?: number; ns?: never } & Record<string, unknown>;
/** A translator whose bare keys are looked up in namespace `N`; `tsc` checks every literal key it is given. */
export type Translate<N extends Namespace = Namespace> = <K extends string>(
  key: KeyArgument<K, N>,
  options?: TranslateOptions,
) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookUp(bundle: Bundle | undefined, path: string): string | undefined {
  let node: string | Bundle | undefined = bundle;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A text cut at its placeholders: literal parts at even indexes, [placeholder, name] pairs between them. */
type Template = Array<string | [string, string]>;
const templates = new Map<string, Template>();

function templateOf(text: string): Template {
  let template = templates.get(text);
  if (!template) {
    template = [];
    let last = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      template.push(text.slice(last, match.index), [match[0], match[1]!]);
      last = match.index + match[0].length;
    }
    template.push(text.slice(last));
    templates.set(text, template);
  }
  return template;
}

/** `{{name}}` replaced by `values.name`; a placeholder without a value stays as it is, as in i18next. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  let result = "";
  for (const part of templateOf(text)) {
    if (typeof part === "string") result += part;
    else {
      const value = values[part[1]];
      result += value === undefined || value === null ? part[0] : String(value);
    }
  }
  return result;
}

/**
 * A translator for one language. `namespaceOf(name)` gives a loaded namespace's bundle (or undefined); keys without
 * a "namespace:" prefix are looked up in `defaultNamespace`. Labels without options are remembered once found.
 */
export function createTranslator<N extends Namespace>(
  language: string,
  namespaceOf: (name: string) => Bundle | undefined,
  defaultNamespace: N,
): Translate<N> {
  const plurals = new Intl.PluralRules(language);
  // Texts found so far, by key (and plural form): a card asks for the same dozen texts fifteen times per page.
  const texts = new Map<string, string>();
  return (key: string, options?: TranslateOptions) => {
    const count = options?.count;
    const category = typeof count === "number" ? plurals.select(count) : undefined;
    // 0 looks for a `_zero` text first, so it is remembered apart from the other counts of its category.
    const form = count === 0 ? "zero" : category;
    const memo = form === undefined ? key : `${key}#${form}`;
    let text = texts.get(memo);
    if (text === undefined) {
      const colon = key.indexOf(":");
      const namespace = colon > 0 ? key.slice(0, colon) : defaultNamespace;
      const path = colon > 0 ? key.slice(colon + 1) : key;
      const bundle = namespaceOf(namespace);
      if (category !== undefined) {
        text =
          (form === "zero" ? lookUp(bundle, `${path}_zero`) : undefined) ??
          lookUp(bundle, `${path}_${category}`) ??
          lookUp(bundle, `${path}_other`);
      }
      text ??= lookUp(bundle, path);
      // A namespace not registered yet gives the bare key, and is not remembered: it may be there next time.
      if (text === undefined) return path;
      texts.set(memo, text);
    }
    return options && text.includes("{{") ? interpolate(text, options) : text;
  };
}
