import { describe, expect, it } from "vitest";
import { languageForCountry, languageFromAcceptLanguage, resolveLanguage, type LanguageInputs } from "./language";

const visitor: LanguageInputs = { signedIn: false, ipDetection: false };

describe("resolveLanguage", () => {
  it.each<[string, LanguageInputs, string, string, boolean]>([
    ["query wins over everything", { ...visitor, queryLanguage: "es", cookieLanguage: "fr", acceptLanguage: "fr" }, "es", "query", false],
    ["query is case-insensitive", { ...visitor, queryLanguage: "FR" }, "fr", "query", false],
    ["unsupported query falls through to the cookie", { ...visitor, queryLanguage: "de", cookieLanguage: "fr" }, "fr", "cookie", false],
    ["a 3-letter query is ignored", { ...visitor, queryLanguage: "fra" }, "en", "default", false],
    ["cookie beats the user record", { signedIn: true, ipDetection: false, cookieLanguage: "es", userLanguage: "fr" }, "es", "cookie", false],
    ["user record when no cookie", { signedIn: true, ipDetection: true, userLanguage: "fr", countryCode: "US" }, "fr", "user", false],
    ["signed-in query differing from the record updates it", { signedIn: true, ipDetection: false, queryLanguage: "es", userLanguage: "fr" }, "es", "query", true],
    ["signed-in query equal to the record does not", { signedIn: true, ipDetection: false, queryLanguage: "fr", userLanguage: "fr" }, "fr", "query", false],
    ["signed-out query never updates a record", { ...visitor, queryLanguage: "es" }, "es", "query", false],
    ["country FR", { ...visitor, ipDetection: true, countryCode: "FR", acceptLanguage: "es" }, "fr", "country", false],
    ["country MA", { ...visitor, ipDetection: true, countryCode: "ma" }, "fr", "country", false],
    ["country GB", { ...visitor, ipDetection: true, countryCode: "GB", acceptLanguage: "fr" }, "en", "country", false],
    ["other country gives the default", { ...visitor, ipDetection: true, countryCode: "ES", acceptLanguage: "es" }, "en", "country", false],
    ["unknown country falls to Accept-Language", { ...visitor, ipDetection: true, countryCode: "XX", acceptLanguage: "es-ES" }, "es", "header", false],
    ["detection off: Accept-Language", { ...visitor, countryCode: "FR", acceptLanguage: "es-MX,es;q=0.9" }, "es", "header", false],
    ["signed-in users are not placed by country", { signedIn: true, ipDetection: true, countryCode: "FR", acceptLanguage: "es" }, "es", "header", false],
    ["nothing known: default", visitor, "en", "default", false],
  ])("%s", (_name, inputs, language, source, updateUser) => {
    expect(resolveLanguage(inputs)).toEqual({ language, source, updateUser });
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
