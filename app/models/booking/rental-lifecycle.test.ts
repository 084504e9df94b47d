import { describe, expect, it } from "vitest";
import {
  isOverdue,
  statusChangeVerdict,
  RENTAL_ACTIONS,
  RENTAL_STATES,
  rentalAllows,
  rentalStateOf,
  type RentalAction,
  type RentalState,
} from "./rental-lifecycle";

describe("rentalStateOf", () => {
  it.each([
    [[], "notOut"],
    [[{ kind: "handover" as const }], "out"],
    [[{ kind: "handover" as const }, { kind: "return" as const }], "returned"],
  ])("events %j put the rental %s", (events, state) => {
    expect(rentalStateOf(events)).toBe(state);
  });
});

describe("isOverdue", () => {
  const endsAt = new Date("2027-03-01T10:00:00Z");
  it.each([
    ["out", "2027-03-01T09:59:00Z", false],
    ["out", "2027-03-01T10:00:00Z", true],
    ["out", "2027-03-03T10:00:00Z", true],
    ["returned", "2027-03-03T10:00:00Z", false],
    ["notOut", "2027-03-03T10:00:00Z", false],
  ] as const)("%s at %s: %s", (state, now, overdue) => {
    expect(isOverdue(state, endsAt, new Date(now))).toBe(overdue);
  });
});

describe("the rental lifecycle's transition table, every action in every state", () => {
  // What the table says, written out in full: a change to the table must change this too.
  const expected: Record<RentalAction, Record<RentalState, true | "underWay" | "returned" | "notOut">> = {
    cancel: { notOut: true, out: "underWay", returned: "returned" },
    reactivate: { notOut: true, out: "underWay", returned: "returned" },
    setStatus: { notOut: true, out: true, returned: "returned" },
    change: { notOut: true, out: "underWay", returned: "returned" },
    handover: { notOut: true, out: "underWay", returned: "returned" },
    return: { notOut: "notOut", out: true, returned: "returned" },
  };
  const cases = RENTAL_ACTIONS.flatMap((action) => RENTAL_STATES.map((state) => [action, state] as const));
  it("covers 18 cases", () => expect(cases).toHaveLength(18));
  it.each(cases)("%s when the rental is %s", (action, state) => {
    const want = expected[action][state];
    expect(rentalAllows(action, state)).toEqual(want === true ? { ok: true } : { ok: false, reason: want });
  });
});

describe("whether staff may set a status", () => {
  it.each([
    ["pending", "paid", "notOut", "allowed"],
    ["pending", "paid", "out", "allowed"],
    ["pending", "paid", "returned", "returned"],
    ["paid", "paid", "notOut", "unchanged"],
    ["paid", "pending", "notOut", "refused"],
    ["paid", "cancelled", "notOut", "refused"],
    ["void", "void", "notOut", "refused"],
    ["cancelled", "reserved", "notOut", "allowed"],
    ["cancelled", "reserved", "out", "underWay"],
    ["cancelled", "pending", "returned", "returned"],
    ["reserved", "paid", "out", "allowed"],
  ] as const)("%s → %s with the car %s: %s", (from, to, state, verdict) => {
    expect(statusChangeVerdict(from, to, state)).toBe(verdict);
  });
});
