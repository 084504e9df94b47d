import { describe, expect, it } from "vitest";
import { languageForCountry, languageFromAcceptLanguage, resolveLanguage, type LanguageInputs } from "./language";

const visitor: LanguageInputs = { signedIn: false, ipDetection: false };

describe("resolveLanguage", () => {
  it.each<[string, LanguageInputs, string, string]>([
    [
      "query wins over everything",
      { ...visitor, queryLanguage: "es", cookieLanguage: "fr", acceptLanguage: "fr" },
      "es",
      "query",
    ],
    ["query is case-insensitive", { ...visitor, queryLanguage: "FR" }, "fr", "query"],
    [
      "unsupported query falls through to the cookie",
      { ...visitor, queryLanguage: "de", cookieLanguage: "fr" },
      "fr",
      "cookie",
    ],
    ["a 3-letter query is ignored", { ...visitor, queryLanguage: "fra" }, "en", "default"],
    [
      "cookie beats the user record",
      { signedIn: true, ipDetection: false, cookieLanguage: "es", userLanguage: "fr" },
      "es",
      "cookie",
    ],
    [
      "user record when no cookie",
      { signedIn: true, ipDetection: true, userLanguage: "fr", countryCode: "US" },
      "fr",
      "user",
    ],
    [
      "a signed-in user's query wins over the record (the record changes only through the switch)",
      { signedIn: true, ipDetection: false, queryLanguage: "es", userLanguage: "fr" },
      "es",
      "query",
    ],
    ["country FR", { ...visitor, ipDetection: true, countryCode: "FR", acceptLanguage: "es" }, "fr", "country"],
    ["country MA", { ...visitor, ipDetection: true, countryCode: "ma" }, "fr", "country"],
    ["country GB", { ...visitor, ipDetection: true, countryCode: "GB", acceptLanguage: "fr" }, "en", "country"],
    [
      "other country gives the default",
      { ...visitor, ipDetection: true, countryCode: "ES", acceptLanguage: "es" },
      "en",
      "country",
    ],
    [
      "unknown country falls to Accept-Language",
      { ...visitor, ipDetection: true, countryCode: "XX", acceptLanguage: "es-ES" },
      "es",
      "header",
    ],
    [
      "detection off: Accept-Language",
      { ...visitor, countryCode: "FR", acceptLanguage: "es-MX,es;q=0.9" },
      "es",
      "header",
    ],
    [
      "signed-in users are not placed by country",
      { signedIn: true, ipDetection: true, countryCode: "FR", acceptLanguage: "es" },
      "es",
      "header",
    ],
    ["nothing known: default", visitor, "en", "default"],
  ])("%s", (_name, inputs, language, source) => {
    expect(resolveLanguage(inputs)).toEqual({ language, source });
  });
});

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["de-DE,fr;q=0.8,en;q=0.9", "en"],
    ["de, es;q=0.5", "es"],
    ["fr-CA", "fr"],
    ["en;q=0, fr;q=0.1", "fr"],
    ["*", undefined],
    ["", undefined],
  ])("%s → %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("languageForCountry", () => {
  it.each([
    ["FR", "fr"],
    ["MA", "fr"],
    ["US", "en"],
    ["GB", "en"],
    ["AU", "en"],
    ["ES", "en"],
    ["DE", "en"],
  ])("%s → %s", (country, language) => expect(languageForCountry(country)).toBe(language));
});
