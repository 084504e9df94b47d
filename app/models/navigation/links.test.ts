import { describe, expect, it } from "vitest";
import { parseSearchParams } from "~/models/search/search-params";
import { checkoutHref, checkoutHrefFromSearch, readCheckoutLink, searchHrefFor, signInHref } from "./links";

const link = { car: "c1", pickup: "tunis", dropoff: "tunis", from: "2031-05-01T10:00", to: "2031-05-04T10:00" };

describe("links between the features", () => {
  it("builds the checkout link with the choices to keep, and reads it back", () => {
    const href = checkoutHref(link, { extras: ["fullInsurance", "cancellation"], paymentMode: "deposit" });
    expect(href).toBe(
      "/checkout?car=c1&pickup=tunis&dropoff=tunis&from=2031-05-01T10%3A00&to=2031-05-04T10%3A00&extra=fullInsurance&extra=cancellation&payment=deposit",
    );
    expect(readCheckoutLink(new URL(href, "http://x").searchParams)).toEqual(link);
  });

  it.each([
    [
      "a round trip drops off where it picks up",
      "pickup=tunis&from=2031-05-01T10:00&to=2031-05-04T10:00",
      "dropoff=tunis",
    ],
    ["a one-way search keeps its drop-off", "pickup=tunis&dropoff=sousse&from=2031-05-01T10:00", "dropoff=sousse"],
  ])("'Choose this car': %s", (_case, search, expected) => {
    const href = checkoutHrefFromSearch(parseSearchParams(new URLSearchParams(search)), "c9");
    expect(href.startsWith("/checkout?car=c9&pickup=tunis")).toBe(true);
    expect(href).toContain(expected);
  });

  it("goes back to the search a checkout came from, round trip or one way", () => {
    expect(searchHrefFor(link)).toBe("/search?pickup=tunis&from=2031-05-01T10%3A00&to=2031-05-04T10%3A00&same=on");
    expect(searchHrefFor({ ...link, dropoff: "sousse" })).toContain("dropoff=sousse");
  });

  it.each([
    ["/bookings?page=2", "/sign-in?redirectTo=%2Fbookings%3Fpage%3D2"],
    ["/", "/sign-in"],
    ["//evil.example/x", "/sign-in"],
    ["https://evil.example", "/sign-in"],
  ])("sign-in comes back to %s only when it is a path of this site", (returnTo, expected) => {
    expect(signInHref(returnTo)).toBe(expected);
  });
});
