import { describe, expect, it } from "vitest";
import { excessWithExtra, extraSale, remainingExcess, worstCase, zeroExcessCover } from "./cover";

const NOT_OFFERED = -1;
const car = (overrides: Partial<Parameters<typeof zeroExcessCover>[0]> = {}) => ({
  damageExcess: 120_000,
  theftExcess: 80_000,
  collisionDamageWaiver: 1_200,
  theftProtection: 500,
  fullInsurance: 2_000,
  ...overrides,
});

describe("the excess left with the chosen cover", () => {
  it.each([
    ["no cover", [], { damage: 120_000, theft: 80_000 }, 120_000],
    ["the waiver", ["collisionDamageWaiver"], { damage: 0, theft: 80_000 }, 80_000],
    ["theft protection", ["theftProtection"], { damage: 120_000, theft: 0 }, 120_000],
    ["both", ["collisionDamageWaiver", "theftProtection"], { damage: 0, theft: 0 }, 0],
    ["full insurance", ["fullInsurance"], { damage: 0, theft: 0 }, 0],
    ["another extra only", ["additionalDriver"], { damage: 120_000, theft: 80_000 }, 120_000],
  ] as const)("%s", (_name, extras, remaining, worst) => {
    expect(remainingExcess(car(), extras)).toEqual(remaining);
    expect(worstCase(remainingExcess(car(), extras))).toBe(worst);
  });

  it("counts an extra the car includes at no cost as chosen", () => {
    expect(remainingExcess(car({ theftProtection: 0 }), [])).toEqual({ damage: 120_000, theft: 0 });
    expect(remainingExcess(car({ fullInsurance: 0 }), {})).toEqual({ damage: 0, theft: 0 });
  });

  it("says what each protection extra leaves alone", () => {
    expect(excessWithExtra(car(), "collisionDamageWaiver")).toEqual({ damage: 0, theft: 80_000 });
    expect(excessWithExtra(car(), "fullInsurance")).toEqual({ damage: 0, theft: 0 });
  });
});

describe("the cheapest zero-excess cover", () => {
  it.each([
    ["the parts when cheaper", car(), ["collisionDamageWaiver", "theftProtection"], 1_700],
    ["full insurance when cheaper", car({ fullInsurance: 1_500 }), ["fullInsurance"], 1_500],
    ["the parts on a tie", car({ fullInsurance: 1_700 }), ["collisionDamageWaiver", "theftProtection"], 1_700],
    ["full insurance when a part is not offered", car({ theftProtection: NOT_OFFERED }), ["fullInsurance"], 2_000],
    ["only the part an excess calls for", car({ theftExcess: 0 }), ["collisionDamageWaiver"], 1_200],
    ["not a part the car includes", car({ theftProtection: 0 }), ["collisionDamageWaiver"], 1_200],
    ["nothing when no excess is left", car({ damageExcess: 0, theftExcess: 0 }), [], 0],
    ["nothing when full insurance is included", car({ fullInsurance: 0 }), [], 0],
    ["nothing when the parts are included", car({ collisionDamageWaiver: 0, theftProtection: 0 }), [], 0],
  ] as const)("%s", (_name, offer, extras, daily) => {
    const cover = zeroExcessCover(offer)!;
    expect(cover.daily).toBe(daily);
    expect(cover.extras).toEqual(extras);
    expect(remainingExcess(offer, cover.extras)).toEqual({ damage: 0, theft: 0 });
  });

  it("is none when the car offers no way to zero excess", () => {
    expect(zeroExcessCover(car({ collisionDamageWaiver: NOT_OFFERED, fullInsurance: NOT_OFFERED }))).toBeNull();
    expect(
      zeroExcessCover(car({ damageExcess: 0, theftProtection: NOT_OFFERED, fullInsurance: NOT_OFFERED })),
    ).toBeNull();
  });
});

describe("what a car's option is for a rental (no page lists one the checkout will not sell)", () => {
  const withExtras = (overrides: Partial<Parameters<typeof extraSale>[0]> = {}) => ({
    cancellation: 1_500,
    amendments: 1_000,
    additionalDriver: 500,
    ...car(),
    ...overrides,
  });

  it("sells a protection only where it reduces an excess", () => {
    // A scooter with no damage excess: the waiver would buy nothing; theft protection still helps.
    const scooter = withExtras({ damageExcess: 0, theftExcess: 60_000 });
    expect(extraSale(scooter, "collisionDamageWaiver", true)).toBe("coversNothing");
    expect(extraSale(scooter, "theftProtection", true)).toBe("sold");
    expect(extraSale(scooter, "fullInsurance", true)).toBe("sold");
    // Nothing to cover at all, or everything covered by what the car includes.
    const noExcess = withExtras({ damageExcess: 0, theftExcess: 0 });
    for (const extra of ["collisionDamageWaiver", "theftProtection", "fullInsurance"] as const)
      expect(extraSale(noExcess, extra, true)).toBe("coversNothing");
    expect(extraSale(withExtras({ fullInsurance: 0 }), "collisionDamageWaiver", true)).toBe("coversNothing");
    expect(extraSale(withExtras({ fullInsurance: 0 }), "fullInsurance", true)).toBe("included");
    expect(extraSale(withExtras(), "collisionDamageWaiver", true)).toBe("sold");
  });

  it("sells the Cancellation option only while it can make the booking free to cancel", () => {
    expect(extraSale(withExtras(), "cancellation", true)).toBe("sold");
    expect(extraSale(withExtras(), "cancellation", false)).toBe("unavailable");
    expect(extraSale(withExtras({ cancellation: 0 }), "cancellation", false)).toBe("included");
    expect(extraSale(withExtras({ amendments: NOT_OFFERED }), "amendments", true)).toBe("unavailable");
  });
});
