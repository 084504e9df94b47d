import { describe, expect, it } from "vitest";
import { nextRefundAttempt, owable, owedAfterRefund, type OwingPayment } from "./refund-owed";

const NOW = new Date("2031-03-01T10:00:00Z");
const paid: OwingPayment = {
  status: "captured",
  amount: 8000,
  capturedAmount: 8000,
  refundedAmount: null,
  refundReason: null,
  refundOwed: null,
  nextRefundAt: null,
};

describe("what more a payment may owe back", () => {
  it.each<[string, Partial<OwingPayment>, number]>([
    ["nothing owed yet: all it kept", {}, 8000],
    ["taken in another amount than asked: what was taken", { capturedAmount: 7900 }, 7900],
    ["a part given back before", { refundedAmount: 3000 }, 5000],
    ["a change's surplus owed (still at the gateway): the rest", { refundReason: "changed", refundOwed: 3000 }, 5000],
    ["a part owed after a part given back", { refundedAmount: 1000, refundReason: "changed", refundOwed: 2000 }, 5000],
    [
      "its refund failed, to be tried again: the rest",
      { status: "refundFailed", refundReason: "changed", refundOwed: 3000 },
      5000,
    ],
    ["all that is left owed already: nothing", { refundReason: "cancelled" }, 0],
    ["wholly refunded: nothing", { status: "refunded", refundedAmount: 8000, refundReason: "cancelled" }, 0],
    ["never taken: nothing", { status: "failed" }, 0],
    ["more owed than kept (never less than nothing)", { refundReason: "changed", refundOwed: 9000 }, 0],
  ])("%s", (_case, facts, expected) => {
    expect(owable({ ...paid, ...facts })).toBe(expected);
  });
});

describe("when a payment newly owed is tried", () => {
  const later = new Date(NOW.getTime() + 5 * 60_000);
  it("now, when nothing is under way", () => {
    expect(nextRefundAttempt(paid, NOW)).toEqual(NOW);
  });
  it("at the end of the lease of a refund under way: never two gateway calls at once", () => {
    expect(nextRefundAttempt({ ...paid, refundReason: "changed", refundOwed: 3000, nextRefundAt: later }, NOW)).toEqual(
      later,
    );
  });
  it("now, when a failed refund waits out its back-off: the new debt is not made to wait", () => {
    const failed = { ...paid, status: "refundFailed" as const, refundReason: "changed" as const, nextRefundAt: later };
    expect(nextRefundAttempt(failed, NOW)).toEqual(NOW);
  });
  it("now, when a lease has run out (its instance stopped)", () => {
    expect(nextRefundAttempt({ ...paid, nextRefundAt: new Date(NOW.getTime() - 1) }, NOW)).toEqual(NOW);
  });
});

describe("what a payment still owes once a refund of it is done", () => {
  it.each<[string, Pick<OwingPayment, "refundReason" | "refundOwed">, number, ReturnType<typeof owedAfterRefund>]>([
    ["the part owed, given back: nothing", { refundReason: "changed", refundOwed: 3000 }, 3000, null],
    [
      "more owed meanwhile by a cancellation: that more",
      { refundReason: "staffCancelled", refundOwed: 8000 },
      3000,
      { reason: "staffCancelled", owed: 5000 },
    ],
    [
      "all the rest owed meanwhile by the driver's cancellation: all the rest",
      { refundReason: "cancelled", refundOwed: null },
      3000,
      { reason: "cancelled", owed: null },
    ],
    ["nothing on record as owed: nothing", { refundReason: null, refundOwed: null }, 3000, null],
  ])("%s", (_case, current, refunded, expected) => {
    expect(owedAfterRefund(current, refunded)).toEqual(expected);
  });
});
