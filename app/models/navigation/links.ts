/**
 * The site's links between features, built in one place: the results page's "Choose this car", a checkout link
 * with the choices to keep, the search a checkout came from, and sign-in with the page to come back to. Pure: the
 * browser builds the same links as the server.
 */
import type { Equipment, Extra } from "~/domain/enums";
import type { SearchParams } from "~/models/search/search-params";
import { safeRedirectPath } from "~/utils/safe-redirect";

/** The checkout link's own keys: the query the results page writes for 'Choose this car'. */
export interface CheckoutLink {
  car: string;
  pickup: string;
  dropoff: string;
  from: string;
  to: string;
}

/** The link as a request carries it (a checkout or amendment URL, or its form), each value trimmed to its bound. */
export function readCheckoutLink(source: URLSearchParams | FormData): CheckoutLink {
  const text = (key: string, max: number) =>
    String(source.get(key) ?? "")
      .trim()
      .slice(0, max);
  return {
    car: text("car", 36),
    pickup: text("pickup", 100),
    dropoff: text("dropoff", 100),
    from: text("from", 32),
    to: text("to", 32),
  };
}

/** The checkout link itself, with choices to keep (extras, payment option): e.g. to come back after signing in. */
export function checkoutHref(
  link: CheckoutLink,
  choices: { extras?: Extra[]; equipment?: Partial<Record<Equipment, number>>; paymentMode?: string } = {},
): string {
  const query = new URLSearchParams({
    car: link.car,
    pickup: link.pickup,
    dropoff: link.dropoff,
    from: link.from,
    to: link.to,
  });
  for (const extra of choices.extras ?? []) query.append("extra", extra);
  // Each piece of equipment by its count, as the checkout's own controls post it (decision 033).
  for (const [kind, count] of Object.entries(choices.equipment ?? {})) if (count) query.set(kind, String(count));
  if (choices.paymentMode) query.set("payment", choices.paymentMode);
  return `/checkout?${query.toString()}`;
}

/** 'Choose this car' on the results: the search's places and dates (a round trip drops off where it picks up). */
export function checkoutHrefFromSearch(params: SearchParams, carId: string): string {
  const query = new URLSearchParams({ car: carId });
  // The child seats the search priced in (decision 033): the checkout opens with them chosen, at the same total.
  if (params.childSeats) query.set("childSeat", String(params.childSeats));
  return `/checkout?${rentalQuery(params, query)}`;
}

/** A car's own page (decision 032), keeping the search's places and dates for its booking link. */
export function carPageHrefFromSearch(params: SearchParams, carId: string): string {
  // The child seats too: the page's price is the card's.
  const query = new URLSearchParams();
  if (params.childSeats) query.set("childSeat", String(params.childSeats));
  return `/cars/${encodeURIComponent(carId)}?${rentalQuery(params, query)}`;
}

/** The search's places and dates as a query (a round trip drops off where it picks up). */
function rentalQuery(params: SearchParams, query: URLSearchParams): string {
  for (const key of ["pickup", "dropoff", "from", "to"] as const) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  if (!params.dropoff && params.pickup) query.set("dropoff", params.pickup);
  return query.toString();
}

/**
 * The same search a checkout came from (places and dates), for 'back to the results' and 'change'. Built without the
 * search's schema, which stays on the server (decision 014): the results page validates what it is given.
 */
export function searchHrefFor(link: CheckoutLink): string {
  const query = new URLSearchParams({ pickup: link.pickup, from: link.from, to: link.to });
  if (link.dropoff && link.dropoff !== link.pickup) query.set("dropoff", link.dropoff);
  else query.set("same", "on");
  return `/search?${query.toString()}`;
}

/** The sign-in page that brings the driver back to `returnTo` (a path of this site only; the home page needs none). */
export function signInHref(returnTo: string): string {
  const path = safeRedirectPath(returnTo);
  return path === "/" ? "/sign-in" : `/sign-in?redirectTo=${encodeURIComponent(path)}`;
}
