import { describe, expect, it } from "vitest";
import { bookingReference } from "./booking";
import { bookingIdRange, findBookingSchema } from "./find-booking";

const parse = (reference: string, email = "sam@example.com") => findBookingSchema.safeParse({ reference, email });

describe("the Find my booking form", () => {
  it.each([
    ["the reference as shown", "3F2A9C01", "3F2A9C01"],
    ["in lower case", "3f2a9c01", "3F2A9C01"],
    ["with a leading # and spaces", " #3F2A 9C01 ", "3F2A9C01"],
  ])("accepts %s", (_name, typed, reference) => {
    expect(parse(typed)).toMatchObject({ success: true, data: { reference, email: "sam@example.com" } });
  });

  it.each([
    ["too short", "3F2A9C0"],
    ["too long", "3F2A9C012"],
    ["not hexadecimal", "3F2A9C0Z"],
    ["a whole id", "3f2a9c01-1111-4111-8111-111111111111"],
    ["empty", ""],
  ])("refuses a reference %s with a message the page translates", (_name, typed) => {
    const result = parse(typed);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/^validation\./);
  });

  it("refuses an address that is not one", () => {
    expect(parse("3F2A9C01", "not-an-address").success).toBe(false);
  });

  it("ranges over exactly the ids whose reference it is", () => {
    const [low, high] = bookingIdRange("3F2A9C01");
    for (const id of ["3f2a9c01-0000-0000-0000-000000000000", "3f2a9c01-9a7b-4c3d-8e2f-123456789abc", high]) {
      expect(id >= low && id <= high).toBe(true);
      expect(bookingReference(id)).toBe("3F2A9C01");
    }
    for (const id of ["3f2a9c00-ffff-ffff-ffff-ffffffffffff", "3f2a9c02-0000-0000-0000-000000000000"])
      expect(id >= low && id <= high).toBe(false);
  });
});
