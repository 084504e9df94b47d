import { describe, expect, it } from "vitest";
import {
  calendarDate,
  divideRounded,
  NO_CHARGES,
  PricingError,
  quoteRental,
  rentalDays,
  type CarExtras,
  type CarPrices,
  type PricingInput,
} from "./pricing";
import { localDateTimeToInstant } from "~/domain/rental-period";

const NO_EXTRAS: CarExtras = {
  cancellation: -1,
  amendments: -1,
  theftProtection: -1,
  collisionDamageWaiver: -1,
  fullInsurance: -1,
  additionalDriver: -1,
};

const tiered: CarPrices = {
  dailyPrice: 1000,
  discountedDailyPrice: null,
  biWeeklyPrice: 2700,
  discountedBiWeeklyPrice: null,
  weeklyPrice: 6000,
  discountedWeeklyPrice: null,
  monthlyPrice: 24000,
  discountedMonthlyPrice: null,
  isDateBasedPrice: false,
  dateBasedPrices: [],
};

const start = new Date("2030-03-04T10:00:00Z");
const plusDays = (days: number, from = start) => new Date(from.getTime() + days * 86_400_000);

function quote(
  overrides: Partial<PricingInput> & { days?: number; prices?: Partial<CarPrices>; extraPrices?: Partial<CarExtras> },
) {
  const { days = 1, prices, extraPrices, ...rest } = overrides;
  return quoteRental({
    car: { ...tiered, ...prices, ...NO_EXTRAS, ...extraPrices },
    markupBasisPoints: 0,
    from: start,
    to: plusDays(days),
    timeZone: "UTC",
    ...rest,
  });
}

describe("rental days", () => {
  it.each([
    ["exactly one day", 24, 1],
    ["one hour is one day", 1, 1],
    ["25 hours round up to two", 25, 2],
    ["48 hours", 48, 2],
    ["one minute over two days", 48 + 1 / 60, 3],
  ])("%s", (_name, hours, days) => {
    expect(rentalDays(start, new Date(start.getTime() + hours * 3_600_000), "UTC")).toBe(days);
  });

  it("rejects a drop-off at or before the pick-up", () => {
    expect(() => rentalDays(start, start, "UTC")).toThrow(PricingError);
    expect(() => rentalDays(start, plusDays(-1), "UTC")).toThrow(PricingError);
  });

  // Counted on the pick-up place's clocks: what the driver typed and what the counter's contract says.
  it.each([
    [
      "Saturday 10:00 to Tuesday 10:00 across the autumn change (73 hours)",
      "2026-10-24T10:00",
      "2026-10-27T10:00",
      "Europe/Paris",
      3,
    ],
    ["the same across the spring change (71 hours)", "2026-03-28T10:00", "2026-03-31T10:00", "Europe/Paris", 3],
    [
      "10:00 to 10:30 the next day across the spring change (23.5 hours, 24.5 on the clock)",
      "2026-03-28T10:00",
      "2026-03-29T10:30",
      "Europe/Paris",
      2,
    ],
    ["a day in a zone without changes", "2026-10-24T10:00", "2026-10-25T10:00", "Africa/Tunis", 1],
  ])("%s", (_name, fromText, toText, zone, days) => {
    const from = localDateTimeToInstant(fromText, zone)!;
    const to = localDateTimeToInstant(toText, zone)!;
    expect(rentalDays(from, to, zone)).toBe(days);
    expect(quote({ from, to, timeZone: zone }).days).toBe(days);
  });
});

