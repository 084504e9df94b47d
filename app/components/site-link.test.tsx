import { Link, NavLink } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { installedVersion } from "../../tests/support/installed-version";
import { isActivePath, SiteLink, SiteNavLink } from "./site-link";

const at = (location: string, element: ReactElement) =>
  renderToStaticMarkup(<StaticRouter location={location}>{element}</StaticRouter>);

describe("SiteLink on the server", () => {
  // Vitest runs in Node: no document, so these are the server's anchors, compared with what Remix's own render.
  it.each([
    ["/", {}],
    [
      "/checkout?car=0a1b&pickup=tunis&from=2026-12-04T10%3A00&to=2026-12-07T10%3A00&dropoff=tunis",
      { className: "button", "aria-label": "Choose this car: Fiat 500" },
    ],
    ["/search?pickup=paris&page=2", { rel: "next", "aria-current": "page" as const }],
    ["/about#team", { prefetch: "intent" as const, lang: "fr", hrefLang: "fr" }],
    [
      "/bookings",
      {
        reloadDocument: true,
        replace: true,
        preventScrollReset: true,
        state: { from: "here" },
      },
    ],
    ["/locations", { discover: "none" as const }],
    ["/search?", {}],
    ["/?#", {}],
    ["/about?#team", {}],
    ["settings", {}],
    ["//elsewhere.example/x", {}],
  ])("renders %s as Link does", (to, props) => {
    expect(
      at(
        "/search?pickup=tunis",
        <SiteLink to={to} {...props}>
          text
        </SiteLink>,
      ),
    ).toBe(
      at(
        "/search?pickup=tunis",
        <Link to={to} {...props}>
          text
        </Link>,
      ),
    );
  });

  it.each([
    ["/", "/", true],
    ["/", "/search", true],
    ["/", "/search", false],
    ["/locations", "/locations", false],
    ["/locations", "/Locations/tunis", false],
    ["/settings", "/settings/avatar", false],
    ["/settings", "/settingsx", false],
    ["/about", "/search", false],
  ])("renders a NavLink to %s at %s as NavLink does (end: %s)", (to, location, end) => {
    const site = at(
      location,
      <SiteNavLink to={to} end={end} prefetch="intent" className="menu">
        x
      </SiteNavLink>,
    );
    expect(site).toBe(
      at(
        location,
        <NavLink to={to} end={end} prefetch="intent" className="menu">
          x
        </NavLink>,
      ),
    );
  });

  it("marks the active path as react-router does", () => {
    expect(isActivePath("/bookings", "/bookings")).toBe(true);
    expect(isActivePath("/bookings/12", "/bookings")).toBe(true);
    expect(isActivePath("/bookings/12", "/bookings", true)).toBe(false);
    expect(isActivePath("/bookingsx", "/bookings")).toBe(false);
    // The home link is active at home only, `end` or not: "/search" does not continue "/" with a slash.
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/search", "/")).toBe(false);
  });
});

/**
 * The server's anchors copy what Remix 2 and react-router 6 render (decision 018); the React Router 7 upgrade (or
 * any Remix release) may change that markup or the props. An upgrade fails here first: run this file's
 * comparisons and `tests/e2e/hydration.spec.ts`, re-measure with decision 018's recipe (`bench/search-cpu.ts` with
 * and without this module), and only then move the pins — or drop the module if it no longer pays.
 */
describe("what SiteLink copies (pinned)", () => {
  it.each([
    ["@remix-run/react", "2.17.5"],
    ["react-router", "6.30.4"],
    ["react-router-dom", "6.30.4"],
  ])("is checked against %s %s", (name, version) => {
    expect(installedVersion(name)).toBe(version);
  });
});
