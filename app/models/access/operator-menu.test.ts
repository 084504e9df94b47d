import { describe, expect, it } from "vitest";
import { operatorMenu } from "./operator-menu";

const ID = "00000000-0000-4000-8000-000000000001";
const OWNER = "00000000-0000-4000-8000-000000000009";
const paths = (role: "admin" | "supplier" | "user") => operatorMenu({ id: ID, role }).map((entry) => entry.to);

describe("the operators' menu", () => {
  it("offers a supplier its fleet, desk, bookings and own settings, never the platform's pages", () => {
    expect(paths("supplier")).toEqual([
      "/manage",
      "/manage/reports",
      "/manage/cars",
      "/manage/cars/new",
      "/manage/cars/import",
      "/manage/desk",
      "/manage/bookings",
      "/manage/bookings/new",
      "/manage/calendar",
      `/manage/suppliers/${ID}`,
      "/manage/team",
      "/manage/desks",
    ]);
  });

  it("offers an admin the platform's pages and no settings of its own", () => {
    expect(paths("admin")).toEqual(
      expect.arrayContaining(["/manage/suppliers", "/manage/places", "/manage/countries", "/manage/users"]),
    );
    expect(paths("admin")).not.toContain(`/manage/suppliers/${ID}`);
  });

  it("offers a desk agent the desk, bookings and the fleet's lists, nothing it may not change", () => {
    const desk = operatorMenu({ id: ID, role: "staff", supplierId: OWNER, staffRole: "desk" }).map((entry) => entry.to);
    expect(desk).toEqual([
      "/manage/cars",
      "/manage/desk",
      "/manage/bookings",
      "/manage/bookings/new",
      "/manage/calendar",
    ]);
    const manager = operatorMenu({ id: ID, role: "staff", supplierId: OWNER, staffRole: "manager" });
    expect(manager.map((entry) => entry.to)).not.toContain("/manage/team");
    expect(manager.map((entry) => entry.to)).toContain("/manage/cars/new");
  });

  it("offers a driver nothing", () => {
    expect(paths("user")).toEqual([]);
  });
});
