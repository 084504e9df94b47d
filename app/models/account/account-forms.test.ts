import { describe, expect, it } from "vitest";
import { validSignUp } from "../../../tests/support/fixtures";
import { decodeFormError } from "~/domain/form-errors";
import { signUpSchema } from "./account-forms";
import { ageOn } from "~/domain/person-fields";

const valid = validSignUp;

const errorsOf = (input: Record<string, unknown>) => {
  const result = signUpSchema("en").safeParse(input);
  // The first message of each field, as its translation key (messages with a figure carry it packed in).
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= decodeFormError(issue.message)!.key;
  return errors;
};

describe("sign-up rules (spec §5)", () => {
  it("accepts a complete, valid form", () => expect(errorsOf(valid)).toEqual({}));
  it.each([
    [
      "password under 6 characters",
      { password: "12345", confirmPassword: "12345" },
      "password",
      "validation.passwordTooShort",
    ],
    ["passwords that differ", { confirmPassword: "secret2" }, "confirmPassword", "validation.passwordsDontMatch"],
    ["an invalid e-mail", { email: "alex@" }, "email", "validation.invalidEmail"],
    ["an invalid phone", { phone: "call me" }, "phone", "validation.invalidPhone"],
    ["too few digits", { phone: "+1 2-3" }, "phone", "validation.invalidPhone"],
    ["terms not accepted", { acceptTerms: undefined }, "acceptTerms", "validation.acceptTerms"],
    ["a nonsense date", { birthDate: "1990-02-31x" }, "birthDate", "validation.invalidBirthDate"],
    ["30 February", { birthDate: "2000-02-30" }, "birthDate", "validation.invalidBirthDate"],
    ["29 February of a common year", { birthDate: "1999-02-29" }, "birthDate", "validation.invalidBirthDate"],
    ["month 13", { birthDate: "1990-13-01" }, "birthDate", "validation.invalidBirthDate"],
    ["day 0", { birthDate: "1990-01-00" }, "birthDate", "validation.invalidBirthDate"],
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

  it("says the passwords differ even while the rest of the form is wrong", () => {
    expect(errorsOf({ password: "secret1", confirmPassword: "secret2" })).toMatchObject({
      confirmPassword: "validation.passwordsDontMatch",
      email: "validation.required",
    });
  });

  it("carries the figures its messages need", () => {
    const issues = signUpSchema("en").safeParse({ ...valid, password: "123", confirmPassword: "123" });
    expect(issues.success ? null : decodeFormError(issues.error.issues[0]!.message)).toEqual({
      key: "validation.passwordTooShort",
      params: { min: 6 },
    });
  });

  it("counts whole years", () => {
    expect(ageOn("2000-02-29", new Date("2021-02-28T12:00:00Z"))).toBe(20);
    expect(ageOn("2000-02-29", new Date("2021-03-01T12:00:00Z"))).toBe(21);
  });
});