describe("tiered base price (30 → monthly, 7 → weekly, 3 → 'bi-weekly', rest daily)", () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 2700],
    [6, 5400],
    [7, 6000],
    [13, 11400],
    [14, 12000],
    [29, 25000],
    [30, 24000],
    [31, 25000],
    [45, 37000],
  ])("%i days cost %i", (days, base) => {
    const breakdown = quote({ days });
    expect(breakdown.days).toBe(days);
    expect(breakdown.base).toBe(base);
    expect(breakdown.total).toBe(base);
  });

  it.each<[string, Partial<CarPrices>, number, number]>([
    [
      "discounted daily price is preferred",
      { discountedDailyPrice: 900, biWeeklyPrice: null, weeklyPrice: null, monthlyPrice: null },
      5,
      4500,
    ],
    ["discounted weekly price is preferred", { discountedWeeklyPrice: 5500 }, 7, 5500],
    ["discounted 3-day price is preferred", { discountedBiWeeklyPrice: 2400 }, 6, 4800],
    ["discounted monthly price is preferred", { discountedMonthlyPrice: 20000 }, 31, 21000],
    ["no weekly price: 7 days fall through to 3-day blocks and days", { weeklyPrice: null }, 7, 6400],
    [
      "no monthly price: 30 days are four weeks and two days (too few for a 3-day block)",
      { monthlyPrice: null },
      30,
      4 * 6000 + 2 * 1000,
    ],
    [
      "no tier prices at all: days at the daily price",
      { biWeeklyPrice: null, weeklyPrice: null, monthlyPrice: null },
      45,
      45000,
    ],
    [
      "a discounted tier without its full price still applies",
      { weeklyPrice: null, discountedWeeklyPrice: 5000 },
      7,
      5000,
    ],
    ["a zero tier price counts as no price", { biWeeklyPrice: 0 }, 3, 3000],
  ])("%s", (_name, prices, days, base) => {
    expect(quote({ days, prices }).base).toBe(base);
  });
});

describe("date-based prices", () => {
  const seasonal: Partial<CarPrices> = {
    isDateBasedPrice: true,
    dateBasedPrices: [
      { startDate: "2030-07-01", endDate: "2030-07-10", dailyPrice: 2000 },
      { startDate: "2030-07-05", endDate: "2030-07-20", dailyPrice: 3000 },
    ],
  };

  it("prices each day by the period containing it, other days at the daily price, without tiers", () => {
    const from = new Date("2030-06-29T10:00:00Z");
    const breakdown = quote({ prices: seasonal, from, to: plusDays(4, from) });
    expect(breakdown.base).toBe(1000 + 1000 + 2000 + 2000);
  });

  it("lets the first listed period win where periods overlap", () => {
    const from = new Date("2030-07-09T10:00:00Z");
    expect(quote({ prices: seasonal, from, to: plusDays(3, from) }).base).toBe(2000 + 2000 + 3000);
  });

  it("counts calendar days in the pick-up location's time zone, not the server's", () => {
    const from = new Date("2030-06-30T23:30:00Z"); // 1 July 00:30 in Tunis (UTC+1)
    const to = plusDays(2, from);
    expect(quote({ prices: seasonal, from, to, timeZone: "Africa/Tunis" }).base).toBe(2000 + 2000);
    expect(quote({ prices: seasonal, from, to, timeZone: "UTC" }).base).toBe(1000 + 2000);
  });

  it("uses the discounted daily price outside the periods", () => {
    const from = new Date("2030-06-29T10:00:00Z");
    expect(quote({ prices: { ...seasonal, discountedDailyPrice: 800 }, from, to: plusDays(2, from) }).base).toBe(1600);
  });

  it("applies tiers when date-based pricing is off even if periods exist", () => {
    const from = new Date("2030-07-01T10:00:00Z");
    expect(quote({ prices: { ...seasonal, isDateBasedPrice: false }, from, to: plusDays(3, from) }).base).toBe(2700);
  });

  it("spans a period boundary over a month end", () => {
    const from = new Date("2030-07-19T10:00:00Z");
    expect(quote({ prices: seasonal, from, to: plusDays(3, from) }).base).toBe(3000 + 3000 + 1000);
  });
});

describe("extras", () => {
  const extraPrices: Partial<CarExtras> = {
    cancellation: 1500,
    amendments: 0,
    theftProtection: 600,
    collisionDamageWaiver: -1,
    fullInsurance: 2000,
    additionalDriver: 0,
  };

  it("charges daily extras per day, cancellation and amendments once, included ones nothing", () => {
    const breakdown = quote({
      days: 3,
      extraPrices,
      extras: {
        cancellation: true,
        amendments: true,
        theftProtection: true,
        fullInsurance: true,
        additionalDriver: true,
      },
    });
    expect(breakdown.extras).toEqual({
      cancellation: 1500,
      amendments: 0,
      theftProtection: 1800,
      fullInsurance: 6000,
      additionalDriver: 0,
    });
    expect(breakdown.extrasTotal).toBe(9300);
    expect(breakdown.total).toBe(2700 + 9300);
  });

  it("ignores extras that were not chosen", () => {
    expect(quote({ days: 3, extraPrices, extras: { cancellation: false } }).total).toBe(2700);
  });

  it("refuses an unavailable extra", () => {
    expect(() => quote({ days: 3, extraPrices, extras: { collisionDamageWaiver: true } })).toThrow(
      expect.objectContaining({ code: "extraUnavailable", extra: "collisionDamageWaiver" }),
    );
  });
});

