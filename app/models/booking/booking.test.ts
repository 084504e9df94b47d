import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, HOLDING_STATUSES } from "~/domain/enums";
import {
  assertTransition,
  BOOKING_TRANSITIONS,
  canTransition,
  CONFIRMED_STATUS,
  convertedPriceLines,
  foldMarkup,
  offeredPaymentOptions,
  paymentTerms,
  TransitionError,
  reactivationCounterBalance,
} from "./booking";
import { quoteRental, type CarExtras } from "~/models/pricing/pricing";

describe("booking status transitions (decision 010)", () => {
  it.each([
    ["void", "pending", true],
    ["void", "deposit", true],
    ["void", "paid", true],
    ["void", "reserved", false],
    ["pending", "paid", true],
    ["paid", "pending", false],
    ["paid", "deposit", false],
    ["deposit", "paid", true],
    ["cancelled", "paid", false],
    ["cancelled", "void", false],
    ["reserved", "cancelled", true],
  ] as const)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it("never leads back to an unpaid hold, and every status can be cancelled except a cancelled one", () => {
    for (const from of BOOKING_STATUSES) {
      expect(canTransition(from, "void")).toBe(false);
      expect(canTransition(from, "cancelled")).toBe(from !== "cancelled");
    }
  });

  it("lists only real statuses", () => {
    for (const [from, targets] of Object.entries(BOOKING_TRANSITIONS)) {
      expect(BOOKING_STATUSES).toContain(from);
      for (const to of targets) expect(BOOKING_STATUSES).toContain(to);
    }
  });

  it("confirms each payment option into a status that holds the car", () => {
    for (const status of Object.values(CONFIRMED_STATUS)) {
      expect(HOLDING_STATUSES).toContain(status);
      expect(canTransition("void", status)).toBe(true);
    }
  });

  it("throws a typed error on a forbidden transition", () => {
    expect(() => assertTransition("paid", "void")).toThrow(TransitionError);
    expect(() => assertTransition("void", "paid")).not.toThrow();
  });
});

describe("payment terms (spec §4)", () => {
  it.each([
    ["payLater", 15_000, 50_000, { online: 0, atCounter: 15_000, securityDeposit: 50_000 }],
    ["deposit", 15_000, 50_000, { online: 50_000, atCounter: 15_000, securityDeposit: 50_000 }],
    ["full", 15_000, 50_000, { online: 65_000, atCounter: 0, securityDeposit: 50_000 }],
    ["full", 15_000, 0, { online: 15_000, atCounter: 0, securityDeposit: 0 }],
  ] as const)("%s of a %i rental with a %i deposit", (mode, total, deposit, expected) => {
    expect(paymentTerms(mode, total, deposit)).toEqual(expected);
  });

  it.each([
    [{ payLater: true, deposit: 500, onlinePayments: true }, ["payLater", "deposit", "full"]],
    [{ payLater: false, deposit: 500, onlinePayments: true }, ["deposit", "full"]],
    [{ payLater: true, deposit: 0, onlinePayments: true }, ["payLater", "full"]],
    [{ payLater: true, deposit: 500, onlinePayments: false }, ["payLater"]],
    [{ payLater: false, deposit: 500, onlinePayments: false }, []],
  ])("offered options for %o", (rules, expected) => {
    expect(offeredPaymentOptions(rules)).toEqual(expected);
  });
});

/** A car whose prices do not divide evenly, with extras of each kind (included, per rental, per day). */
const unevenCar = {
  dailyPrice: 3333,
  discountedDailyPrice: null,
  biWeeklyPrice: null,
  discountedBiWeeklyPrice: null,
  weeklyPrice: null,
  discountedWeeklyPrice: null,
  monthlyPrice: null,
  discountedMonthlyPrice: null,
  isDateBasedPrice: false,
  dateBasedPrices: [],
  cancellation: 1999,
  amendments: 0,
  theftProtection: 777,
  collisionDamageWaiver: -1,
  fullInsurance: 1234,
  additionalDriver: 555,
} satisfies CarExtras & Record<string, unknown>;

describe("markup folded into the lines", () => {
  const car = unevenCar;
  it.each([0, 250, 1000, -500, 1234, -9999])(
    "lines add up to the total exactly at %i basis points",
    (markupBasisPoints) => {
      const price = quoteRental({
        car,
        markupBasisPoints,
        from: new Date("2030-03-01T10:00:00Z"),
        to: new Date("2030-03-04T09:00:00Z"),
        timeZone: "UTC",
        extras: {
          cancellation: true,
          amendments: true,
          theftProtection: true,
          fullInsurance: true,
          additionalDriver: true,
        },
      });
      const folded = foldMarkup(price);
      const sum = folded.base + Object.values(folded.extras).reduce((total, amount) => total + amount, 0);
      expect(sum).toBe(price.total);
      expect(folded.extras.amendments).toBe(0);
      if (markupBasisPoints === 0) expect(folded.base).toBe(price.base);
    },
  );

  it("scales each extra by the markup: +10 % on a 19.99 cancellation is 21.99", () => {
    const folded = foldMarkup({ base: 10_000, extras: { cancellation: 1999 }, markup: 1200 });
    expect(folded.extras.cancellation).toBe(2199);
    expect(folded.base).toBe(11_000);
  });
});

describe("converted price lines (decision 025)", () => {
  const car = unevenCar;
  it.each([
    ["tax added, both fees", false, true, 22],
    ["tax included, one-way only", true, true, 40],
    ["tax added, no fee", false, false, 40],
  ])("%s: the lines add up to the total in any currency", (_name, taxIncluded, oneWay, driverAge) => {
    const price = quoteRental({
      car,
      markupBasisPoints: 1250,
      from: new Date("2030-03-04T10:00:00Z"),
      to: new Date("2030-03-09T09:00:00Z"),
      timeZone: "UTC",
      extras: { cancellation: true, amendments: true, theftProtection: true },
      charges: {
        taxRateBasisPoints: 1950,
        taxIncluded,
        oneWayFee: 3999,
        youngDriverAge: 25,
        youngDriverDailyFee: 1111,
      },
      oneWay,
      driverAge,
    });
    for (const rate of [1, 0.9137, 1.5711]) {
      const lines = convertedPriceLines(price, (cents) => Math.round(cents * rate));
      const sum =
        lines.base +
        lines.extras.reduce((total, line) => total + line.amount, 0) +
        lines.fees.oneWay +
        lines.fees.youngDriver +
        (lines.tax.added ? lines.tax.amount : 0);
      expect(sum).toBe(lines.total);
      expect(lines.total).toBe(Math.round(price.total * rate));
      expect(lines.tax.added).toBe(!taxIncluded);
      expect(lines.fees.oneWay > 0).toBe(oneWay);
      expect(lines.fees.youngDriver > 0).toBe(driverAge < 25);
    }
  });
});

describe("reactivationCounterBalance: what the counter collects from a paid-in-full booking brought back", () => {
  it.each([
    // total, rate, held → owed at the counter (display minor units)
    ["refunded in full: the whole total", 10_000, 1, 0, 10_000],
    ["payment kept, deposit and all: nothing", 10_000, 1, 40_000, 0],
    ["the deposit refunded, the rental kept: nothing", 10_000, 1, 10_000, 0],
    ["a cancellation fee kept: the rest of the rental", 10_000, 1, 2_500, 7_500],
    ["in euros", 10_000, 0.9, 0, 9_000],
  ])("%s", (_, totalPrice, displayRate, held, owed) => {
    expect(reactivationCounterBalance({ totalPrice, displayRate, held })).toBe(owed);
  });
});
