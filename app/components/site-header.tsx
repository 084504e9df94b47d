import { signInHref } from "~/models/navigation/links";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { SUPPORTED_LANGUAGES } from "~/domain/language";
import type { SessionUser } from "~/models/account/accounts.server";
import type { Currency } from "~/domain/enums";
import { CurrencyForm } from "./currency-form";
import { StatusButton } from "./status-button";
import { ReturnHereInput } from "./return-here-input";
import { SiteLink, SiteNavLink } from "./site-link";

type HeaderUser = Pick<SessionUser, "fullName" | "unreadNotifications"> & { operator?: boolean };

interface MenuItem {
  to: string;
  label: string;
}

function useMenuItems(user: HeaderUser | null, showSuppliers: boolean, holdsBookings: boolean): MenuItem[] {
  const { t } = useTranslation();
  const items: Array<MenuItem | false> = [
    { to: "/", label: t("nav.home") },
    user?.operator === true && { to: "/manage", label: t("nav.manage") },
    (user !== null || holdsBookings) && { to: "/bookings", label: t("nav.bookings") },
    user !== null && {
      to: "/notifications",
      label:
        user.unreadNotifications > 0
          ? t("nav.notificationsUnread", { count: user.unreadNotifications })
          : t("nav.notifications"),
    },
    { to: "/locations", label: t("nav.locations") },
    showSuppliers && { to: "/suppliers", label: t("nav.suppliers") },
    { to: "/about", label: t("nav.about") },
    { to: "/tos", label: t("nav.tos") },
    { to: "/contact", label: t("nav.contact") },
    user !== null && { to: "/settings", label: t("nav.settings") },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}

function MenuLinks({ items }: { items: MenuItem[] }) {
  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <SiteNavLink to={item.to} end={item.to === "/"} prefetch="intent">
            {item.label}
          </SiteNavLink>
        </li>
      ))}
    </>
  );
}

/**
 * The language switch. Signed out: links to the current page in each language (`?lng=` is honoured first and
 * remembered, spec §4). Signed in: the same choice as a small form, whose post also stores it on the account; a GET
 * link never writes to an account (decision 013).
 */
function LanguageSwitch({ current, signedIn }: { current: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (signedIn) {
    return (
      <Form method="post" action="/language" className="language-links" aria-label={t("language.label")}>
        <ReturnHereInput />
        {SUPPORTED_LANGUAGES.map((language) => (
          <input
            key={language}
            type="submit"
            name={`lng:${language}`}
            value={t(`language.${language}`)}
            lang={language}
            className="link-button"
            aria-current={language === current ? "true" : undefined}
          />
        ))}
      </Form>
    );
  }
  return (
    <ul className="language-links" aria-label={t("language.label")}>
      {SUPPORTED_LANGUAGES.map((language) => {
        const params = new URLSearchParams(location.search);
        params.set("lng", language);
        return (
          <li key={language}>
            <SiteLink
              to={`${location.pathname}?${params.toString()}`}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? "true" : undefined}
            >
              {t(`language.${language}`)}
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}

function AccountLinks({ user }: { user: HeaderUser | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!user) {
    const target = signInHref(`${location.pathname}${location.search}`);
    return (
      <li>
        <SiteLink to={target} className="button button-small">
          {t("nav.signIn")}
        </SiteLink>
      </li>
    );
  }
  return (
    <li>
      {/* The named button is the form's field: a text browser (lynx) sends a form without one as a GET. */}
      <Form method="post" action="/sign-out" className="inline-form">
        <StatusButton intent="sign-out" className="button button-small button-quiet">
          {t("nav.signOut")}
        </StatusButton>
      </Form>
    </li>
  );
}

export function SiteHeader({
  user,
  language,
  currency,
  showSuppliers,
  holdsBookings = false,
}: {
  user: HeaderUser | null;
  language: string;
  currency: Currency;
  showSuppliers: boolean;
  /** A visitor's browser holds bookings (decision 011): the menu leads to them. */
  holdsBookings?: boolean;
}) {
  const { t } = useTranslation();
  const items = useMenuItems(user, showSuppliers, holdsBookings);
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <div className="site-header-bar">
        <SiteLink to="/" className="brand">
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span>{t("meta.siteName")}</span>
        </SiteLink>
        <nav aria-label={t("nav.mainMenu")} className="main-nav">
          {/*
            One list, so lynx and screen readers meet the menu once: a disclosure on a narrow screen (no JavaScript
            needed), shown as a row on a wide one by the style sheet (a browser that cannot style a closed disclosure's
            content keeps the disclosure there too).
          */}
          <details className="menu-compact">
            <summary>{t("nav.menu")}</summary>
            <ul>
              <MenuLinks items={items} />
              <AccountLinks user={user} />
            </ul>
          </details>
        </nav>
        <div className="header-preferences">
          <LanguageSwitch current={language} signedIn={user !== null} />
          <CurrencyForm current={currency} />
        </div>
      </div>
    </header>
  );
}
