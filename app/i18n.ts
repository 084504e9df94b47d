import type { InitOptions } from "i18next";
import { isOneOf, LANGUAGES, type Language } from "~/domain/enums";

/** The languages pages are offered in: every language the database knows (one list, `LANGUAGES`). */
export const SUPPORTED_LANGUAGES = LANGUAGES;
export const DEFAULT_LANGUAGE: Language = "en";
export const DEFAULT_NAMESPACE = "common" as const;

export function isSupportedLanguage(value: unknown): value is Language {
  return isOneOf(SUPPORTED_LANGUAGES, value);
}

/** Options shared by the server's and the browser's i18next instances, so both render the same text. */
export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false },
  // Resources are handed over synchronously, so the first render is already translated.
  initImmediate: false,
  returnNull: false,
} satisfies InitOptions;
