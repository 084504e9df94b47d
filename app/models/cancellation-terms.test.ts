import { describe, expect, it } from "vitest";
import { canRequestCancellation } from "./booking-access";
import { cancellationTerms } from "./cancellation-terms";

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
