import { describe, expect, it } from "vitest";
import { MAX_REPORT_DAYS, parseReportPeriod, periodOf } from "./report-period";

const now = new Date("2026-12-02T15:00:00Z");
const parse = (query: string) => parseReportPeriod(new URLSearchParams(query), now);

describe("a report's period", () => {
  it("is the last 30 days, today included, when none is asked", () => {
    const { period, problem } = parse("");
    expect(problem).toBeNull();
    expect(period).toMatchObject({ from: "2026-11-03", to: "2026-12-02", days: 30 });
    expect(period.start.toISOString()).toBe("2026-11-03T00:00:00.000Z");
    expect(period.end.toISOString()).toBe("2026-12-03T00:00:00.000Z");
  });

  it("takes both days as given, both included", () => {
    expect(parse("from=2026-02-01&to=2026-02-28").period).toMatchObject({ days: 28, from: "2026-02-01" });
    expect(parse("from=2026-03-01&to=2026-03-01").period.days).toBe(1);
  });

  it("fills a missing end or start", () => {
    expect(parse("from=2026-11-20").period).toMatchObject({ from: "2026-11-20", to: "2026-12-02" });
    expect(parse("to=2026-06-30").period).toMatchObject({ from: "2026-06-01", to: "2026-06-30" });
    // A start in the future reports that day alone rather than a reversed period.
    expect(parse("from=2027-01-05").period).toMatchObject({ from: "2027-01-05", to: "2027-01-05" });
  });

  it("refuses what is not a period, and says why", () => {
    expect(parse("from=2026-02-30").problem).toBe("badDate");
    expect(parse("from=yesterday").problem).toBe("badDate");
    expect(parse("from=2026-05-02&to=2026-05-01").problem).toBe("reversed");
    expect(parse("from=2024-01-01&to=2026-01-01").problem).toBe("tooLong");
    expect(parse("from=2024-01-01&to=2026-01-01").period.days).toBe(30);
  });

  it("allows a whole leap year and no more", () => {
    expect(periodOf("2024-01-01", "2024-12-31").days).toBe(MAX_REPORT_DAYS);
    expect(parse("from=2024-01-01&to=2024-12-31").problem).toBeNull();
    expect(parse("from=2024-01-01&to=2025-01-01").problem).toBe("tooLong");
  });
});
