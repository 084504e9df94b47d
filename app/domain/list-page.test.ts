import { describe, expect, it } from "vitest";
import { listPage, listText } from "./list-page";

describe("a list's page and search text from its address", () => {
  it.each([
    ["", 1],
    ["page=3", 3],
    ["page=0", 1],
    ["page=-2", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=10000", 10_000],
    ["page=10001", 1],
  ])("%s reads page %i", (query, page) => {
    expect(listPage(new URLSearchParams(query))).toBe(page);
  });

  it("trims the search text and cuts it to its limit", () => {
    expect(listText(new URLSearchParams("q=%20%20Carthage%20"))).toBe("Carthage");
    expect(listText(new URLSearchParams(`q=${"x".repeat(150)}`))).toHaveLength(100);
    expect(listText(new URLSearchParams(`q=${"x".repeat(150)}`), 80)).toHaveLength(80);
    expect(listText(new URLSearchParams(""))).toBe("");
  });
});
