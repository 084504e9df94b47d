import { describe, expect, it } from "vitest";
import {
  canOperate,
  mayTake,
  OPERATOR_ACTIONS,
  supplierScope,
  type Operator,
  type OperatorAction,
} from "./operator-access";

const OWN = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";
const STAFF_ID = "00000000-0000-4000-8000-000000000003";

type Row = [own: boolean, other: boolean, platform: boolean];
const ALL: Row = [true, true, true];
const OWN_ONLY: Row = [true, false, false];
const NEVER: Row = [false, false, false];
const ENTER: Row = [true, true, true];

/** Everyone who may ask, as the operator each one is. */
const WHO: Record<string, Operator> = {
  admin: { id: OWN, role: "admin" },
  supplierAccount: { id: OWN, role: "supplier" },
  owner: { id: STAFF_ID, role: "staff", supplierId: OWN, staffRole: "owner" },
  manager: { id: STAFF_ID, role: "staff", supplierId: OWN, staffRole: "manager" },
  desk: { id: STAFF_ID, role: "staff", supplierId: OWN, staffRole: "desk" },
  staffWithoutTeam: { id: STAFF_ID, role: "staff" },
  driver: { id: OWN, role: "user" },
};

/** The whole table: who x action x whose record (own supplier, another supplier, the platform's). */
const supplierOwner: Record<OperatorAction, Row> = {
  enter: ENTER,
  viewFleet: OWN_ONLY,
  editFleet: OWN_ONLY,
  editSupplier: OWN_ONLY,
  setMarkup: NEVER,
  createSupplier: NEVER,
  editPlaces: NEVER,
  editOwnDesks: OWN_ONLY,
  manageDrivers: NEVER,
  viewAudit: OWN_ONLY,
  runDesk: OWN_ONLY,
  handleBookings: OWN_ONLY,
  moderateReviews: NEVER,
  editPlatform: NEVER,
  manageTeam: OWN_ONLY,
  viewReports: OWN_ONLY,
};
const nothing = Object.fromEntries(OPERATOR_ACTIONS.map((action) => [action, NEVER])) as Record<OperatorAction, Row>;
const EXPECTED: Record<keyof typeof WHO, Record<OperatorAction, Row>> = {
  admin: Object.fromEntries(OPERATOR_ACTIONS.map((action) => [action, ALL])) as Record<OperatorAction, Row>,
  supplierAccount: supplierOwner,
  owner: supplierOwner,
  manager: { ...supplierOwner, editSupplier: NEVER, manageTeam: NEVER, editOwnDesks: NEVER },
  desk: {
    ...supplierOwner,
    editFleet: NEVER,
    editSupplier: NEVER,
    manageTeam: NEVER,
    editOwnDesks: NEVER,
    viewAudit: NEVER,
    viewReports: NEVER,
  },
  staffWithoutTeam: nothing,
  driver: nothing,
};

describe("who may do what on the operators' side", () => {
  for (const [who, viewer] of Object.entries(WHO))
    for (const action of OPERATOR_ACTIONS)
      it(`${who} / ${action}`, () => {
        expect([
          canOperate(viewer, action, OWN),
          canOperate(viewer, action, OTHER),
          canOperate(viewer, action, null),
        ]).toEqual(EXPECTED[who]?.[action]);
      });

  it("refuses a visitor everything", () => {
    for (const action of OPERATOR_ACTIONS) {
      expect(canOperate(null, action, OWN)).toBe(false);
      expect(mayTake(null, action)).toBe(false);
    }
  });

  it("lets a role through the gate exactly for the actions it may take on some record", () => {
    for (const [who, viewer] of Object.entries(WHO))
      for (const action of OPERATOR_ACTIONS) {
        const [own, other, platform] = EXPECTED[who]?.[action] ?? NEVER;
        expect(mayTake(viewer, action), `${who} / ${action}`).toBe(own || other || platform);
      }
  });

  it("keeps a supplier's and its staff's lists to its own records, whatever they ask for; an admin chooses", () => {
    expect(supplierScope(WHO.supplierAccount!, OTHER)).toBe(OWN);
    expect(supplierScope(WHO.supplierAccount!, null)).toBe(OWN);
    expect(supplierScope(WHO.desk!, OTHER)).toBe(OWN);
    expect(supplierScope(WHO.admin!, OTHER)).toBe(OTHER);
    expect(supplierScope(WHO.admin!, null)).toBeNull();
    // Neither admin nor on a team: nobody's records, never everyone's.
    expect(supplierScope(WHO.staffWithoutTeam!, null)).not.toBeNull();
    expect(supplierScope(WHO.staffWithoutTeam!, null)).not.toBe(OWN);
  });
});
