/**
 * Money display (spec §9) and currency conversion input rules (spec §5). Pure: used by server and UI.
 * Amounts are integer minor units (cents). The base currency is USD.
 */
import { CURRENCIES, isOneOf, type Currency, type Language } from "~/domain/enums";

export const BASE_CURRENCY: Currency = "USD";
/** Prices can be shown in every currency the database knows (one list, `CURRENCIES`). */
export const DISPLAY_CURRENCIES = CURRENCIES;

export function isDisplayCurrency(value: unknown): value is Currency {
  return isOneOf(DISPLAY_CURRENCIES, value);
}

/** Spec §9: USD $, EUR €, GBP £, AUD $; dollar and pound symbols before the number, others after. */
const SYMBOLS: Record<Currency, { symbol: string; before: boolean }> = {
  USD: { symbol: "$", before: true },
  EUR: { symbol: "€", before: false },
  GBP: { symbol: "£", before: true },
  AUD: { symbol: "$", before: true },
};

export function currencySymbol(currency: Currency): string {
  return SYMBOLS[currency].symbol;
}

/** Thousands separator: a comma in English, a space otherwise; decimals: a point in English, a comma otherwise. */
function separators(language: Language) {
  return language === "en" ? { thousands: ",", decimal: "." } : { thousands: "\u00a0", decimal: "," };
}

/** '1,234.5' → formatted number part: 2 decimals when fractional, none when whole. */
export function formatNumber(minorUnits: number, language: Language): string {
  const { thousands, decimal } = separators(language);
  const negative = minorUnits < 0;
  const absolute = Math.abs(Math.round(minorUnits));
  const whole = Math.floor(absolute / 100);
  const cents = absolute % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  const number = cents === 0 ? grouped : `${grouped}${decimal}${String(cents).padStart(2, "0")}`;
  return negative ? `-${number}` : number;
}

/** A price for display: '$1,234.50', '1 234,50 €', '£99'. */
export function formatMoney(minorUnits: number, currency: Currency, language: Language): string {
  const { symbol, before } = SYMBOLS[currency];
  const number = formatNumber(minorUnits, language);
  const sign = number.startsWith("-") ? "-" : "";
  const digits = sign ? number.slice(1) : number;
  return before ? `${sign}${symbol}${digits}` : `${sign}${digits}\u00a0${symbol}`;
}

/**
 * An amount in whatever currency a gateway reports taking (ISO 4217, any case): ours as formatMoney writes them,
 * any other by the language's own rules and that currency's decimals ('¥1,200', '1 200 JPY' …).
 */
export function formatMoneyIn(minorUnits: number, currencyCode: string, language: Language): string {
  const code = currencyCode.toUpperCase();
  if (isDisplayCurrency(code)) return formatMoney(minorUnits, code, language);
  try {
    const format = new Intl.NumberFormat(language, { style: "currency", currency: code });
    return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    // Not a currency code Intl knows: the number and the code as given.
    return `${formatNumber(minorUnits, language)} ${code}`;
  }
}

/** Base-currency cents → display-currency cents at `rate` (display units per base unit), to the nearest cent. */
export function convertMinorUnits(baseMinorUnits: number, rate: number): number {
  return Math.round(baseMinorUnits * rate);
}

