import { createInstance, type i18n as I18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/i18n";

/** One namespace's translations (the root sends "common"). */
type Bundle = Record<string, unknown>;

/**
 * Instances by bundle object, then language. On the server the root loader hands over the same bundle object
 * on every request, so each language's instance (its services, plural rules and label cache) is built once per
 * process instead of once per page; in the browser a revalidated root brings a new bundle and a new instance.
 * Nothing changes an instance's language after creation: a language switch is a new page or a new bundle.
 */
const instances = new WeakMap<Bundle, Map<string, I18n>>();

function instanceFor(language: string, common: Bundle): I18n {
  let byLanguage = instances.get(common);
  if (!byLanguage) instances.set(common, (byLanguage = new Map()));
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nOptions, lng: language, resources: { [language]: { common } } });
    byLanguage.set(language, instance);
  }
  return instance;
}

/**
 * The page's i18next instance, built from the translations the root loader sent, so the server render and the
 * browser's hydration produce the same text without fetching anything.
 */
export function I18nProvider({ language, common, children }: { language: string; common: Bundle; children: ReactNode }) {
  const i18n = useMemo(() => instanceFor(language, common), [language, common]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
