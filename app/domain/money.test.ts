import { describe, expect, it } from "vitest";
import {
  convertMinorUnits,
  CurrencyConversionError,
  exchangeRate,
  formatMoney,
  formatMoneyIn,
  ISO_4217_CODES,
  validateConversion,
} from "./money";

describe("formatMoney (spec §9)", () => {
  it.each([
    [123450, "USD", "en", "$1,234.50"],
    [123400, "USD", "en", "$1,234"],
    [123450, "USD", "fr", "$1\u00a0234,50"],
    [99900, "GBP", "en", "£999"],
    [123456789, "GBP", "es", "£1\u00a0234\u00a0567,89"],
    [123450, "EUR", "en", "1,234.50\u00a0€"],
    [123400, "EUR", "fr", "1\u00a0234\u00a0€"],
    [5, "EUR", "es", "0,05\u00a0€"],
    [4500, "AUD", "en", "$45"],
    [-1250, "USD", "en", "-$12.50"],
    [-1250, "EUR", "fr", "-12,50\u00a0€"],
    [0, "USD", "en", "$0"],
  ] as const)("%i %s in %s → %s", (amount, currency, language, expected) => {
    expect(formatMoney(amount, currency, language)).toBe(expected);
  });
});

describe("convertMinorUnits", () => {
  it("converts cents at a rate to the nearest cent", () => {
    expect(convertMinorUnits(10000, 0.8617)).toBe(8617);
    expect(convertMinorUnits(999, 1.5349)).toBe(1533);
    expect(convertMinorUnits(12345, 1)).toBe(12345);
  });
});

describe("validateConversion (spec §5)", () => {
  it("has about 150 ISO 4217 codes", () => {
    expect(ISO_4217_CODES.length).toBeGreaterThanOrEqual(145);
    expect(new Set(ISO_4217_CODES).size).toBe(ISO_4217_CODES.length);
  });
  it.each([
    [10, "USD", "EUR", null],
    [0, "USD", "EUR", "validation.amountMustBePositive"],
    [-3, "USD", "EUR", "validation.amountMustBePositive"],
    [Number.NaN, "USD", "EUR", "validation.amountMustBePositive"],
    [10, "", "EUR", "validation.invalidCurrencyCode"],
    [10, "USD", "XXX", "validation.invalidCurrencyCode"],
    [10, "usd", "EUR", "validation.invalidCurrencyCode"],
  ])("%s %s→%s", (amount, from, to, problem) => {
    expect(validateConversion(amount, from, to)?.key ?? null).toBe(problem);
  });
});

describe("exchangeRate", () => {
  const table = { USD: 1, EUR: 0.86, GBP: 0.76 };
  it("derives any pair from rates against the base currency", () => {
    expect(exchangeRate("USD", "EUR", table)).toBe(0.86);
    expect(exchangeRate("EUR", "GBP", table)).toBeCloseTo(0.76 / 0.86, 12);
    expect(exchangeRate("GBP", "GBP", table)).toBe(1);
  });
  it.each([
    ["", "EUR", ""],
    ["USD", "XYZ", "XYZ"],
    ["USD", "JPY", "JPY"], // a real code the table has no rate for
  ])("refuses %j → %j, naming %j", (from, to, code) => {
    expect(() => exchangeRate(from, to, table)).toThrow(CurrencyConversionError);
    try {
      exchangeRate(from, to, table);
    } catch (error) {
      expect((error as CurrencyConversionError).problem).toEqual({
        key: "validation.invalidCurrencyCode",
        params: { code },
      });
    }
  });
});

describe("formatMoneyIn (a currency a gateway reports)", () => {
  it.each([
    [123_450, "usd", "en", "$1,234.50"],
    [123_450, "EUR", "fr", "1\u00a0234,50\u00a0€"],
    [1_200, "JPY", "en", "¥1,200"],
    [123_450, "CHF", "en", "CHF\u00a01,234.50"],
    [500, "X1", "en", "5\u00a0X1"],
  ] as const)("%i %s in %s is %s", (minor, code, language, expected) => {
    expect(formatMoneyIn(minor, code, language)).toBe(expected);
  });
});