describe("markup", () => {
  it.each([
    ["positive, rounded half up to the cent", 12345, 250, 309],
    ["negative supplier discount", 12345, -500, -617],
    ["exact half rounds away from zero", 1, 5000, 1],
    ["negative exact half rounds away from zero", 1, -5000, -1],
    ["decimal percentage 1.25 %", 10000, 125, 125],
    ["zero", 9999, 0, 0],
  ])("%s", (_name, daily, basisPoints, markup) => {
    const breakdown = quote({
      days: 1,
      prices: { dailyPrice: daily, biWeeklyPrice: null, weeklyPrice: null, monthlyPrice: null },
      markupBasisPoints: basisPoints,
    });
    expect(breakdown.markup).toBe(markup);
    expect(breakdown.total).toBe(daily + markup);
  });

  it("applies to base and extras together", () => {
    const breakdown = quote({
      days: 3,
      extraPrices: { cancellation: 1300 },
      extras: { cancellation: true },
      markupBasisPoints: 1000,
    });
    expect(breakdown.markup).toBe(400);
    expect(breakdown.total).toBe(2700 + 1300 + 400);
  });
});

describe("supplier fees and sales tax (decision 025)", () => {
  const charges = {
    taxRateBasisPoints: 2000,
    taxIncluded: false,
    oneWayFee: 4500,
    youngDriverAge: 25,
    youngDriverDailyFee: 1200,
  };
  const threeDays = { days: 3, markupBasisPoints: 1000, charges };

  it.each([
    // 3 days: base 2700, markup 270 → 2970 before fees.
    ["no fee applies", {}, { oneWay: 0, youngDriver: 0 }, 2970],
    ["a one-way rental pays the one-way fee once", { oneWay: true }, { oneWay: 4500, youngDriver: 0 }, 7470],
    ["a driver of 24 pays the young-driver fee per day", { driverAge: 24 }, { oneWay: 0, youngDriver: 3600 }, 6570],
    ["a driver of exactly 25 does not", { driverAge: 25 }, { oneWay: 0, youngDriver: 0 }, 2970],
    ["an unknown age is not charged", { driverAge: null }, { oneWay: 0, youngDriver: 0 }, 2970],
    ["both fees add up", { oneWay: true, driverAge: 19 }, { oneWay: 4500, youngDriver: 3600 }, 11070],
  ])("%s, with no markup on the fees", (_name, input, fees, beforeTax) => {
    const breakdown = quote({ ...threeDays, ...input });
    expect(breakdown.markup).toBe(270);
    expect(breakdown.fees).toEqual(fees);
    expect(breakdown.tax).toEqual({ rateBasisPoints: 2000, added: true, amount: beforeTax / 5 });
    expect(breakdown.total).toBe(beforeTax + beforeTax / 5);
  });

  it.each([
    // rate, included?, amount before tax → tax, total
    ["20 % added", 2000, false, 2970, 594, 3564],
    ["8.875 % added, rounded half away from zero", 887, false, 2970, 263, 3233],
    ["20 % included: the share of the total it is", 2000, true, 2970, 495, 2970],
    ["7 % included, rounded", 700, true, 2970, 194, 2970],
    ["no tax", 0, true, 2970, 0, 2970],
    ["no tax, stated as added", 0, false, 2970, 0, 2970],
  ])("tax %s", (_name, rate, included, beforeTax, tax, total) => {
    const breakdown = quote({ ...threeDays, charges: { ...charges, taxRateBasisPoints: rate, taxIncluded: included } });
    expect(beforeTax).toBe(2970);
    expect(breakdown.tax).toEqual({ rateBasisPoints: rate, added: !included, amount: tax });
    expect(breakdown.total).toBe(total);
  });

  it("taxes the fees too, and a negative markup never takes a fee below its price", () => {
    const breakdown = quote({ days: 1, markupBasisPoints: -500, charges, oneWay: true, driverAge: 20 });
    // base 1000, markup -50, fees 4500 + 1200 → 6650, tax 1330.
    expect(breakdown.fees).toEqual({ oneWay: 4500, youngDriver: 1200 });
    expect(breakdown.total).toBe(6650 + 1330);
  });

  it("a supplier without a young-driver age, or with a zero fee, charges nobody", () => {
    expect(quote({ ...threeDays, charges: { ...charges, youngDriverAge: null }, driverAge: 18 }).fees.youngDriver).toBe(
      0,
    );
    expect(
      quote({ ...threeDays, charges: { ...charges, youngDriverDailyFee: 0 }, driverAge: 18 }).fees.youngDriver,
    ).toBe(0);
  });

  it("adds nothing without charges, as before", () => {
    const breakdown = quote({ days: 3, markupBasisPoints: 1000, charges: NO_CHARGES, oneWay: true, driverAge: 18 });
    expect(breakdown.total).toBe(2970);
    expect(breakdown.tax).toEqual({ rateBasisPoints: 0, added: false, amount: 0 });
  });
});

