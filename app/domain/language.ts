/**
 * Which language a request is served in (spec §4), as a pure function of what the request carries.
 * Order: a supported language in the URL query; the stored choice (cookie); a signed-in user's record;
 * for a signed-out visitor with IP detection on and a known country, that country; Accept-Language;
 * the default.
 */
import { isOneOf, LANGUAGES, type Language } from "./enums";

/** The languages pages are offered in: every language the database knows (one list, `LANGUAGES`). */
export const SUPPORTED_LANGUAGES = LANGUAGES;
export const DEFAULT_LANGUAGE: Language = "en";

export function isSupportedLanguage(value: unknown): value is Language {
  return isOneOf(SUPPORTED_LANGUAGES, value);
}

export type LanguageSource = "query" | "cookie" | "user" | "country" | "header" | "default";

export interface LanguageInputs {
  queryLanguage?: string | null;
  cookieLanguage?: string | null;
  /** The signed-in user's stored language; undefined when signed out. */
  userLanguage?: string | null;
  signedIn: boolean;
  ipDetection: boolean;
  countryCode?: string | null;
  acceptLanguage?: string | null;
}

/**
 * A page's language never writes to the account: a link with `?lng=` (or a crawler following one) changes only the
 * page and the stored cookie. The header's language switch, a POST (routes/language.tsx), is the explicit choice that
 * also updates a signed-in user's record (decision 003, amended by 013).
 */
export interface LanguageDecision {
  language: Language;
  source: LanguageSource;
}

const COUNTRY_LANGUAGES: Record<string, Language> = { FR: "fr", MA: "fr", US: "en", GB: "en", AU: "en" };

/** Spec §4: FR or MA gives fr; US, GB or AU gives en; any other country gives the default. */
export function languageForCountry(countryCode: string): Language {
  return COUNTRY_LANGUAGES[countryCode.trim().toUpperCase()] ?? DEFAULT_LANGUAGE;
}

/** The first supported language of an Accept-Language header, by descending quality. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { primary: tag.split("-")[0]!.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isSupportedLanguage);
}

/** A 2-letter country code from a trusted proxy header; XX / T1 style placeholders count as unknown. */
function knownCountry(code: string | null | undefined): string | undefined {
  const trimmed = code?.trim().toUpperCase();
  return trimmed && /^[A-Z]{2}$/.test(trimmed) && trimmed !== "XX" ? trimmed : undefined;
}

export function resolveLanguage(inputs: LanguageInputs): LanguageDecision {
  const query = inputs.queryLanguage?.trim().toLowerCase();
  if (isSupportedLanguage(query)) {
    return { language: query, source: "query" };
  }
  if (isSupportedLanguage(inputs.cookieLanguage)) {
    return { language: inputs.cookieLanguage, source: "cookie" };
  }
  if (inputs.signedIn && isSupportedLanguage(inputs.userLanguage)) {
    return { language: inputs.userLanguage, source: "user" };
  }
  const country = knownCountry(inputs.countryCode);
  if (!inputs.signedIn && inputs.ipDetection && country) {
    return { language: languageForCountry(country), source: "country" };
  }
  const fromHeader = languageFromAcceptLanguage(inputs.acceptLanguage);
  if (fromHeader) return { language: fromHeader, source: "header" };
  return { language: DEFAULT_LANGUAGE, source: "default" };
}
