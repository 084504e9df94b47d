import { describe, expect, it } from "vitest";
import { settleChange, staffCancellationRefund } from "./settlement";

describe("settleChange", () => {
  const paid = { paymentMode: "full" as const, held: 50_000, counterBalance: 0, shortfall: "link" as const };

  it.each([
    ["dearer, by link", { ...paid, newOnline: 62_000 }, { refund: 0, link: 12_000, counterBalance: 0 }],
    [
      "dearer, at the counter",
      { ...paid, newOnline: 62_000, shortfall: "counter" as const },
      { refund: 0, link: 0, counterBalance: 12_000 },
    ],
    ["cheaper: the surplus refunded", { ...paid, newOnline: 41_000 }, { refund: 9_000, link: 0, counterBalance: 0 }],
    [
      "cheaper after a shortfall left to the counter: the counter first",
      { ...paid, newOnline: 52_000, counterBalance: 5_000 },
      { refund: 0, link: 0, counterBalance: 2_000 },
    ],
    [
      "much cheaper after a counter shortfall: the counter's share, then a refund",
      { ...paid, newOnline: 40_000, counterBalance: 5_000 },
      { refund: 10_000, link: 0, counterBalance: 0 },
    ],
    ["the same price", { ...paid, newOnline: 50_000 }, { refund: 0, link: 0, counterBalance: 0 }],
  ])("%s", (_name, money, expected) => {
    expect(settleChange(money)).toEqual(expected);
  });

  it("leaves bookings paid at the counter to the counter, whatever the change", () => {
    expect(settleChange({ ...paid, paymentMode: "payLater", newOnline: 99_000 })).toEqual({
      refund: 0,
      link: 0,
      counterBalance: 0,
    });
    // A deposit never paid online: the counter holds it.
    expect(settleChange({ ...paid, paymentMode: "deposit", held: 0, newOnline: 50_000 })).toEqual({
      refund: 0,
      link: 0,
      counterBalance: paid.counterBalance,
    });
  });

  it("settles a deposit paid online against the new car's: the difference refunded, or asked", () => {
    const deposit = { paymentMode: "deposit" as const, held: 30_000, counterBalance: 0, shortfall: "link" as const };
    expect(settleChange({ ...deposit, newOnline: 30_000 })).toEqual({ refund: 0, link: 0, counterBalance: 0 });
    expect(settleChange({ ...deposit, newOnline: 20_000 })).toEqual({ refund: 10_000, link: 0, counterBalance: 0 });
    expect(settleChange({ ...deposit, newOnline: 50_000 })).toEqual({ refund: 0, link: 20_000, counterBalance: 0 });
    expect(settleChange({ ...deposit, shortfall: "counter", newOnline: 50_000 })).toEqual({
      refund: 0,
      link: 0,
      counterBalance: 20_000,
    });
  });
});

describe("staffCancellationRefund", () => {
  const held = 80_000;
  const securityDeposit = 30_000;

  it("gives everything back when the supplier cancels, whatever the terms", () => {
    for (const terms of ["free", "freeUntil", "closed", "nonRefundable"] as const)
      expect(staffCancellationRefund({ byDriver: false, terms, held, securityDeposit })).toBe(held);
  });

  it("gives back what the terms say when the driver asked", () => {
    expect(staffCancellationRefund({ byDriver: true, terms: "freeUntil", held, securityDeposit })).toBe(held);
    expect(staffCancellationRefund({ byDriver: true, terms: "closed", held, securityDeposit })).toBe(securityDeposit);
    expect(staffCancellationRefund({ byDriver: true, terms: "nonRefundable", held, securityDeposit })).toBe(
      securityDeposit,
    );
    expect(staffCancellationRefund({ byDriver: true, terms: "nonRefundable", held: 0, securityDeposit })).toBe(0);
  });
});
