import { useRouteLoaderData } from "@remix-run/react";
import { formatMoney } from "~/domain/money";
import type { RootLoaderData } from "~/root";

/** Formats display-currency minor units in the page's currency and language. */
export function useMoney(): (minorUnits: number) => string {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const currency = root?.currency ?? "USD";
  const language = root?.language ?? "en";
  return (minorUnits) => formatMoney(minorUnits, currency, language);
}
