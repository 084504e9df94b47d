/**
 * Which bookings this browser made: a visitor who booked without signing in may see their own confirmation page
 * and receipt (the driver's account has no password until it is activated). Signed, httpOnly and SameSite=Lax, so
 * the gateway's return (a top-level navigation back to us) carries it, and no page can forge it.
 */
import { createCookie } from "@remix-run/node";
import { cookiesAreSecure, getEnv } from "./env.server";

const KEPT = 10;

const bookingsCookie = createCookie("__bookings", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookiesAreSecure(),
  secrets: [getEnv().SESSION_SECRET],
  maxAge: 60 * 60 * 24 * 30,
});

export async function browserBookingIds(request: Request): Promise<string[]> {
  const value: unknown = await bookingsCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string").slice(0, KEPT) : [];
}

/** A Set-Cookie value adding `bookingId` to the browser's own bookings (the newest few are kept). */
export async function rememberBooking(request: Request, bookingId: string): Promise<string> {
  const ids = [bookingId, ...(await browserBookingIds(request)).filter((id) => id !== bookingId)].slice(0, KEPT);
  return bookingsCookie.serialize(ids);
}
