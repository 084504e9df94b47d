import { describe, expect, it } from "vitest";
import { postedRowCount } from "./posted-rows";

describe("postedRowCount", () => {
  it("counts a list's rows by their highest number, and nothing of other lists", () => {
    const form = new FormData();
    form.set("datePrices[0].from", "2027-07-01");
    form.set("datePrices[3].price", "");
    form.set("parking[1].nameEn", "P1");
    expect(postedRowCount(form, "datePrices")).toBe(4);
    expect(postedRowCount(form, "parking")).toBe(2);
    expect(postedRowCount(form, "other")).toBe(0);
  });
});