describe("price per day", () => {
  it("is the total over the days, rounded to the cent", () => {
    const breakdown = quote({ days: 29 });
    expect(breakdown.pricePerDay).toBe(862);
    expect(quote({ days: 3 }).pricePerDay).toBe(900);
  });
});

describe("helpers", () => {
  it("divides with half-away-from-zero rounding", () => {
    expect([
      divideRounded(5, 10),
      divideRounded(4, 10),
      divideRounded(-5, 10),
      divideRounded(-4, 10),
      divideRounded(15, 10),
    ]).toEqual([1, 0, -1, 0, 2]);
  });

  it("finds the calendar date in a zone", () => {
    expect(calendarDate(new Date("2030-01-01T23:30:00Z"), "Europe/Paris")).toBe("2030-01-02");
    expect(calendarDate(new Date("2030-01-01T23:30:00Z"), "America/New_York")).toBe("2030-01-01");
  });
});

describe("equipment in the total (decision 033)", () => {
  const offers = [
    { kind: "childSeat", charge: "perDay", price: 800, cap: 5600 },
    { kind: "gps", charge: "perRental", price: 3000, cap: null },
  ] as const;

  it.each([
    // days, counts, equipment cents (before markup), total with 10 % markup and a 20 % tax added
    [3, { childSeat: 2 }, 4800],
    [10, { childSeat: 2 }, 11_200],
    [10, { childSeat: 2, gps: 1 }, 14_200],
    [45, { childSeat: 1, gps: 1 }, 8600],
  ] as const)("%i days with %o adds %i before the markup and tax", (days, counts, equipment) => {
    const without = quote({ days, markupBasisPoints: 1000 });
    const price = quote({
      days,
      markupBasisPoints: 1000,
      equipment: { offers, counts },
      charges: { ...NO_CHARGES, taxRateBasisPoints: 2000, taxIncluded: false },
    });
    expect(price.extrasTotal).toBe(equipment);
    expect(price.equipment).toEqual(counts);
    const beforeTax = without.base + equipment + Math.round((without.base + equipment) / 10);
    expect(price.total).toBe(beforeTax + Math.round(beforeTax / 5));
  });

  it("lists each piece's cost beside the extras", () => {
    const price = quote({
      days: 4,
      extraPrices: { collisionDamageWaiver: 1500 },
      extras: { collisionDamageWaiver: true },
      equipment: { offers, counts: { childSeat: 3 } },
    });
    expect(price.extras).toEqual({ collisionDamageWaiver: 6000, childSeat: 9600 });
    expect(price.equipment).toEqual({ childSeat: 3 });
  });
});

