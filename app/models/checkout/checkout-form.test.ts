import { describe, expect, it } from "vitest";
import { decodeFormError } from "~/domain/form-errors";
import { checkoutReply, readCheckoutForm, type CheckoutRules } from "./checkout-form";

const now = new Date("2026-11-25T12:00:00Z");
const rules = (change: Partial<CheckoutRules> = {}): CheckoutRules => ({
  signedIn: false,
  minimumAge: 21,
  optionalExtras: ["collisionDamageWaiver", "additionalDriver"],
  includedExtras: [],
  equipment: [
    { kind: "childSeat", charge: "perDay", price: 800, cap: 5600 },
    { kind: "gps", charge: "perRental", price: 3000, cap: null },
  ],
  childSeatPlaces: 4,
  paymentModes: ["payLater", "deposit", "full"],
  gateways: ["sandbox"],
  cardFormGateways: ["sandbox"],
  language: "en",
  flight: "none",
  now,
  ...change,
});

/** A visitor's form, paying at pick-up, as a browser posts it (a text browser posts the empty fields too). */
const formData = (fields: Record<string, string | string[]> = {}) => {
  const data = new FormData();
  const all: Record<string, string | string[]> = {
    intent: "book",
    fullName: "Lone Driver",
    email: "lone@example.com",
    phone: "+216 71 000 000",
    birthDate: "1990-01-01",
    acceptTerms: "on",
    additionalFullName: "",
    additionalEmail: "",
    additionalPhone: "",
    additionalBirthDate: "",
    paymentMode: "payLater",
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) for (const item of [value].flat()) data.append(key, item);
  return data;
};
/** The form read against `rules`: its choices, and the first problem of each field as a translation key. */
const check = (fields: Record<string, string | string[]>, rules: CheckoutRules) => {
  const { submission, values, choices } = readCheckoutForm(formData(fields), rules);
  const errors = Object.fromEntries(
    Object.entries(submission.status === "error" ? (submission.error ?? {}) : {}).map(([field, messages]) => [
      field,
      decodeFormError(messages?.[0])?.key,
    ]),
  );
  return { submission, values, ...choices, errors, order: submission.status === "success" ? submission.value : null };
};
const secondDriver = {
  additionalFullName: "Sam Second",
  additionalEmail: "sam@example.com",
  additionalPhone: "+216 71 000 001",
  additionalBirthDate: "1985-05-05",
};

describe("more than one additional driver (decision 038)", () => {
  const third = {
    additionalFullName2: "Tia Third",
    additionalEmail2: "tia@example.com",
    additionalPhone2: "+216 71 000 002",
    additionalBirthDate2: "1992-02-02",
  };
  it("asks each counted driver's details, by the same rules, and orders them in the form's order", () => {
    const checked = check({ extra: "additionalDriver", additionalDrivers: "2", ...secondDriver, ...third }, rules());
    expect(checked.errors).toEqual({});
    expect(checked.additionalDrivers).toBe(2);
    expect(checked.order?.birthDates.additionalDrivers).toEqual(["1985-05-05", "1992-02-02"]);
  });

  it("names each missing or wrong field of a counted driver on its own field", () => {
    const checked = check(
      { extra: "additionalDriver", additionalDrivers: "2", ...secondDriver, additionalEmail2: "not-an-email" },
      rules({ minimumAge: 25 }),
    );
    expect(checked.errors).toEqual({
      additionalFullName2: "validation.required",
      additionalEmail2: "validation.invalidEmail",
      additionalPhone2: "validation.required",
      additionalBirthDate2: "validation.required",
    });
  });

  it("holds a driver past the count to the count: neither priced nor dropped silently", () => {
    const checked = check({ extra: "additionalDriver", additionalDrivers: "1", ...secondDriver, ...third }, rules());
    expect(checked.additionalDrivers).toBe(1);
    expect(checked.errors).toEqual({ additionalFullName2: "checkout:problems.additionalDriverBeyondCount" });
  });

  it.each([
    ["missing", undefined, 1],
    ["zero", "0", 1],
    ["past the most", "4", 1],
    ["not a number", "x", 1],
    ["three", "3", 3],
  ])("reads a count %s as %i", (_name, count, read) => {
    const fields = { extra: "additionalDriver", ...(count === undefined ? {} : { additionalDrivers: count }) };
    expect(check(fields, rules()).additionalDrivers).toBe(read);
  });

  it("counts no driver without the option", () => {
    expect(check({ additionalDrivers: "3" }, rules()).additionalDrivers).toBe(0);
  });
});

