import { describe, expect, it } from "vitest";
import { canRequestCancellation } from "./booking-access";
import {
  cancellationKind,
  cancellationTerms,
  cancelsForFree,
  freeCancellationOpen,
  offerCancellation,
  termsAt,
} from "./cancellation-terms";

const startsAt = new Date("2030-06-10T08:00:00Z");
/** Well before the free window ends. */
const early = new Date("2030-06-01T00:00:00Z");

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
    expect(cancellationTerms({ paymentMode, cancellation, startsAt }, early)).toEqual(expected);
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
        const terms = cancellationTerms({ paymentMode, cancellation, startsAt }, early);
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
    const terms = offerCancellation({ cancellation, payLater, startsAt }, early);
    expect(terms).toEqual(expected);
    expect(cancelsForFree(terms)).toBe(free);
  });

  it("agrees with the booking's terms once booked the cheapest free way", () => {
    // Included option: whichever payment, free until the deadline (or free altogether at pick-up).
    expect(cancellationTerms({ paymentMode: "full", cancellation: true, startsAt }, early)).toEqual({
      kind: "freeUntil",
      deadline,
    });
    expect(cancellationTerms({ paymentMode: "payLater", cancellation: false, startsAt }, early)).toEqual({
      kind: "free",
    });
  });
});

describe("free cancellation against the clock: one rule everywhere (pick-up within 24 hours)", () => {
  const minute = 60_000;
  const hour = 60 * minute;
  // 24 h 1 min, 24 h and 23 h 59 min before pick-up: open, then closed from the deadline itself (the cancel button's
  // own rule, cancelsAtOnce: strictly before the deadline).
  it.each([
    ["24 h 1 min before", 24 * hour + minute, true],
    ["24 h before (the deadline)", 24 * hour, false],
    ["23 h 59 min before", 24 * hour - minute, false],
    ["after pick-up", -hour, false],
  ] as const)("%s: open %s", (_name, before, open) => {
    const now = new Date(startsAt.getTime() - before);
    expect(freeCancellationOpen(startsAt, now)).toBe(open);

    // A booking paid online with the option: free until the deadline, then non-refundable (pick-up within 24 h).
    const booked = cancellationTerms({ paymentMode: "full", cancellation: true, startsAt }, now);
    expect(booked.kind).toBe(open ? "freeUntil" : "closed");
    expect(cancellationKind("deposit", true, open)).toBe(booked.kind);
    // Paid at pick-up stays free; without the option it was never refundable.
    expect(cancellationTerms({ paymentMode: "payLater", cancellation: true, startsAt }, now).kind).toBe("free");
    expect(cancellationTerms({ paymentMode: "full", cancellation: false, startsAt }, now).kind).toBe("nonRefundable");

    // Offers: the option (included or for sale) no longer makes them free, and the filter drops them; paying at
    // pick-up still cancels for free.
    const included = offerCancellation({ cancellation: 0, payLater: false, startsAt }, now);
    const forSale = offerCancellation({ cancellation: 1500, payLater: false, startsAt }, now);
    expect(included.kind).toBe(open ? "freeUntil" : "closed");
    expect(forSale.kind).toBe(open ? "freeUntilWithOption" : "closed");
    expect(cancelsForFree(included)).toBe(open);
    expect(offerCancellation({ cancellation: 0, payLater: true, startsAt }, now).kind).toBe(
      open ? "freeUntil" : "freeAtPickUp",
    );
    expect(offerCancellation({ cancellation: -1, payLater: false, startsAt }, now).kind).toBe("nonRefundable");
  });

  it("judges the instant, and shows the deadline on the pick-up place's clock, whatever the server's zone", () => {
    // 09:00 in Los Angeles (UTC-7 in June) is 16:00 UTC: free until 09:00 the day before, Los Angeles time.
    const pickup = new Date("2030-06-10T16:00:00Z");
    const justBefore = new Date("2030-06-09T15:59:00Z");
    const terms = cancellationTerms({ paymentMode: "full", cancellation: true, startsAt: pickup }, justBefore);
    expect(termsAt(terms, "America/Los_Angeles")).toEqual({ kind: "freeUntil", deadline: "2030-06-09T09:00" });
    const justAfter = new Date("2030-06-09T16:01:00Z");
    expect(
      termsAt(
        cancellationTerms({ paymentMode: "full", cancellation: true, startsAt: pickup }, justAfter),
        "Asia/Tokyo",
      ),
    ).toEqual({ kind: "closed", deadline: null });
  });
});
