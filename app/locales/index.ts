import type { Resource } from "i18next";
import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enPages from "./en/pages.json";
import esCommon from "./es/common.json";
import esHome from "./es/home.json";
import esPages from "./es/pages.json";
import frCommon from "./fr/common.json";
import frHome from "./fr/home.json";
import frPages from "./fr/pages.json";
import type { Language } from "#db/schema";

/** Every namespace of every language, for the server. The browser receives only its own language. */
export const resources = {
  en: { common: enCommon, home: enHome, pages: enPages },
  fr: { common: frCommon, home: frHome, pages: frPages },
  es: { common: esCommon, home: esHome, pages: esPages },
} satisfies Record<Language, Resource[string]>;

export type CommonMessages = typeof enCommon;
export type StaticPageKey = keyof typeof enPages;
export type StaticPageContent = (typeof enPages)[StaticPageKey];
