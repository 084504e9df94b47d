import { describe, expect, it } from "vitest";
import { hasUnreadableBody } from "./form-body";

describe("hasUnreadableBody", () => {
  it.each<[string, Parameters<typeof hasUnreadableBody>, boolean]>([
    ["a form", ["POST", "application/x-www-form-urlencoded", "12", undefined], false],
    ["a form with a charset", ["POST", "application/x-www-form-urlencoded;charset=UTF-8", "12", undefined], false],
    ["an upload", ["POST", "multipart/form-data; boundary=x", "900", undefined], false],
    ["an empty post", ["POST", undefined, "0", undefined], false],
    ["a GET", ["GET", "application/json", "10", undefined], false],
    ["JSON", ["POST", "application/json", "10", undefined], true],
    ["text", ["POST", "text/plain", "10", undefined], true],
    ["a chunked body without a type", ["POST", undefined, undefined, "chunked"], true],
    ["a look-alike type", ["POST", "multipart/form-data-ish", "10", undefined], true],
  ])("%s", (_name, input, expected) => {
    expect(hasUnreadableBody(...input)).toBe(expected);
  });
});