/** ISO 4217 codes accepted by the conversion utility (spec §5: 'a fixed list of about 150 codes'). */
export const ISO_4217_CODES = [
  "AED",
  "AFN",
  "ALL",
  "AMD",
  "ANG",
  "AOA",
  "ARS",
  "AUD",
  "AWG",
  "AZN",
  "BAM",
  "BBD",
  "BDT",
  "BGN",
  "BHD",
  "BIF",
  "BMD",
  "BND",
  "BOB",
  "BRL",
  "BSD",
  "BTN",
  "BWP",
  "BYN",
  "BZD",
  "CAD",
  "CDF",
  "CHF",
  "CLP",
  "CNY",
  "COP",
  "CRC",
  "CUP",
  "CVE",
  "CZK",
  "DJF",
  "DKK",
  "DOP",
  "DZD",
  "EGP",
  "ERN",
  "ETB",
  "EUR",
  "FJD",
  "FKP",
  "GBP",
  "GEL",
  "GHS",
  "GIP",
  "GMD",
  "GNF",
  "GTQ",
  "GYD",
  "HKD",
  "HNL",
  "HTG",
  "HUF",
  "IDR",
  "ILS",
  "INR",
  "IQD",
  "IRR",
  "ISK",
  "JMD",
  "JOD",
  "JPY",
  "KES",
  "KGS",
  "KHR",
  "KMF",
  "KPW",
  "KRW",
  "KWD",
  "KYD",
  "KZT",
  "LAK",
  "LBP",
  "LKR",
  "LRD",
  "LSL",
  "LYD",
  "MAD",
  "MDL",
  "MGA",
  "MKD",
  "MMK",
  "MNT",
  "MOP",
  "MRU",
  "MUR",
  "MVR",
  "MWK",
  "MXN",
  "MYR",
  "MZN",
  "NAD",
  "NGN",
  "NIO",
  "NOK",
  "NPR",
  "NZD",
  "OMR",
  "PAB",
  "PEN",
  "PGK",
  "PHP",
  "PKR",
  "PLN",
  "PYG",
  "QAR",
  "RON",
  "RSD",
  "RUB",
  "RWF",
  "SAR",
  "SBD",
  "SCR",
  "SDG",
  "SEK",
  "SGD",
  "SHP",
  "SLE",
  "SOS",
  "SRD",
  "SSP",
  "STN",
  "SVC",
  "SYP",
  "SZL",
  "THB",
  "TJS",
  "TMT",
  "TND",
  "TOP",
  "TRY",
  "TTD",
  "TWD",
  "TZS",
  "UAH",
  "UGX",
  "USD",
  "UYU",
  "UZS",
  "VES",
  "VND",
  "VUV",
  "WST",
  "XAF",
  "XCD",
  "XOF",
  "XPF",
  "YER",
  "ZAR",
  "ZMW",
  "ZWL",
] as const;

const KNOWN_CODES = new Set<string>(ISO_4217_CODES);

export type ConversionProblem =
  { key: "validation.amountMustBePositive" } | { key: "validation.invalidCurrencyCode"; params: { code: string } };

/** Spec §5: a positive amount; from and to non-empty and in the ISO 4217 list. */
export function validateConversion(amount: number, from: string, to: string): ConversionProblem | null {
  if (!Number.isFinite(amount) || amount <= 0) return { key: "validation.amountMustBePositive" };
  for (const code of [from, to]) {
    if (!code || !KNOWN_CODES.has(code)) return { key: "validation.invalidCurrencyCode", params: { code } };
  }
  return null;
}

/** A conversion refused by spec §5's input rules; `problem` is the translated message's key and parameters. */
export class CurrencyConversionError extends Error {
  constructor(readonly problem: ConversionProblem) {
    super(
      problem.key === "validation.invalidCurrencyCode"
        ? `${problem.params.code} is not a valid currency code`
        : "the amount must be a positive number",
    );
    this.name = "CurrencyConversionError";
  }
}

/**
 * Units of `to` per unit of `from`, from a table of rates against the base currency. The codes are checked as
 * spec §5 says (non-empty, ISO 4217), and both must be in the table: a rate is never guessed.
 */
export function exchangeRate(
  from: string,
  to: string,
  ratesFromBase: Readonly<Partial<Record<string, number>>>,
): number {
  const problem = validateConversion(1, from, to);
  if (problem) throw new CurrencyConversionError(problem);
  const missing = [from, to].find((code) => !(Number(ratesFromBase[code]) > 0));
  if (missing !== undefined)
    throw new CurrencyConversionError({ key: "validation.invalidCurrencyCode", params: { code: missing } });
  return ratesFromBase[to]! / ratesFromBase[from]!;
}

const percentFormats = new Map<string, Intl.NumberFormat>();
/** A tax rate in basis points in the reader's notation (20 %, 8.875%). */
export function formatTaxRate(basisPoints: number, language: string): string {
  let format = percentFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 3 });
    percentFormats.set(language, format);
  }
  return format.format(basisPoints / 10_000);
}
