import { createInstance, type Resource } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/i18n";

/**
 * One i18next instance per language, built from the resources the root loader sent, so the server
 * render and the browser's hydration produce the same text without fetching anything.
 */
export function I18nProvider({ language, resources, children }: { language: string; resources: Resource[string]; children: ReactNode }) {
  const i18n = useMemo(() => {
    const instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nOptions, lng: language, resources: { [language]: resources } });
    return instance;
  }, [language, resources]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
