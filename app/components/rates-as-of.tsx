import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import type { RootLoaderData } from "~/root";

/** When prices are converted with the built-in table, say which day its rates are from. */
export function RatesAsOf() {
  const { t, i18n } = useTranslation("search");
  const root = useRouteLoaderData<RootLoaderData>("root");
  if (!root || root.currency === "USD" || !root.ratesAsOf) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${root.ratesAsOf}T00:00:00Z`),
  );
  return <p className="hint rates-note">{t("summary.ratesAsOf", { currency: root.currency, date })}</p>;
}