describe("the second driver is optional unless the driver adds one", () => {
  it.each([
    [
      "included, not added, fields empty: the driver books alone",
      { includedExtras: ["additionalDriver"] as const },
      {},
      false,
      {},
    ],
    [
      "included and added by its box, details complete",
      { includedExtras: ["additionalDriver"] as const },
      { addDriver: "on", ...secondDriver },
      true,
      {},
    ],
    [
      "included and added by its box, details empty",
      { includedExtras: ["additionalDriver"] as const },
      { addDriver: "on" },
      true,
      {
        additionalFullName: "validation.required",
        additionalEmail: "validation.required",
        additionalPhone: "validation.required",
        additionalBirthDate: "validation.required",
      },
    ],
    [
      "included, details given without the box (no JavaScript): added",
      { includedExtras: ["additionalDriver"] as const },
      secondDriver,
      true,
      {},
    ],
    ["paid option not ticked, fields empty", {}, {}, false, {}],
    ["paid option ticked, details complete", {}, { extra: "additionalDriver", ...secondDriver }, true, {}],
    [
      "paid option ticked, details empty",
      {},
      { extra: "additionalDriver" },
      true,
      {
        additionalFullName: "validation.required",
        additionalEmail: "validation.required",
        additionalPhone: "validation.required",
        additionalBirthDate: "validation.required",
      },
    ],
    [
      "paid option not ticked but details typed: neither charged nor dropped silently",
      {},
      secondDriver,
      false,
      { additionalFullName: "checkout:problems.additionalDriverNotChosen" },
    ],
  ] as const)("%s", (_name, change, fields, adds, errors) => {
    const checked = check(
      fields as Record<string, string>,
      rules({
        ...change,
        optionalExtras:
          "includedExtras" in change ? ["collisionDamageWaiver"] : ["collisionDamageWaiver", "additionalDriver"],
      }),
    );
    expect(checked.secondDriver).toBe(adds);
    expect(checked.errors).toEqual(errors);
  });

  it.each([
    [
      "a ten-year-old with an address that is not one",
      { additionalBirthDate: "2016-01-01", additionalEmail: "junk" },
      25,
      { additionalBirthDate: "validation.minimumAge", additionalEmail: "validation.invalidEmail" },
    ],
    [
      "24 on a camper whose minimum age is 25",
      { additionalBirthDate: "2002-06-01" },
      25,
      { additionalBirthDate: "validation.minimumAge" },
    ],
    ["a phone that is not one", { additionalPhone: "call me" }, 21, { additionalPhone: "validation.invalidPhone" }],
    [
      "a birth date that is not a day",
      { additionalBirthDate: "31/02/1990" },
      21,
      { additionalBirthDate: "validation.invalidBirthDate" },
    ],
  ])("an added second driver meets the driver's rules: %s", (_name, change, minimumAge, errors) => {
    const checked = check({ extra: "additionalDriver", ...secondDriver, ...change }, rules({ minimumAge }));
    expect(checked.errors).toEqual(errors);
  });

  it("reads both birth dates in the page's order and gives them on as calendar days", () => {
    const checked = check(
      { birthDate: "04/12/1990", extra: "additionalDriver", ...secondDriver, additionalBirthDate: "25/12/1985" },
      rules({ language: "fr" }),
    );
    expect(checked.errors).toEqual({});
    expect(checked.order?.birthDates).toEqual({ driver: "1990-12-04", additionalDrivers: ["1985-12-25"] });
  });
});

