import type { Resource } from "i18next";
import enAccount from "./en/account.json";
import enBookings from "./en/bookings.json";
import enCatalogue from "./en/catalogue.json";
import enCheckout from "./en/checkout.json";
import enCommon from "./en/common.json";
import enContact from "./en/contact.json";
import enHome from "./en/home.json";
import enMail from "./en/mail.json";
import enManage from "./en/manage.json";
import enPages from "./en/pages.json";
import enSearch from "./en/search.json";
import esAccount from "./es/account.json";
import esBookings from "./es/bookings.json";
import esCatalogue from "./es/catalogue.json";
import esCheckout from "./es/checkout.json";
import esCommon from "./es/common.json";
import esContact from "./es/contact.json";
import esHome from "./es/home.json";
import esMail from "./es/mail.json";
import esManage from "./es/manage.json";
import esPages from "./es/pages.json";
import esSearch from "./es/search.json";
import frAccount from "./fr/account.json";
import frBookings from "./fr/bookings.json";
import frCatalogue from "./fr/catalogue.json";
import frCheckout from "./fr/checkout.json";
import frCommon from "./fr/common.json";
import frContact from "./fr/contact.json";
import frHome from "./fr/home.json";
import frMail from "./fr/mail.json";
import frManage from "./fr/manage.json";
import frPages from "./fr/pages.json";
import frSearch from "./fr/search.json";
import type { Language } from "~/domain/enums";

/** Every namespace of every language, for the server. The browser receives only its own language. */
export const resources = {
  en: {
    account: enAccount,
    bookings: enBookings,
    catalogue: enCatalogue,
    checkout: enCheckout,
    common: enCommon,
    contact: enContact,
    home: enHome,
    mail: enMail,
    manage: enManage,
    pages: enPages,
    search: enSearch,
  },
  fr: {
    account: frAccount,
    bookings: frBookings,
    catalogue: frCatalogue,
    checkout: frCheckout,
    common: frCommon,
    contact: frContact,
    home: frHome,
    mail: frMail,
    manage: frManage,
    pages: frPages,
    search: frSearch,
  },
  es: {
    account: esAccount,
    bookings: esBookings,
    catalogue: esCatalogue,
    checkout: esCheckout,
    common: esCommon,
    contact: esContact,
    home: esHome,
    mail: esMail,
    manage: esManage,
    pages: esPages,
    search: esSearch,
  },
} satisfies Record<Language, Resource[string]>;

export type CommonMessages = typeof enCommon;
export type StaticPageKey = keyof typeof enPages;
export type StaticPageContent = (typeof enPages)[StaticPageKey];
