import type { InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "~/domain/language";

export const DEFAULT_NAMESPACE = "common" as const;

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
