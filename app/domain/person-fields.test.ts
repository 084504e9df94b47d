import { describe, expect, it } from "vitest";
import { ageOn, checkBirthDate, emailProblem, fullNameProblem, parseTypedDate, phoneProblem } from "./person-fields";

describe("a date as a person types it, in each language's order", () => {
  it.each([
    ["a date field's value", "1990-12-04", "en", "1990-12-04"],
    ["the same in French", "1990-12-04", "fr", "1990-12-04"],
    ["English: month first", "12/04/1990", "en", "1990-12-04"],
    ["French: day first", "04/12/1990", "fr", "1990-12-04"],
    ["Spanish: day first", "04/12/1990", "es", "1990-12-04"],
    ["dots between the numbers", "04.12.1990", "fr", "1990-12-04"],
    ["dashes between the numbers", "12-4-1990", "en", "1990-12-04"],
    ["no leading zeros", "4/12/1990", "es", "1990-12-04"],
    ["spaces around it", " 12/04/1990 ", "en", "1990-12-04"],
    ["a day over 12 typed day first in English (only one reading is a day)", "31/12/1990", "en", "1990-12-31"],
    ["a day over 12 typed month first in French", "12/31/1990", "fr", "1990-12-31"],
    ["a year first with slashes", "1990/12/04", "fr", "1990-12-04"],
    ["29 February of a leap year", "02/29/2000", "en", "2000-02-29"],
  ] as const)("reads %s", (_name, typed, language, expected) => {
    expect(parseTypedDate(typed, language)).toBe(expected);
  });

  it.each([
    ["a two-digit year (its century is a guess)", "12/04/90", "en"],
    ["30 February", "30/02/1990", "fr"],
    ["29 February of a common year", "1999-02-29", "en"],
    ["month 13 either way", "13/13/1990", "en"],
    ["words", "fourth of December", "en"],
    ["a date and a time", "1990-12-04T10:00", "en"],
    ["nothing", "", "en"],
  ] as const)("refuses %s", (_name, typed, language) => {
    expect(parseTypedDate(typed, language)).toBeNull();
  });
});

describe("a driver's birth date", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    ["exactly 21 today", "2005-11-25", 21, { ok: true, date: "2005-11-25" }],
    ["21 tomorrow", "2005-11-26", 21, { ok: false, problem: { key: "validation.minimumAge", params: { age: 21 } } }],
    ["old enough for the car's own minimum", "1990-01-01", 25, { ok: true, date: "1990-01-01" }],
    [
      "too young for a camper's 25",
      "2003-01-01",
      25,
      { ok: false, problem: { key: "validation.minimumAge", params: { age: 25 } } },
    ],
    ["a ten-year-old", "2016-01-01", 21, { ok: false, problem: { key: "validation.minimumAge", params: { age: 21 } } }],
    ["born in the future", "2030-01-01", 21, { ok: false, problem: { key: "validation.invalidBirthDate" } }],
    ["over 120 years ago", "1900-01-01", 21, { ok: false, problem: { key: "validation.invalidBirthDate" } }],
    ["empty", "", 21, { ok: false, problem: { key: "validation.required" } }],
  ] as const)("%s", (_name, value, minimumAge, expected) => {
    expect(checkBirthDate(value, { minimumAge, now, language: "en" })).toEqual(expected);
  });

  it("counts whole years, 29 February included", () => {
    expect(ageOn("2000-02-29", new Date("2021-02-28T12:00:00Z"))).toBe(20);
    expect(ageOn("2000-02-29", new Date("2021-03-01T12:00:00Z"))).toBe(21);
  });
});

describe("names, addresses and phone numbers", () => {
  it.each([
    [fullNameProblem, "Ada Lovelace", null],
    [fullNameProblem, "   ", "validation.required"],
    [fullNameProblem, "x".repeat(121), "validation.tooLong"],
    [fullNameProblem, "Ada\u0007", "validation.controlCharacters"],
    [emailProblem, "ada@example.com", null],
    [emailProblem, "junk", "validation.invalidEmail"],
    [emailProblem, "", "validation.required"],
    [phoneProblem, "+33 6 12 34 56 78", null],
    [phoneProblem, "call me", "validation.invalidPhone"],
    [phoneProblem, "+1 2-3", "validation.invalidPhone"],
    [phoneProblem, "", "validation.required"],
  ])("%o: %s → %s", (rule, value, key) => {
    expect(rule(value)?.key ?? null).toBe(key);
  });
});
