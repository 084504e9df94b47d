import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "~/domain/language";
import { i18nOptions } from "~/i18n";
import { resources } from "~/locales";
import { createTranslator, type Bundle } from "./translator";

/** Every leaf key of a bundle, as "a.b.c". */
function leafKeys(bundle: Bundle, prefix = ""): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

describe.each(SUPPORTED_LANGUAGES)("the page translator in %s gives what i18next gives", (language) => {
  const catalogue = resources[language] as unknown as Record<string, Bundle>;
  const i18next = createInstance();
  void i18next.init({
    ...i18nOptions,
    lng: language,
    ns: Object.keys(catalogue),
    resources: { [language]: catalogue },
  });
  const t = createTranslator(language, (name) => catalogue[name], "common");

  it("for every key of every namespace, with its placeholders filled", () => {
    let checked = 0;
    for (const [namespace, bundle] of Object.entries(catalogue)) {
      for (const path of leafKeys(bundle)) {
        const plural = /_(zero|one|two|few|many|other)$/.exec(path);
        const base = plural ? path.slice(0, plural.index) : path;
        const values = {
          name: "Ada",
          count: 3,
          minutes: 5,
          fields: "A, B",
          total: "$1.00",
          provider: "Google",
          km: 200,
          size: 5,
          age: 21,
          max: 9,
        };
        const counts = plural ? [0, 1, 2, 5, 21] : [undefined];
        for (const count of counts) {
          const options = count === undefined ? values : { ...values, count };
          expect(t(`${namespace}:${base}` as string, options), `${namespace}:${base} (${count})`).toBe(
            i18next.t(`${namespace}:${base}`, options),
          );
          checked++;
        }
        if (!plural) expect(t(`${namespace}:${path}` as string)).toBe(i18next.t(`${namespace}:${path}`));
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("answers a missing key with the bare key, as i18next does", () => {
    // The type checker refuses these keys (translation-keys.ts): `npm run typecheck` fails if it ever stops.
    // @ts-expect-error a misspelt key
    expect(t("search:no.such.key")).toBe(i18next.t("search:no.such.key"));
    // @ts-expect-error a misspelt key
    expect(t("no.such.key")).toBe("no.such.key");
  });
});
