import { describe, expect, it } from "vitest";
import { bookingQueryString, decodeCursor, encodeCursor, parseBookingQuery } from "./booking-filters";

const cursor = { at: new Date("2031-01-01T10:00:00.000Z"), id: "3f2a9c01-9a7b-4c3d-8e2f-123456789abc" };

describe("the list's cursor (?after=, decision 011)", () => {
  it("round-trips, and a page number gives way to it in links", () => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const query = parseBookingQuery(new URLSearchParams({ after: encodeCursor(cursor), page: "3", status: "paid" }));
    expect(bookingQueryString(query)).toBe(`status=paid&after=${encodeURIComponent(encodeCursor(cursor))}`);
  });

  it.each(["", "2031-01-01_3f2a9c01", "2031-13-45T99:00:00.000Z_3f2a9c01-9a7b-4c3d-8e2f-123456789abc", "x_y"])(
    "drops %j as it drops any bad filter",
    (value) => {
      expect(parseBookingQuery(new URLSearchParams({ after: value })).after).toBeUndefined();
    },
  );
});
