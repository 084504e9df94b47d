import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { reviewSchema } from "./review-form";

const marks = { staffMark: "8", conditionMark: "9", valueMark: "7", queueMark: "10" };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the review form (issue 53: the text is truly optional)", () => {
  it("is not required by the field's constraint, so no browser refuses an empty text", () => {
    expect(getZodConstraint(reviewSchema).text?.required).toBeFalsy();
    expect(getZodConstraint(reviewSchema).authorName?.required).toBe(true);
  });

  it.each([
    ["left empty", { ...marks, authorName: "Ada", text: "" }],
    ["not posted at all", { ...marks, authorName: "Ada" }],
  ])("accepts a review whose text is %s", (_, fields) => {
    const submission = parseWithZod(form(fields), { schema: reviewSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.text).toBe("");
  });

  it("refuses a missing mark and name with the project's own keys, never a zod default message", () => {
    const submission = parseWithZod(form({ text: "" }), { schema: reviewSchema });
    expect(submission.status).toBe("error");
    const messages = Object.values(submission.reply().error ?? {}).flat();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(/^(bookings:review\.markRequired|validation\.required)$/);
  });
});
