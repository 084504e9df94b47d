import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { amendmentProblemField, amendmentSchema } from "./amend-form";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return parseWithZod(data, { schema: amendmentSchema });
};
const complete: Array<[string, string]> = [
  ["b", "0a1b2c3d-0000-4000-8000-000000000000"],
  ["pickup", "tunis"],
  ["dropoff", "hammamet"],
  ["from", "2030-07-01T10:00"],
  ["to", "2030-07-04T10:00"],
];

describe("the amendment form's schema", () => {
  it("reads places, times and the known options; anything but 'save' previews", () => {
    const submission = form([...complete, ["extra", "cancellation"], ["extra", "jetpack"], ["intent", "bogus"]]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      pickup: "tunis",
      dropoff: "hammamet",
      extra: ["cancellation"],
      intent: "preview",
    });
    const saved = form([...complete, ["intent", "save"]]);
    expect(saved.status === "success" && saved.value.intent).toBe("save");
  });

  it.each([
    ["a missing pick-up time", complete.filter(([name]) => name !== "from"), "from"],
    [
      "an empty place",
      [...complete.filter(([name]) => name !== "pickup"), ["pickup", " "]] as Array<[string, string]>,
      "pickup",
    ],
    [
      "a time over its length",
      [...complete.filter(([name]) => name !== "to"), ["to", "x".repeat(40)]] as Array<[string, string]>,
      "to",
    ],
  ])("refuses %s with the required message on that field", (_name, fields, field) => {
    const submission = form(fields);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ [field]: ["validation.required"] });
  });
});

describe("where a problem of the booking's rules is shown", () => {
  it.each([
    ["common:validation.tooManyAttempts", ""],
    ["checkout:problems.unknownPlace", "pickup"],
    ["validation.dropoffBeforePickup", "to"],
    ["validation.dropoffOutsideHours", "to"],
    ["checkout:problems.extraUnavailable", "extras"],
    ["validation.pickupOutsideHours", "from"],
    ["bookings:amend.priceRaise", ""],
    ["bookings:amend.chooseShortfall", "shortfall"],
  ])("%s → %s", (key, field) => {
    expect(amendmentProblemField(key)).toBe(field);
  });
});
