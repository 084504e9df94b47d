import { describe, expect, it } from "vitest";
import { validSignUp } from "../../tests/support/fixtures";
import { ageOn, signUpSchema } from "./account-forms";

const valid = validSignUp;

const errorsOf = (input: Record<string, unknown>) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("sign-up rules (spec §5)", () => {
  it("accepts a complete, valid form", () => expect(errorsOf(valid)).toEqual({}));
  it.each([
    ["password under 6 characters", { password: "12345", confirmPassword: "12345" }, "password", "validation.passwordTooShort"],
    ["passwords that differ", { confirmPassword: "secret2" }, "confirmPassword", "validation.passwordsDontMatch"],
    ["an invalid e-mail", { email: "alex@" }, "email", "validation.invalidEmail"],
    ["an invalid phone", { phone: "call me" }, "phone", "validation.invalidPhone"],
    ["too few digits", { phone: "+1 2-3" }, "phone", "validation.invalidPhone"],
    ["terms not accepted", { acceptTerms: undefined }, "acceptTerms", "validation.acceptTerms"],
    ["a nonsense date", { birthDate: "1990-02-31x" }, "birthDate", "validation.invalidDate"],
    ["30 February", { birthDate: "2000-02-30" }, "birthDate", "validation.invalidDate"],
    ["29 February of a common year", { birthDate: "1999-02-29" }, "birthDate", "validation.invalidDate"],
    ["month 13", { birthDate: "1990-13-01" }, "birthDate", "validation.invalidDate"],
    ["day 0", { birthDate: "1990-01-00" }, "birthDate", "validation.invalidDate"],
  ])("refuses %s", (_name, change, path, message) => {
    expect(errorsOf({ ...valid, ...change })[path]).toBe(message);
  });

  it("requires the driver to be 21 today", () => {
    const today = new Date();
    const iso = (years: number, days = 0) => {
      const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
      return date.toISOString().slice(0, 10);
    };
    expect(errorsOf({ ...valid, birthDate: iso(21) }).birthDate).toBeUndefined();
    expect(errorsOf({ ...valid, birthDate: iso(21, 1) }).birthDate).toBe("validation.minimumAge");
  });

  it("accepts 29 February of a leap year", () => expect(errorsOf({ ...valid, birthDate: "2000-02-29" })).toEqual({}));

  it("counts whole years", () => {
    expect(ageOn("2000-02-29", new Date("2021-02-28T12:00:00Z"))).toBe(20);
    expect(ageOn("2000-02-29", new Date("2021-03-01T12:00:00Z"))).toBe(21);
  });
});
