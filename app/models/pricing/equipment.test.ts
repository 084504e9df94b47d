import { describe, expect, it } from "vitest";
import {
  equipmentCosts,
  equipmentProblem,
  equipmentUnitCost,
  EquipmentUnavailableError,
  maxEquipmentCount,
  childSeatPlaces,
  stillLent,
  type EquipmentOffer,
} from "./equipment";

const childSeat: EquipmentOffer = { kind: "childSeat", charge: "perDay", price: 800, cap: 5600 };
const infantSeat: EquipmentOffer = { kind: "infantSeat", charge: "perDay", price: 1000, cap: null };
const gps: EquipmentOffer = { kind: "gps", charge: "perRental", price: 3500, cap: null };
const crossBorder: EquipmentOffer = { kind: "crossBorder", charge: "perRental", price: 0, cap: null };
const offers = [childSeat, infantSeat, gps, crossBorder];

describe("one piece's cost for a rental", () => {
  it.each([
    ["a daily price, one day", childSeat, 1, 800],
    ["a daily price under its cap", childSeat, 6, 4800],
    ["a daily price reaching its cap exactly", childSeat, 7, 5600],
    ["a daily price past its cap costs the cap", childSeat, 30, 5600],
    ["a daily price without a cap", infantSeat, 30, 30_000],
    ["a rental price, whatever the days", gps, 12, 3500],
    ["lent free", crossBorder, 9, 0],
  ])("%s", (_, offer, days, cents) => {
    expect(equipmentUnitCost(offer, days)).toBe(cents);
  });
});

describe("a booking's equipment", () => {
  it("costs each piece times its count, capped per piece", () => {
    expect(equipmentCosts(offers, { childSeat: 2, gps: 1 }, 10)).toEqual({ childSeat: 11_200, gps: 3500 });
  });

  it("leaves out counts of none and nonsense", () => {
    expect(equipmentCosts(offers, { childSeat: 0, gps: -1, infantSeat: 1.5 }, 3)).toEqual({});
  });

  it("refuses to price a piece the supplier does not lend", () => {
    expect(() => equipmentCosts(offers, { winterTyres: 1 }, 3)).toThrow(EquipmentUnavailableError);
  });

  it.each([
    ["two child seats in a five-seater", { childSeat: 2 }, 5, null],
    ["four seats of two kinds fill a five-seater", { childSeat: 2, infantSeat: 2 }, 5, null],
    ["five seats do not fit a five-seater", { childSeat: 3, infantSeat: 2 }, 5, { kind: "tooMany", max: 4 }],
    ["no child seat in a two-seater's one passenger seat twice", { childSeat: 2 }, 2, { kind: "tooMany", max: 1 }],
    ["one navigator only", { gps: 2 }, 5, { kind: "tooMany", max: 1 }],
    ["winter tyres not lent", { winterTyres: 1 }, 5, { kind: "notOffered" }],
  ] as const)("%s", (_, counts, seats, expected) => {
    const problem = equipmentProblem(offers, counts, childSeatPlaces({ range: "midi", seats }));
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatchObject(expected);
  });

  it("takes as many child seats as the passengers' seats, none on a scooter, one of anything else", () => {
    expect(maxEquipmentCount("boosterSeat", childSeatPlaces({ range: "maxi", seats: 7 }))).toBe(6);
    expect(maxEquipmentCount("childSeat", childSeatPlaces({ range: "mini", seats: 1 }))).toBe(0);
    expect(maxEquipmentCount("childSeat", childSeatPlaces({ range: "scooter", seats: 2 }))).toBe(0);
    expect(equipmentProblem(offers, { childSeat: 1 }, childSeatPlaces({ range: "scooter", seats: 2 }))).toMatchObject({
      kind: "tooMany",
      max: 0,
    });
    expect(maxEquipmentCount("winterTyres", 7)).toBe(1);
  });

  it("keeps on a change only what the supplier still lends", () => {
    expect(stillLent([childSeat], { childSeat: 2, gps: 1 })).toEqual({ childSeat: 2 });
  });
});
