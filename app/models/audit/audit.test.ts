import { describe, expect, it } from "vitest";
import { fieldChanges } from "./audit";

describe("fieldChanges", () => {
  it("records each changed field from and to, by value", () => {
    expect(
      fieldChanges(
        { name: "Clio", dailyPrice: 4000, multimedia: ["bluetooth"], places: ["a", "b"], note: null },
        { name: "Clio", dailyPrice: 4500, multimedia: ["bluetooth"], places: ["a"], note: undefined },
      ),
    ).toEqual({ dailyPrice: { from: 4000, to: 4500 }, places: { from: ["a", "b"], to: ["a"] } });
  });

  it("records every field of a new record as from nothing", () => {
    expect(fieldChanges(null, { name: "Clio", seats: 5 })).toEqual({
      name: { from: null, to: "Clio" },
      seats: { from: null, to: 5 },
    });
  });
});
