import { describe, expect, it } from "vitest";
import { browserBookingIds, forgetBrowserBookings, rememberBooking } from "./checkout-cookie.server";

const withCookie = (setCookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });
const FIRST = { driverId: "driver-a", bookingId: "booking-1" };

describe("the bookings a shared browser remembers", () => {
  it("remembers a visitor's bookings, newest first, for that visitor while nobody is signed in", async () => {
    const one = await rememberBooking(new Request("http://localhost/"), FIRST);
    const two = await rememberBooking(withCookie(one), { driverId: "driver-a", bookingId: "booking-2" });
    expect(await browserBookingIds(withCookie(two), false)).toEqual(["booking-2", "booking-1"]);
    expect(two).toMatch(/HttpOnly/i);
    expect(two).toMatch(/SameSite=Lax/i);
  });

  it("forgets the previous visitor's bookings when another visitor books", async () => {
    const first = await rememberBooking(new Request("http://localhost/"), FIRST);
    const next = await rememberBooking(withCookie(first), { driverId: "driver-b", bookingId: "booking-9" });
    expect(await browserBookingIds(withCookie(next), false)).toEqual(["booking-9"]);
  });

  it("is not read while someone is signed in, and is emptied at sign-in and sign-out", async () => {
    const cookie = await rememberBooking(new Request("http://localhost/"), FIRST);
    expect(await browserBookingIds(withCookie(cookie), true)).toEqual([]);
    const forget = await forgetBrowserBookings();
    expect(forget).toMatch(/^__bookings=;/);
    expect(forget).toMatch(/Max-Age=0/i);
    expect(await browserBookingIds(withCookie(forget), false)).toEqual([]);
  });

  it("ignores a cookie of the former shape, or one not signed by us", async () => {
    expect(
      await browserBookingIds(
        new Request("http://localhost/", { headers: { Cookie: "__bookings=WyJib29raW5nLTEiXQ%3D%3D" } }),
        false,
      ),
    ).toEqual([]);
  });
});
