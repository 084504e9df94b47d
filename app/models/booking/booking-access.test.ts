/**
 * Who may do what with a booking (decision 011), as one table: each row a viewer, a booking and an action, and the
 * answer. Every action of BOOKING_ACTIONS has rows, so a new action without a rule here fails the last test.
 */
import { describe, expect, it } from "vitest";
import {
  BOOKING_ACTIONS,
  cancelsAtOnce,
  mayAct,
  type BookingAction,
  type BookingFacts,
  type Viewer,
} from "./booking-access";
import type { BookingStatus } from "~/domain/enums";

const NOW = new Date("2030-06-01T12:00:00Z");
const driver: Viewer = { id: "driver", role: "user" };
const otherDriver: Viewer = { id: "other", role: "user" };
const supplier: Viewer = { id: "supplier", role: "supplier" };
const otherSupplier: Viewer = { id: "rival", role: "supplier" };
const admin: Viewer = { id: "admin", role: "admin" };

const booking = (facts: Partial<BookingFacts> = {}): BookingFacts => ({
  driverId: "driver",
  supplierId: "supplier",
  status: "pending",
  paymentMode: "payLater",
  cancellation: false,
  amendments: false,
  cancelRequest: false,
  startsAt: new Date("2030-06-10T10:00:00Z"),
  endsAt: new Date("2030-06-13T10:00:00Z"),
  driverDeletedAt: null,
  ...facts,
});
const past = { startsAt: new Date("2030-05-01T10:00:00Z"), endsAt: new Date("2030-05-04T10:00:00Z") };
const started = { startsAt: new Date("2030-06-01T10:00:00Z"), endsAt: new Date("2030-06-04T10:00:00Z") };

const rows: Array<[string, Viewer, BookingFacts, BookingAction, boolean, BookingStatus?]> = [
  // view: the driver, the car's supplier and an admin; nobody else; not a driver's deleted booking.
  ["the driver views", driver, booking(), "view", true],
  ["another driver views", otherDriver, booking(), "view", false],
  ["the car's supplier views", supplier, booking(), "view", true],
  ["another supplier views", otherSupplier, booking(), "view", false],
  ["an admin views", admin, booking(), "view", true],
  ["the driver views a booking deleted from their list", driver, booking({ driverDeletedAt: NOW }), "view", false],
  ["the supplier views a booking its driver deleted", supplier, booking({ driverDeletedAt: NOW }), "view", true],
  // amend: the driver, before pick-up, pay later or with the option, confirmed and not being cancelled.
  ["the driver amends a pay-later booking", driver, booking(), "amend", true],
  [
    "the driver amends one paid online without the option",
    driver,
    booking({ paymentMode: "full", status: "paid" }),
    "amend",
    false,
  ],
  [
    "the driver amends one paid online with the option",
    driver,
    booking({ paymentMode: "full", status: "paid", amendments: true }),
    "amend",
    true,
  ],
  ["the driver amends after pick-up", driver, booking(started), "amend", false],
  ["the driver amends a cancelled booking", driver, booking({ status: "cancelled" }), "amend", false],
  ["the driver amends an unpaid hold", driver, booking({ status: "void" }), "amend", false],
  ["the driver amends while a cancellation is requested", driver, booking({ cancelRequest: true }), "amend", false],
  ["the supplier amends", supplier, booking(), "amend", false],
  ["an admin amends", admin, booking(), "amend", false],
  // cancelRequest: the driver, before pick-up, pay later or with the option, once.
  ["the driver asks to cancel a pay-later booking", driver, booking(), "cancelRequest", true],
  [
    "the driver asks to cancel one paid online without the option",
    driver,
    booking({ paymentMode: "deposit", status: "deposit" }),
    "cancelRequest",
    false,
  ],
  [
    "the driver asks to cancel one paid online with the option",
    driver,
    booking({ paymentMode: "full", status: "paid", cancellation: true }),
    "cancelRequest",
    true,
  ],
  ["the driver asks twice", driver, booking({ cancelRequest: true }), "cancelRequest", false],
  ["the driver asks after pick-up", driver, booking(started), "cancelRequest", false],
  ["another driver asks", otherDriver, booking(), "cancelRequest", false],
  ["the supplier asks", supplier, booking(), "cancelRequest", false],
  // delete: from the driver's own list, once the booking no longer holds the car.
  ["the driver deletes a past booking", driver, booking({ ...past, status: "paid" }), "delete", true],
  ["the driver deletes a cancelled one", driver, booking({ status: "cancelled" }), "delete", true],
  ["the driver deletes an upcoming one", driver, booking(), "delete", false],
  ["the supplier deletes a past one", supplier, booking(past), "delete", false],
  // setStatus: staff of the car, along the transition table.
  ["the supplier reserves a pending booking", supplier, booking(), "setStatus", true, "reserved"],
  ["another supplier reserves it", otherSupplier, booking(), "setStatus", false, "reserved"],
  ["an admin cancels a paid booking", admin, booking({ status: "paid" }), "setStatus", true, "cancelled"],
  ["an admin moves a paid booking back to pending", admin, booking({ status: "paid" }), "setStatus", false, "pending"],
  ["the supplier sets no status", supplier, booking(), "setStatus", false],
  ["the driver sets a status", driver, booking(), "setStatus", false, "reserved"],
];

describe("mayAct", () => {
  it.each(rows)("%s → %s", (_name, viewer, facts, action, expected, status) => {
    expect(mayAct(viewer, facts, action, NOW, status)).toBe(expected);
  });

  it("has rows allowing and refusing every action", () => {
    for (const action of BOOKING_ACTIONS) {
      const answers = new Set(rows.filter((row) => row[3] === action).map((row) => row[4]));
      expect({ action, answers: [...answers].sort() }).toEqual({ action, answers: [false, true] });
    }
  });
});

describe("cancelsAtOnce (decision 021: a free cancellation needs nobody to finalise it)", () => {
  // The pick-up is 2030-06-10T10:00Z, so free cancellation with the option ends 2030-06-09T10:00Z.
  const paidWithOption = { paymentMode: "full", status: "paid", cancellation: true } as const;
  const cases: Array<[string, Partial<BookingFacts>, Date, boolean]> = [
    ["a pay-later booking, days before pick-up", {}, NOW, true],
    ["a pay-later booking, an hour before pick-up", {}, new Date("2030-06-10T09:00:00Z"), true],
    ["paid in full with the option, before its deadline", paidWithOption, NOW, true],
    [
      "paid in full with the option, a second before its deadline",
      paidWithOption,
      new Date("2030-06-09T09:59:59Z"),
      true,
    ],
    ["paid in full with the option, at its deadline", paidWithOption, new Date("2030-06-09T10:00:00Z"), false],
    [
      "a deposit with the option, after its deadline",
      { paymentMode: "deposit", status: "deposit", cancellation: true },
      new Date("2030-06-09T12:00:00Z"),
      false,
    ],
    ["paid online without the option", { paymentMode: "full", status: "paid" }, NOW, false],
    ["already cancelled", { status: "cancelled" }, NOW, false],
    ["a cancellation already requested", { cancelRequest: true }, NOW, false],
    ["after pick-up", started, NOW, false],
  ];
  it.each(cases)("%s → %s", (_name, facts, now, expected) => {
    expect(cancelsAtOnce(booking(facts), now)).toBe(expected);
  });
});
