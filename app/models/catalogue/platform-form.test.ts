import { describe, expect, it } from "vitest";
import { platformSchema } from "./platform-form";

const valid = {
  minPickupHours: "2",
  minRentalHours: "1",
  earliestHour: "6",
  latestHour: "22",
  staffIdleHours: "12",
};

describe("the platform settings form", () => {
  it("reads numbers and the two-factor box", () => {
    expect(platformSchema.parse({ ...valid, operatorsNeedTwoFactor: "on" })).toEqual({
      minPickupHours: 2,
      minRentalHours: 1,
      earliestHour: 6,
      latestHour: 22,
      operatorsNeedTwoFactor: true,
      staffIdleHours: 12,
    });
    expect(platformSchema.parse(valid).operatorsNeedTwoFactor).toBe(false);
  });

  it("refuses out-of-range hours and a day that ends before it starts, on the fields, in the project's keys", () => {
    const refused = platformSchema.safeParse({ ...valid, earliestHour: "23", latestHour: "5", staffIdleHours: "0" });
    expect(refused.success).toBe(false);
    const issues = refused.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([["staffIdleHours", expect.stringContaining("manage:validation.wholeNumber")]]),
    );
    const backwards = platformSchema.safeParse({ ...valid, earliestHour: "23", latestHour: "5" });
    expect(backwards.error?.issues).toEqual([
      expect.objectContaining({ path: ["latestHour"], message: "manage:platform.latestBeforeEarliest" }),
    ]);
    for (const issue of platformSchema.safeParse({}).error?.issues ?? [])
      expect(issue.message).toBe("validation.required");
  });
});
