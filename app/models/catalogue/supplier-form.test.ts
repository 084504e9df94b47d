import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { equipmentDefaults, equipmentOfferText, equipmentOffersOf, supplierFormSchema } from "./supplier-form";

/** The settings form as a browser posts it, with the equipment fields given. */
function read(equipment: Record<string, string>) {
  const data = new FormData();
  const fields = {
    name: "Carthage Cars",
    minimumRentalDays: "1",
    hourlyMinimumHours: "1",
    taxRate: "19",
    flightGraceMinutes: "60",
    ...equipment,
  };
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  const submission = parseWithZod(data, { schema: supplierFormSchema });
  if (submission.status !== "success") return { problems: submission.error };
  return { offers: equipmentOffersOf(submission.value) };
}

describe("the equipment a supplier lends (decision 033)", () => {
  it("lends what has a price, per day with its cap or per rental", () => {
    expect(
      read({
        childSeatPrice: "8",
        childSeatCharge: "perDay",
        childSeatCap: "56",
        gpsPrice: "35.50",
        gpsCharge: "perRental",
        crossBorderPrice: "0",
        crossBorderCharge: "perRental",
      }).offers,
    ).toEqual({
      ok: true,
      offers: [
        { kind: "childSeat", charge: "perDay", price: 800, cap: 5600 },
        { kind: "gps", charge: "perRental", price: 3550, cap: null },
        { kind: "crossBorder", charge: "perRental", price: 0, cap: null },
      ],
    });
  });

  it.each([
    ["a cap below a day's price", { childSeatPrice: "8", childSeatCap: "5" }, "childSeatCap"],
    ["a cap on a rental price", { gpsPrice: "30", gpsCharge: "perRental", gpsCap: "40" }, "gpsCap"],
    ["a cap without a price", { boosterSeatCap: "20" }, "boosterSeatPrice"],
  ])("refuses %s on its field", (_name, fields, field) => {
    expect(read(fields).offers).toMatchObject({ ok: false, field });
  });

  it("refuses a price that is not an amount", () => {
    expect(read({ gpsPrice: "ten" }).problems).toHaveProperty("gpsPrice");
  });

  it("shows what is lent as the form and the audit trail read it", () => {
    const offers = [{ kind: "childSeat", charge: "perDay", price: 800, cap: 5600 }] as const;
    expect(equipmentDefaults(offers)).toMatchObject({
      childSeatPrice: "8",
      childSeatCharge: "perDay",
      childSeatCap: "56",
      gpsPrice: "",
    });
    expect(equipmentOfferText(offers[0])).toBe("8 perDay ≤ 56");
    expect(equipmentOfferText(undefined)).toBe("");
  });
});
