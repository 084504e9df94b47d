import { describe, expect, it } from "vitest";
import { commitMessageProblems } from "./commit-message.mjs";

describe("commitMessageProblems", () => {
  it("takes a subject of 72 characters with a body after one blank line", () => {
    expect(commitMessageProblems(`${"a".repeat(72)}\n\nWhy it changed.\n`)).toEqual([]);
  });
  it("takes a subject alone, and leaves git's comment lines out", () => {
    expect(commitMessageProblems("Fix the thing\n# Please enter the commit message\n")).toEqual([]);
  });
  it("refuses a subject of 73 characters", () => {
    expect(commitMessageProblems(`${"a".repeat(73)}\n`)).toEqual([
      `the subject has 73 characters, at most 72: "${"a".repeat(73)}"`,
    ]);
  });
  it("refuses a body glued to the subject, and an empty subject", () => {
    expect(commitMessageProblems("Subject\nBody at once\n")).toEqual([
      "the subject must be followed by one blank line",
    ]);
    expect(commitMessageProblems("\n\nBody\n")).toContain("the subject line is empty");
  });
});
