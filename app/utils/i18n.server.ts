import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "~/domain/language";
import { i18nOptions } from "~/i18n";
import { resources } from "~/locales";
import { resolveLanguage, type LanguageDecision } from "~/domain/language";
import { LANGUAGES, type Language } from "~/domain/enums";
import { cookiesAreSecure, getEnv } from "./env.server";
import type { Namespace } from "./translation-keys";
import type { Translate } from "./translator";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The visitor's stored language choice. */
export const languageCookie = createCookie("lng", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookiesAreSecure(),
  maxAge: ONE_YEAR_SECONDS,
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // Detection is ours (spec §4 order); this server instance only builds translators.
    order: ["custom"],
    findLocale: async () => DEFAULT_LANGUAGE,
  },
  i18next: { ...i18nOptions, resources },
});

/** Decides the request's language from its query, cookie, user record and headers. */
export async function detectLanguage(request: Request, userLanguage: string | null | undefined, signedIn: boolean) {
  const env = getEnv();
  const url = new URL(request.url);
  const cookieLanguage = await languageCookie.parse(request.headers.get("Cookie"));
  return resolveLanguage({
    queryLanguage: url.searchParams.get("lng"),
    cookieLanguage: typeof cookieLanguage === "string" ? cookieLanguage : null,
    userLanguage,
    signedIn,
    ipDetection: env.IP_LANGUAGE_DETECTION,
    countryCode: request.headers.get(env.COUNTRY_HEADER),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

/** A Set-Cookie value that stores the language, when the decision came from an explicit request. */
export async function rememberLanguage(decision: LanguageDecision): Promise<string | undefined> {
  return decision.source === "query" ? languageCookie.serialize(decision.language) : undefined;
}

const translators = new Map<string, Promise<Translate<Namespace>>>();

/**
 * A translator for one language and namespace. The locale files are bundled and never change while the process
 * runs, so each translator is built once (remix-i18next builds and initialises a new i18next instance per call).
 */
export function getTranslator<N extends Namespace = typeof i18nOptions.defaultNS>(
  language: Language,
  namespace?: N,
): Promise<Translate<N>> {
  const key = `${language}:${namespace ?? i18nOptions.defaultNS}`;
  let translator = translators.get(key) as Promise<Translate<N>> | undefined;
  if (!translator) {
    // i18next's own key types are not declared (CustomTypeOptions): `Translate` checks keys the same way everywhere.
    translator = i18nServer.getFixedT(language, namespace ?? i18nOptions.defaultNS) as unknown as Promise<Translate<N>>;
    translators.set(key, translator as Promise<Translate<Namespace>>);
    translator.catch(() => translators.delete(key));
  }
  return translator;
}

/** What a route's component needs to translate: its namespace, and that namespace's texts in the page's language. */
export interface RouteTranslations<N extends Namespace> {
  namespace: N;
  /** JSON text of the bundle (`bundleOf` reads it). */
  bundle: string;
}

const bundleTexts = new Map<string, string>();

/** A namespace's texts in a language as the JSON text loader data carries (the same string object every time). */
export function bundleText(language: Language, namespace: Namespace): string {
  const key = `${language}:${namespace}`;
  let text = bundleTexts.get(key);
  if (text === undefined) bundleTexts.set(key, (text = JSON.stringify(resources[language][namespace])));
  return text;
}

/**
 * A route's namespace, named once, in its loader: `t` for the loader's own texts (title, description) and
 * `translations` to return in the loader data, which the component hands to `useRouteTranslation`.
 */
export async function routeTranslations<N extends Namespace>(
  language: Language,
  namespace: N,
): Promise<{ t: Translate<N>; translations: RouteTranslations<N> }> {
  return {
    t: await getTranslator(language, namespace),
    translations: { namespace, bundle: bundleText(language, namespace) },
  };
}

/** "Error: " in a language: what a refused post's page title starts with (`withErrorTitle`). */
export function errorTitlePrefix(language: string): string {
  const known = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : "en";
  return resources[known].common.errors.titleWithError.replace("{{title}}", "");
}
