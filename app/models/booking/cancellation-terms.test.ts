import { describe, expect, it } from "vitest";
import { canRequestCancellation } from "./booking-access";
import { cancellationTerms, cancelsForFree, offerCancellation } from "./cancellation-terms";

const startsAt = new Date("2030-06-10T08:00:00Z");

describe("cancellation terms", () => {
  it.each([
    ["pay at pick-up, no option", "payLater", false, { kind: "free" }],
    ["pay at pick-up, with the option", "payLater", true, { kind: "free" }],
    [
      "deposit online with the option",
      "deposit",
      true,
      { kind: "freeUntil", deadline: new Date("2030-06-09T08:00:00Z") },
    ],
    ["in full online with the option", "full", true, { kind: "freeUntil", deadline: new Date("2030-06-09T08:00:00Z") }],
    ["deposit online without the option", "deposit", false, { kind: "nonRefundable" }],
    ["in full online without the option", "full", false, { kind: "nonRefundable" }],
  ] as const)("%s", (_name, paymentMode, cancellation, expected) => {
    expect(cancellationTerms({ paymentMode, cancellation, startsAt })).toEqual(expected);
  });

  it("says 'cannot be cancelled' exactly where the driver may not request a cancellation", () => {
    for (const paymentMode of ["payLater", "deposit", "full"] as const) {
      for (const cancellation of [true, false]) {
        const facts = {
          driverId: "d",
          supplierId: "s",
          status: "paid" as const,
          paymentMode,
          cancellation,
          amendments: false,
          cancelRequest: false,
          startsAt,
          endsAt: new Date("2030-06-12T08:00:00Z"),
          driverDeletedAt: null,
        };
        const terms = cancellationTerms({ paymentMode, cancellation, startsAt });
        expect(terms.kind === "nonRefundable").toBe(!canRequestCancellation(facts, new Date("2030-06-01T00:00:00Z")));
      }
    }
  });
});

describe("what a results card says about cancelling an offer (decision 021)", () => {
  const deadline = new Date("2030-06-09T08:00:00Z");
  it.each([
    ["option included, pay at pick-up too", 0, true, { kind: "freeUntil", deadline }, true],
    ["option included, online only", 0, false, { kind: "freeUntil", deadline }, true],
    ["option for sale, pay at pick-up", 1500, true, { kind: "freeAtPickUp" }, true],
    ["no option, pay at pick-up", -1, true, { kind: "freeAtPickUp" }, true],
    ["option for sale, online only", 1500, false, { kind: "freeUntilWithOption", deadline }, false],
    ["no option, online only", -1, false, { kind: "nonRefundable" }, false],
  ] as const)("%s", (_name, cancellation, payLater, expected, free) => {
    const terms = offerCancellation({ cancellation, payLater, startsAt });
    expect(terms).toEqual(expected);
    expect(cancelsForFree(terms)).toBe(free);
  });

  it("agrees with the booking's terms once booked the cheapest free way", () => {
    // Included option: whichever payment, free until the deadline (or free altogether at pick-up).
    expect(cancellationTerms({ paymentMode: "full", cancellation: true, startsAt })).toEqual({
      kind: "freeUntil",
      deadline,
    });
    expect(cancellationTerms({ paymentMode: "payLater", cancellation: false, startsAt })).toEqual({ kind: "free" });
  });
});
