import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions } from "~/i18n";
import { resources } from "~/locales";
import { cachedLabels } from "./label-cache";

async function instance(language: "en" | "fr", withSearch: boolean) {
  const i18n = createInstance();
  await i18n.init({ ...i18nOptions, lng: language, resources: { [language]: structuredClone({ common: resources[language].common, ...(withSearch ? { search: resources[language].search } : {}) }) } });
  return i18n;
}

describe("cachedLabels", () => {
  it("translates default-namespace and prefixed keys in the instance's language", async () => {
    const en = cachedLabels(await instance("en", true));
    const fr = cachedLabels(await instance("fr", true));
    expect(en("search:card.included")).toBe("Included");
    expect(fr("search:card.included")).toBe("Inclus");
    expect(fr("gearboxes.automatic")).toBe(resources.fr.common.gearboxes.automatic);
  });

  it("translates each key once per instance", async () => {
    const i18n = await instance("en", true);
    const label = cachedLabels(i18n);
    const first = label("search:card.features");
    i18n.addResourceBundle("en", "search", { card: { features: "changed" } }, true, true);
    expect(label("search:card.features")).toBe(first);
    // Another label function on the same instance shares the cache.
    expect(cachedLabels(i18n)("search:card.features")).toBe(first);
  });

  it("does not keep the bare key of a namespace that is not loaded yet", async () => {
    const i18n = await instance("fr", false);
    const label = cachedLabels(i18n);
    expect(label("search:card.features")).toBe("card.features");
    i18n.addResourceBundle("fr", "search", structuredClone(resources.fr.search), true, true);
    expect(label("search:card.features")).toBe(resources.fr.search.card.features);
  });
});
