import { describe, expect, it } from "vitest";
import { USER_ROLES } from "~/domain/enums";
import { canOperate, mayTake, OPERATOR_ACTIONS, supplierScope, type OperatorAction } from "./operator-access";

const OWN = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";

/** The whole table: role x action x whose record (own supplier, another supplier, the platform's). */
const EXPECTED: Record<
  (typeof USER_ROLES)[number],
  Record<OperatorAction, [own: boolean, other: boolean, platform: boolean]>
> = {
  admin: {
    enter: [true, true, true],
    viewFleet: [true, true, true],
    editFleet: [true, true, true],
    editSupplier: [true, true, true],
    setMarkup: [true, true, true],
    createSupplier: [true, true, true],
    editPlaces: [true, true, true],
    manageDrivers: [true, true, true],
    viewAudit: [true, true, true],
    runDesk: [true, true, true],
    handleBookings: [true, true, true],
    moderateReviews: [true, true, true],
    editPlatform: [true, true, true],
  },
  supplier: {
    enter: [true, true, true],
    viewFleet: [true, false, false],
    editFleet: [true, false, false],
    editSupplier: [true, false, false],
    setMarkup: [false, false, false],
    createSupplier: [false, false, false],
    editPlaces: [false, false, false],
    manageDrivers: [false, false, false],
    viewAudit: [true, false, false],
    runDesk: [true, false, false],
    handleBookings: [true, false, false],
    moderateReviews: [false, false, false],
    editPlatform: [false, false, false],
  },
  user: Object.fromEntries(OPERATOR_ACTIONS.map((action) => [action, [false, false, false]])) as Record<
    OperatorAction,
    [boolean, boolean, boolean]
  >,
};

describe("who may do what on the operators' side", () => {
  for (const role of USER_ROLES)
    for (const action of OPERATOR_ACTIONS)
      it(`${role} / ${action}`, () => {
        const viewer = { id: OWN, role };
        expect([
          canOperate(viewer, action, OWN),
          canOperate(viewer, action, OTHER),
          canOperate(viewer, action, null),
        ]).toEqual(EXPECTED[role][action]);
      });

  it("refuses a visitor everything", () => {
    for (const action of OPERATOR_ACTIONS) {
      expect(canOperate(null, action, OWN)).toBe(false);
      expect(mayTake(null, action)).toBe(false);
    }
  });

  it("lets a role through the gate exactly for the actions it may take on some record", () => {
    for (const role of USER_ROLES)
      for (const action of OPERATOR_ACTIONS) {
        const [own, other, platform] = EXPECTED[role][action];
        expect(mayTake({ id: OWN, role }, action), `${role} / ${action}`).toBe(own || other || platform);
      }
  });

  it("keeps a supplier's lists to its own records, whatever it asks for; an admin chooses", () => {
    expect(supplierScope({ id: OWN, role: "supplier" }, OTHER)).toBe(OWN);
    expect(supplierScope({ id: OWN, role: "supplier" }, null)).toBe(OWN);
    expect(supplierScope({ id: OWN, role: "admin" }, OTHER)).toBe(OTHER);
    expect(supplierScope({ id: OWN, role: "admin" }, null)).toBeNull();
  });
});