describe("the rest of the form", () => {
  it.each([
    [
      "a visitor's missing details",
      { fullName: "", email: "", acceptTerms: "" },
      {},
      { fullName: "validation.required", email: "validation.required", acceptTerms: "validation.acceptTerms" },
    ],
    [
      "a signed-in driver is not asked for name, address or terms",
      { fullName: "", email: "", acceptTerms: "" },
      { signedIn: true },
      {},
    ],
    [
      "the driver under the car's minimum age",
      { birthDate: "2003-01-01" },
      { minimumAge: 25 },
      { birthDate: "validation.minimumAge" },
    ],
    [
      "an extra the car does not offer",
      { extra: "fullInsurance" },
      {},
      { extras: "checkout:problems.extraUnavailable" },
    ],
    ["no payment option", { paymentMode: "" }, {}, { paymentMode: "checkout:problems.choosePayment" }],
    [
      "a payment option the supplier does not allow",
      { paymentMode: "payLater" },
      { paymentModes: ["full"] as const },
      { paymentMode: "checkout:problems.choosePayment" },
    ],
    [
      "the sandbox's card fields, paying online",
      { paymentMode: "full", cardNumber: "4242 4242 4242 4241", cardExpiry: "01/20", cardCvc: "1" },
      {},
      {
        cardNumber: "validation.invalidCardNumber",
        cardExpiry: "validation.invalidCardExpiry",
        cardCvc: "validation.invalidCardCvc",
      },
    ],
    ["no card asked when paying at pick-up", { paymentMode: "payLater", cardNumber: "" }, {}, {}],
    [
      "online with no gateway",
      { paymentMode: "full" },
      { gateways: [] },
      { paymentMode: "checkout:problems.onlineUnavailable" },
    ],
  ] as const)("%s", (_name, fields, change, errors) => {
    expect(check(fields as Record<string, string>, rules(change as Partial<CheckoutRules>)).errors).toEqual(errors);
  });

  it("a quote checks only the choices (the driver may not have typed anything yet)", () => {
    const checked = check({ intent: "quote", fullName: "", email: "", extra: "collisionDamageWaiver" }, rules());
    expect(checked.errors).toEqual({});
    expect(checked.extras).toEqual(["collisionDamageWaiver"]);
    expect(checked.order).toBeNull();
  });

  it("a value over its length is dropped alone: the other fields are kept", () => {
    const { values, errors } = check({ fullName: "x".repeat(500) }, rules());
    expect(values.fullName).toBe("");
    expect(values.email).toBe("lone@example.com");
    expect(errors).toEqual({ fullName: "validation.required" });
  });

  it("never gives the card back", () => {
    const { submission } = check({ cardNumber: "4242424242424242", cardExpiry: "12/30", cardCvc: "123" }, rules());
    const reply = checkoutReply(submission, { "": { key: "errors.paymentFailed" } });
    expect(reply.initialValue).toMatchObject({ fullName: "Lone Driver" });
    expect(Object.keys(reply.initialValue ?? {})).not.toContain("cardNumber");
    expect(Object.keys(reply.initialValue ?? {})).not.toContain("cardCvc");
  });

  it("a valid booking post orders what was chosen, with the birth date read", () => {
    const card = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" };
    const { order } = check({ extra: "collisionDamageWaiver", paymentMode: "deposit", ...card }, rules());
    expect(order).toMatchObject({
      extras: ["collisionDamageWaiver"],
      paymentMode: "deposit",
      gateway: "sandbox",
      birthDates: { driver: "1990-01-01", additionalDrivers: [] },
    });
  });

  it("problems found after the schema join its own on their fields, the form's own under ''", () => {
    const { submission } = check({ fullName: "" }, rules());
    const reply = checkoutReply(submission, {
      "": { key: "checkout:problems.priceChanged" },
      license: { key: "validation.licenseRequired" },
    });
    expect(reply.status).toBe("error");
    expect(reply.error).toMatchObject({
      "": ["checkout:problems.priceChanged"],
      fullName: ["validation.required"],
      license: ["validation.licenseRequired"],
    });
  });

  it("a valid post with nothing more to say is a success", () => {
    expect(checkoutReply(check({}, rules()).submission).status).toBe("success");
  });
});

describe("the flight number at an airport (decision 031)", () => {
  it.each([
    ["not asked away from airports: ignored", "none", "AF 1234", {}, null],
    ["optional at an airport: none given", "optional", "", {}, null],
    ["optional at an airport: written as airlines print it", "optional", "af1234", {}, "AF 1234"],
    [
      "optional at an airport: not a flight number",
      "optional",
      "tomorrow",
      { flightNumber: "checkout:problems.flightNumber" },
      null,
    ],
    ["required after closing: missing", "required", "", { flightNumber: "checkout:problems.flightRequired" }, null],
    ["required after closing: given", "required", "TU 712", {}, "TU 712"],
  ] as const)("%s", (_name, flight, flightNumber, errors, stored) => {
    const result = check({ flightNumber }, rules({ flight }));
    expect(result.errors).toEqual(errors);
    if (Object.keys(errors).length === 0) expect(result.order?.flightNumber).toBe(stored);
  });
});

describe("child seats and equipment (decision 033)", () => {
  it.each([
    ["none chosen", {}, {}, {}],
    ["two child seats and the navigator", { childSeat: "2", gps: "1" }, {}, { childSeat: 2, gps: 1 }],
    ["a zero is none", { childSeat: "0" }, {}, {}],
    [
      "more child seats than passengers' seats",
      { childSeat: "5" },
      { equipment: "checkout:problems.tooManySeats" },
      {},
    ],
    [
      "a piece the supplier does not lend",
      { winterTyres: "1" },
      { equipment: "checkout:problems.equipmentUnavailable" },
      {},
    ],
    ["two navigators", { gps: "2" }, { equipment: "checkout:problems.equipmentOne" }, {}],
    ["a count typed by hand", { childSeat: "two" }, { equipment: "checkout:problems.equipmentCount" }, {}],
  ] as const)("%s", (_name, fields, errors, ordered) => {
    const result = check(fields, rules());
    expect(result.errors).toEqual(errors);
    if (Object.keys(errors).length === 0) expect(result.order?.equipment).toEqual(ordered);
    // A choice that cannot be booked is never priced: a quote prices none.
    else expect(result.equipment).toEqual({});
  });

  it("a two-seater takes one child seat", () => {
    expect(check({ childSeat: "2" }, rules({ childSeatPlaces: 1 })).errors).toEqual({
      equipment: "checkout:problems.tooManySeats",
    });
    expect(check({ childSeat: "1" }, rules({ childSeatPlaces: 1 })).order?.equipment).toEqual({ childSeat: 1 });
  });
});
