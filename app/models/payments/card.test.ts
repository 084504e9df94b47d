import { describe, expect, it } from "vitest";
import { isValidCardCvc, isValidCardExpiry, isValidCardNumber } from "./card";

describe("card number (Luhn)", () => {
  it.each([
    ["4242 4242 4242 4242", true],
    ["4000-0000-0000-0002", true],
    ["5555555555554444", true],
    ["4242 4242 4242 4241", false],
    ["1234", false],
    ["4242 4242 4242 424a", false],
    ["", false],
  ])("%s → %s", (number, valid) => expect(isValidCardNumber(number)).toBe(valid));
});

describe("card expiry", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it.each([
    ["11/26", true],
    ["12/2026", true],
    ["10/26", false],
    ["13/27", false],
    ["00/27", false],
    ["1/47", false],
    ["01/46", true],
    ["1127", false],
  ])("%s → %s", (expiry, valid) => expect(isValidCardExpiry(expiry, now)).toBe(valid));
});

describe("card validation code", () => {
  it.each([
    ["123", true],
    ["1234", true],
    ["12", false],
    ["12a", false],
  ])("%s → %s", (cvc, valid) => expect(isValidCardCvc(cvc)).toBe(valid));
});
