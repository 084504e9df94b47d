/**
 * Which bookings this browser made, or opened with a "Find my booking" link (decision 023): a visitor who is not
 * signed in may see, change and cancel those bookings as their driver could (the driver's account has no password
 * until it is activated). Signed, httpOnly and SameSite=Lax, so
 * the gateway's return (a top-level navigation back to us) carries it, and no page can forge it.
 *
 * On a shared browser it must not outlive its visitor (decision 011): it remembers the bookings of one driver only
 * (a booking by another visitor starts a new list), it is read only while nobody is signed in (a signed-in driver
 * sees what their account may see), and signing in or out forgets it.
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
  // Long enough to come back to the confirmation after the trip is planned; the mail's link works beyond it.
  maxAge: 60 * 60 * 24 * 7,
});

interface RememberedBookings {
  driverId: string;
  ids: string[];
}

async function remembered(request: Request): Promise<RememberedBookings | null> {
  const value: unknown = await bookingsCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { driverId, ids } = value as Partial<RememberedBookings>;
  if (typeof driverId !== "string" || !Array.isArray(ids)) return null;
  return { driverId, ids: ids.filter((id): id is string => typeof id === "string").slice(0, KEPT) };
}

/** The bookings this browser made while nobody was signed in (pass whether someone is signed in now). */
export async function browserBookingIds(request: Request, signedIn: boolean): Promise<string[]> {
  return (await browserBookings(request, signedIn))?.ids ?? [];
}

/** The same, with the driver they belong to (null when someone is signed in, or the browser holds none). */
export async function browserBookings(request: Request, signedIn: boolean): Promise<RememberedBookings | null> {
  if (signedIn) return null;
  const held = await remembered(request);
  return held?.ids.length ? held : null;
}

/** A Set-Cookie value adding the booking to the browser's own bookings of its driver (the newest few are kept). */
export async function rememberBooking(
  request: Request,
  booking: { bookingId: string; driverId: string },
): Promise<string> {
  const previous = await remembered(request);
  const earlier = previous?.driverId === booking.driverId ? previous.ids.filter((id) => id !== booking.bookingId) : [];
  return bookingsCookie.serialize({
    driverId: booking.driverId,
    ids: [booking.bookingId, ...earlier].slice(0, KEPT),
  } satisfies RememberedBookings);
}

/** A Set-Cookie value that makes the browser forget its bookings (at sign-in and sign-out). */
export function forgetBrowserBookings(): Promise<string> {
  return bookingsCookie.serialize("", { maxAge: 0 });
}
