import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { EXTRAS } from "~/domain/enums";
import {
  amountText,
  carColumns,
  carFormDefaults,
  carFormSchema,
  datePriceRows,
  overlappingDatePrices,
  parseAmount,
} from "./car-form";

const PLACE = "0b7c1e0e-1111-4444-8888-123456789abc";

function form(entries: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return parseWithZod(data, { schema: carFormSchema });
}

const complete: Record<string, string | string[]> = {
  name: "Renault Clio",
  licensePlate: " ab 123 cd ",
  range: "midi",
  fuelType: "diesel",
  gearbox: "manual",
  seats: "5",
  doors: "4",
  aircon: "on",
  multimedia: ["bluetooth", "appleCarPlay"],
  fuelPolicy: "fullToFull",
  mileage: "",
  minimumAge: "23",
  deposit: "500",
  damageExcess: "1500",
  largeBags: "2",
  smallBags: "1",
  theftExcess: "2000",
  dailyPrice: "42,50",
  weeklyPrice: "250",
  discountedWeeklyPrice: "230",
  hourlyPrice: "8,50",
  "datePrices[0].from": "2027-07-01",
  "datePrices[0].to": "2027-08-31",
  "datePrices[0].price": "55",
  "datePrices[1].from": "",
  "datePrices[1].to": "",
  "datePrices[1].price": "",
  places: PLACE,
  available: "on",
  ...Object.fromEntries(EXTRAS.map((extra) => [`${extra}Mode`, "notOffered"])),
  cancellationMode: "included",
  fullInsuranceMode: "priced",
  fullInsurancePrice: "12.5",
};

describe("the car form", () => {
  it("reads amounts as people type them, in cents", () => {
    expect(parseAmount("45")).toBe(4500);
    expect(parseAmount("45,5")).toBe(4550);
    expect(parseAmount("1 200.05")).toBe(120005);
    expect(parseAmount("12.345")).toBeNull();
    expect(parseAmount("-3")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
    expect(amountText(4550)).toBe("45.50");
    expect(amountText(4500)).toBe("45");
  });

  it("turns a complete form into the car's columns, its places and its date-based prices", () => {
    const submission = form(complete);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const columns = carColumns(submission.value);
    expect(columns).toMatchObject({
      name: "Renault Clio",
      licensePlate: "AB 123 CD",
      seats: 5,
      aircon: true,
      multimedia: ["bluetooth", "appleCarPlay"],
      mileage: -1,
      minimumAge: 23,
      deposit: 50_000,
      damageExcess: 150_000,
      largeBags: 2,
      smallBags: 1,
      theftExcess: 200_000,
      dailyPrice: 4250,
      weeklyPrice: 25_000,
      discountedWeeklyPrice: 23_000,
      discountedDailyPrice: null,
      hourlyPrice: 850,
      isDateBasedPrice: true,
      available: true,
      fullyBooked: false,
      cancellation: 0,
      fullInsurance: 1250,
      theftProtection: -1,
    });
    expect(datePriceRows(submission.value)).toEqual([
      { startDate: "2027-07-01", endDate: "2027-08-31", dailyPrice: 5500 },
    ]);
    expect(submission.value.places).toEqual([PLACE]);
    // And back: the stored car fills the form with what was typed.
    const shown = carFormDefaults(columns, [PLACE], datePriceRows(submission.value));
    expect(shown).toMatchObject({
      dailyPrice: "42.50",
      hourlyPrice: "8.50",
      fullInsuranceMode: "priced",
      fullInsurancePrice: "12.50",
    });
    expect(shown.cancellationMode).toBe("included");
  });

  it("names each bad field with its own message", () => {
    const submission = form({
      ...complete,
      name: "",
      seats: "120",
      dailyPrice: "0",
      discountedWeeklyPrice: "260",
      fullInsurancePrice: "",
      "datePrices[0].to": "2027-06-01",
      "datePrices[1].price": "30",
      range: "spaceship",
    });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.name).toEqual(["validation.required"]);
    expect(errors.seats?.[0]).toContain("manage:validation.wholeNumber");
    expect(errors.dailyPrice?.[0]).toContain("manage:validation.amount");
    expect(errors.range).toEqual(["validation.required"]);
    expect(errors.discountedWeeklyPrice).toEqual(["manage:validation.discountBelowPrice"]);
    expect(errors.fullInsurancePrice?.[0]).toContain("manage:validation.amount");
    expect(errors["datePrices[0].to"]).toEqual(["manage:validation.dayOrder"]);
    expect(errors["datePrices[1].from"]).toEqual(["manage:validation.day"]);
  });

  it("refuses date-based prices whose days overlap, naming the earlier row on the later one", () => {
    const submission = form({
      ...complete,
      "datePrices[1].from": "2027-08-31",
      "datePrices[1].to": "2027-09-15",
      "datePrices[1].price": "40",
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.["datePrices[1].from"]?.[0]).toContain("manage:validation.datePricesOverlap");
    expect(submission.reply().error?.["datePrices[1].from"]?.[0]).toContain('"row":1');
    // The day after the end is free to start another price.
    const next = form({
      ...complete,
      "datePrices[1].from": "2027-09-01",
      "datePrices[1].to": "2027-09-15",
      "datePrices[1].price": "40",
    });
    expect(next.status).toBe("success");
  });
});

describe("overlapping date-based prices", () => {
  const row = (from: string, to: string) => ({ from, to, price: "10" });
  it.each([
    ["none", [row("2027-01-01", "2027-01-31"), row("2027-02-01", "2027-02-28")], []],
    ["a shared last day", [row("2027-01-01", "2027-01-31"), row("2027-01-31", "2027-02-28")], [{ row: 1, other: 0 }]],
    ["one inside another", [row("2027-01-01", "2027-12-31"), row("2027-06-01", "2027-06-30")], [{ row: 1, other: 0 }]],
    [
      "rows posted out of order",
      [row("2027-06-01", "2027-06-30"), row("2027-01-01", "2027-12-31")],
      [{ row: 0, other: 1 }],
    ],
    [
      "a long row reaching over two later ones",
      [row("2027-01-01", "2027-12-31"), row("2027-03-01", "2027-03-31"), row("2027-05-01", "2027-05-31")],
      [
        { row: 1, other: 0 },
        { row: 2, other: 0 },
      ],
    ],
    ["the same days twice", [row("2027-01-01", "2027-01-01"), row("2027-01-01", "2027-01-01")], [{ row: 1, other: 0 }]],
    [
      "unreadable, reversed and empty rows left to their own messages",
      [row("2027-01-01", "2027-01-31"), row("soon", "2027-01-10"), row("2027-01-20", "2027-01-05"), row("", "")],
      [],
    ],
  ])("%s", (_case, rows, expected) => {
    expect(overlappingDatePrices(rows)).toEqual(expected);
  });
  it("reads nothing from what is not a list", () => {
    expect(overlappingDatePrices(undefined)).toEqual([]);
    expect(overlappingDatePrices("2027-01-01")).toEqual([]);
  });
});
