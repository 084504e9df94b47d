import { createCookie } from "@remix-run/node";
import { BASE_CURRENCY, exchangeRate, isDisplayCurrency } from "~/domain/money";
import { type Currency } from "~/domain/enums";
import { cookiesAreSecure } from "./env.server";
import { getRateService, type Rates } from "./rates.server";
import { perRequest, type RequestContext } from "./request-memo.server";

/** The visitor's display currency choice. */
export const currencyCookie = createCookie("currency", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookiesAreSecure(),
  maxAge: 60 * 60 * 24 * 365,
});

export interface DisplayPricing {
  currency: Currency;
  /** Display units per base unit. */
  rate: number;
  /** The built-in table's date when live rates were not available; null otherwise. */
  ratesAsOf: string | null;
}

export class UnsupportedCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`Currency not supported: ${currency}`);
    this.name = "UnsupportedCurrencyError";
  }
}

/** Spec §5: the display currency must be one of USD, EUR, GBP, AUD; anything else is 'not supported'. */
export function requireDisplayCurrency(code: unknown): Currency {
  if (!isDisplayCurrency(code)) throw new UnsupportedCurrencyError(String(code ?? ""));
  return code;
}

// Loaders of one request share one rate lookup, whatever the cache setting.
const pricingOf = perRequest<DisplayPricing>();

async function lookUp(request: Request, userCurrency: string | null | undefined): Promise<DisplayPricing> {
  const stored = await currencyCookie.parse(request.headers.get("Cookie"));
  const currency = isDisplayCurrency(stored) ? stored : isDisplayCurrency(userCurrency) ? userCurrency : BASE_CURRENCY;
  return pricingIn(currency);
}

/** Prices in `currency` at today's rate (a booking staff take for a customer is priced in the customer's currency). */
export async function pricingIn(currency: Currency): Promise<DisplayPricing> {
  if (currency === BASE_CURRENCY) return { currency, rate: 1, ratesAsOf: null };
  const rates: Rates = await (await getRateService()).getRates();
  return { currency, rate: exchangeRate(BASE_CURRENCY, currency, rates.rates), ratesAsOf: rates.asOf };
}

/** The currency prices are shown in for this request, and its rate from the base currency. */
export function getDisplayPricing(
  request: Request,
  context: RequestContext,
  userCurrency?: string | null,
): Promise<DisplayPricing> {
  return pricingOf(context, () => lookUp(request, userCurrency));
}
