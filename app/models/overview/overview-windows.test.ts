import { describe, expect, it } from "vitest";
import { MAX_UTILISATION_DAYS, overviewWindows } from "./overview-windows";
import { periodOf } from "./report-period";

// A Wednesday afternoon.
const now = new Date("2027-03-17T15:30:00Z");
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("the overview's windows", () => {
  it("looks around today without a period: 30 days either side, 12 weeks, 30 and 90 days back", () => {
    expect(overviewWindows(now, null)).toEqual({
      utilisation: { from: day("2027-02-15"), to: day("2027-04-16") },
      weeks: { firstMonday: day("2026-12-28"), count: 12, madeFrom: day("2026-12-28"), madeTo: day("2027-03-22") },
      attrition: { from: new Date("2027-02-15T15:30:00Z"), to: now, noShowBefore: new Date("2027-03-16T15:30:00Z") },
      earners: { from: new Date("2026-12-17T15:30:00Z"), to: now },
      idleAsOf: now,
    });
  });

  it.each([
    // from, to: utilisation days, weeks (first Monday, count), what happened read up to
    ["2027-01-01", "2027-01-31", ["2027-01-01", "2027-02-01"], ["2026-12-28", 5], "2027-02-01T00:00:00Z"],
    ["2027-03-01", "2027-03-31", ["2027-03-01", "2027-04-01"], ["2027-03-01", 5], "2027-03-17T15:30:00Z"],
    ["2027-03-15", "2027-03-21", ["2027-03-15", "2027-03-22"], ["2027-03-15", 1], "2027-03-17T15:30:00Z"],
    ["2026-03-18", "2027-03-17", ["2026-12-16", "2027-03-18"], ["2026-03-16", 53], "2027-03-17T15:30:00Z"],
  ] as const)("reads the period %s to %s", (from, to, [chartFrom, chartTo], [monday, weeks], happened) => {
    const windows = overviewWindows(now, periodOf(from, to));
    expect(windows.utilisation).toEqual({ from: day(chartFrom), to: day(chartTo) });
    expect(windows.weeks).toEqual({
      firstMonday: day(monday),
      count: weeks,
      madeFrom: day(from),
      madeTo: new Date(day(to).getTime() + 86_400_000),
    });
    expect(windows.earners).toEqual({ from: day(from), to: new Date(happened) });
    expect(windows.attrition.from).toEqual(day(from));
    expect(windows.attrition.to).toEqual(new Date(happened));
    // A no-show is a day past its pick-up at least.
    expect(windows.attrition.noShowBefore.getTime()).toBeLessThanOrEqual(now.getTime() - 86_400_000);
    expect(windows.idleAsOf).toEqual(new Date(happened));
  });

  it("charts at most the last 92 days of a long period", () => {
    const { utilisation } = overviewWindows(now, periodOf("2026-06-01", "2027-02-28"));
    expect((utilisation.to.getTime() - utilisation.from.getTime()) / 86_400_000).toBe(MAX_UTILISATION_DAYS);
    expect(utilisation.to).toEqual(day("2027-03-01"));
  });

  it("reads a period still to come as nothing happened yet, idle as of its start", () => {
    const windows = overviewWindows(now, periodOf("2027-05-01", "2027-05-31"));
    expect(windows.earners.to.getTime()).toBeLessThan(windows.earners.from.getTime());
    expect(windows.idleAsOf).toEqual(day("2027-05-01"));
  });
});