describe("hourly rentals (decision 037)", () => {
  const hourly = { ...tiered, hourlyPrice: 180 };
  const hoursLater = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
  const quoteHours = (hours: number, overrides: Partial<PricingInput> & { prices?: Partial<CarPrices> } = {}) => {
    const { prices, ...rest } = overrides;
    return quoteRental({
      car: { ...hourly, ...prices, ...NO_EXTRAS },
      markupBasisPoints: 0,
      from: start,
      to: hoursLater(hours),
      timeZone: "UTC",
      ...rest,
    });
  };

  it.each<[string, number, Partial<PricingInput> & { prices?: Partial<CarPrices> }, number, number | null]>([
    ["three hours at the hourly price", 3, {}, 540, 3],
    ["a started hour counts whole (2 h 10)", 2 + 10 / 60, {}, 540, 3],
    ["the supplier's minimum is billed for less", 1, { hourlyMinimumHours: 4 }, 720, 4],
    ["more than the minimum: the hours", 5, { hourlyMinimumHours: 4 }, 900, 5],
    ["never more than the car's day", 8, {}, 1000, null],
    ["equal to the day: the day", 2, { prices: { hourlyPrice: 500 } }, 1000, null],
    ["the discounted day caps it", 5, { prices: { discountedDailyPrice: 800 } }, 800, null],
    ["a car without an hourly price: the day", 3, { prices: { hourlyPrice: null } }, 1000, null],
    ["a day or more: by the day", 24, {}, 1000, null],
    ["25 hours: two days, never hours", 25, {}, 2000, null],
    [
      "a date-priced day caps it too",
      6,
      {
        prices: {
          isDateBasedPrice: true,
          dateBasedPrices: [{ startDate: "2030-03-01", endDate: "2030-03-31", dailyPrice: 900 }],
        },
      },
      900,
      null,
    ],
  ])("%s", (_name, hours, overrides, base, billed) => {
    const price = quoteHours(hours, overrides);
    expect(price.base).toBe(base);
    expect(price.hours).toBe(billed);
    expect(price.days).toBe(hours > 24 ? 2 : 1);
  });

  it("the markup, per-day extras, fees and tax follow on the hourly base; per-day ones count one day", () => {
    const price = quoteRental({
      car: { ...hourly, ...NO_EXTRAS, fullInsurance: 300 },
      markupBasisPoints: 1000,
      from: start,
      to: hoursLater(3),
      timeZone: "UTC",
      extras: { fullInsurance: true },
      charges: {
        ...NO_CHARGES,
        taxRateBasisPoints: 2000,
        taxIncluded: false,
        youngDriverAge: 25,
        youngDriverDailyFee: 150,
      },
      driverAge: 22,
    });
    // 540 + 300 one day of cover, +10 % = 924, + 150 young driver = 1074, + 20 % tax = 1289 (214.8 rounded up).
    expect(price).toMatchObject({ base: 540, extrasTotal: 300, markup: 84, hours: 3, total: 1289, pricePerHour: 430 });
  });

  it("counts hours on the pick-up place's clocks: a night the clocks go back is still its wall-clock hours", () => {
    // Paris, 27 October 2030: 01:00 to 04:00 on the clocks is 4 hours of time, 3 on the clocks.
    const from = localDateTimeToInstant("2030-10-27T01:00", "Europe/Paris")!;
    const to = localDateTimeToInstant("2030-10-27T04:00", "Europe/Paris")!;
    const price = quoteRental({
      car: { ...hourly, ...NO_EXTRAS },
      markupBasisPoints: 0,
      from,
      to,
      timeZone: "Europe/Paris",
    });
    expect(price.hours).toBe(3);
    expect(price.base).toBe(540);
  });
});

describe("more than one additional driver (decision 038)", () => {
  it.each([
    ["one driver, 3 days at 5.00", 1, 500, 1500],
    ["two drivers, each 3 days", 2, 500, 3000],
    ["three drivers", 3, 500, 4500],
    ["included: nothing for any number", 3, 0, 0],
  ])("%s", (_name, drivers, price, cost) => {
    const quoted = quote({
      days: 3,
      extraPrices: { additionalDriver: price },
      extras: { additionalDriver: true },
      additionalDrivers: drivers,
    });
    expect(quoted.extras.additionalDriver).toBe(cost);
    expect(quoted.additionalDrivers).toBe(drivers);
    expect(quoted.total).toBe(2700 + cost);
  });

  it("a count without the extra prices nothing and counts none", () => {
    const quoted = quote({ days: 3, extraPrices: { additionalDriver: 500 }, additionalDrivers: 2 });
    expect(quoted.extras.additionalDriver).toBeUndefined();
    expect(quoted.additionalDrivers).toBe(0);
  });
});
