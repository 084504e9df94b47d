/**
 * Every operator route module, found on disk (decision 027, issue 49 point 4): its loader and its action tried as a
 * visitor, a driver, the record's own supplier, its manager and its desk agent, another supplier and an admin. A route module added under
 * `app/routes/manage*` fails this test until it is placed in the table below, so none can ship without its gate; a
 * refused post leaves the audit trail as it was.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import type { StaffRole } from "~/domain/enums";
import { issueSaleDocument } from "~/models/documents/business-documents.server";
import { mayTake, type OperatorAction } from "~/models/access/operator-access";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("manage-sweep"));

type Who = "visitor" | "driver" | "ownSupplier" | "otherSupplier" | "admin" | "manager" | "desk";
/** The own supplier's team members (decision 044), each answered as the permission table says of its role. */
const TEAM: Record<"manager" | "desk", StaffRole> = { manager: "manager", desk: "desk" };
/**
 * Whose page it is: `record`, one record of a supplier (another supplier's answers 404, as a missing one);
 * `platform`, the admin's alone (403 to every supplier); `own`, every operator on their own records (lists, new forms).
 */
type Scope = "record" | "platform" | "own";

interface Fixture {
  catalogue: MinimalCatalogue;
  bookingId: string;
  fleetImportId: string;
}
interface SweptRoute {
  scope: Scope;
  path: (fixture: Fixture) => string;
  params?: (fixture: Fixture) => Record<string, string>;
  /** A post that names its record in the body rather than the path (the desk's event names its booking). */
  post?: (fixture: Fixture) => Array<[string, string]>;
  /** The permission the page's loader asks (the action's too, unless `postGate`): what a team role may take. */
  gate: OperatorAction;
  postGate?: OperatorAction;
  /** What the admin gets when it is not a page (a file the fixture's person has not uploaded: 404). */
  adminAnswers?: number[];
}

const ROUTES: Record<string, SweptRoute> = {
  manage: { gate: "enter", scope: "own", path: () => "/manage" },
  "manage._index": { gate: "enter", scope: "own", path: () => "/manage" },
  "manage.bookings": { gate: "handleBookings", scope: "own", path: () => "/manage/bookings" },
  "manage.bookings_.$bookingId": {
    gate: "handleBookings",
    scope: "record",
    path: ({ bookingId }) => `/manage/bookings/${bookingId}`,
    params: ({ bookingId }) => ({ bookingId }),
  },
  // The fixture's booking has its invoice (decision 049).
  "manage.bookings_.$bookingId_.invoice": {
    gate: "handleBookings",
    scope: "record",
    path: ({ bookingId }) => `/manage/bookings/${bookingId}/invoice`,
    params: ({ bookingId }) => ({ bookingId }),
  },
  "manage.bookings_.$bookingId_.invoice[.pdf]": {
    gate: "handleBookings",
    scope: "record",
    path: ({ bookingId }) => `/manage/bookings/${bookingId}/invoice.pdf`,
    params: ({ bookingId }) => ({ bookingId }),
  },
  "manage.bookings_.export": { gate: "handleBookings", scope: "own", path: () => "/manage/bookings/export" },
  "manage.bookings_.new": { gate: "handleBookings", scope: "own", path: () => "/manage/bookings/new" },
  "manage.calendar": { gate: "viewFleet", scope: "own", path: () => "/manage/calendar" },
  "manage.cars": { gate: "viewFleet", scope: "own", path: () => "/manage/cars" },
  "manage.cars_.$carId": {
    gate: "viewFleet",
    postGate: "editFleet",
    scope: "record",
    path: ({ catalogue }) => `/manage/cars/${catalogue.car.id}`,
    params: ({ catalogue }) => ({ carId: catalogue.car.id }),
  },
  // An admin exports the fleet of the supplier it names; a supplier always its own, whatever it names.
  "manage.cars_.export": {
    gate: "viewFleet",
    scope: "own",
    path: ({ catalogue }) => `/manage/cars/export?supplier=${catalogue.supplier.id}`,
  },
  "manage.cars_.import": { gate: "editFleet", scope: "own", path: () => "/manage/cars/import" },
  "manage.cars_.import_.$importId": {
    gate: "editFleet",
    scope: "record",
    path: ({ fleetImportId }) => `/manage/cars/import/${fleetImportId}`,
    params: ({ fleetImportId }) => ({ importId: fleetImportId }),
  },
  "manage.cars_.new": { gate: "editFleet", scope: "own", path: () => "/manage/cars/new" },
  "manage.countries": { gate: "editPlaces", scope: "platform", path: () => "/manage/countries" },
  "manage.desk": {
    gate: "runDesk",
    scope: "own",
    path: () => "/manage/desk",
    post: ({ bookingId }) => [
      ["booking", bookingId],
      ["kind", "handover"],
      ["mileage", "1000"],
      ["fuelEighths", "8"],
    ],
  },
  "manage.desks": { gate: "editOwnDesks", scope: "own", path: () => "/manage/desks" },
  // The fixture's place has its desk run by the own supplier (decision 048).
  "manage.desks_.$placeId": {
    gate: "editOwnDesks",
    scope: "record",
    path: ({ catalogue }) => `/manage/desks/${catalogue.location.id}`,
    params: ({ catalogue }) => ({ placeId: catalogue.location.id }),
  },
  "manage.drivers": { gate: "manageDrivers", scope: "platform", path: () => "/manage/drivers" },
  "manage.users": { gate: "manageDrivers", scope: "platform", path: () => "/manage/users" },
  "manage.users_.$userId": {
    gate: "manageDrivers",
    scope: "platform",
    path: ({ catalogue }) => `/manage/users/${catalogue.driver.id}`,
    params: ({ catalogue }) => ({ userId: catalogue.driver.id }),
  },
  "manage.users_.$userId_.licence": {
    gate: "manageDrivers",
    scope: "platform",
    path: ({ catalogue }) => `/manage/users/${catalogue.driver.id}/licence`,
    params: ({ catalogue }) => ({ userId: catalogue.driver.id }),
    adminAnswers: [404],
  },
  "manage.places": { gate: "editPlaces", scope: "platform", path: () => "/manage/places" },
  "manage.reports": { gate: "viewReports", scope: "own", path: () => "/manage/reports?report=payments" },
  "manage.reports_.export": {
    gate: "viewReports",
    scope: "own",
    path: () => "/manage/reports/export?report=revenueByCar",
  },
  "manage.reports_.documents[.zip]": {
    gate: "viewReports",
    scope: "own",
    path: () => "/manage/reports/documents.zip",
  },
  "manage.platform": { gate: "editPlatform", scope: "platform", path: () => "/manage/platform" },
  "manage.places_.$placeId": {
    gate: "editPlaces",
    scope: "platform",
    path: ({ catalogue }) => `/manage/places/${catalogue.location.id}`,
    params: ({ catalogue }) => ({ placeId: catalogue.location.id }),
  },
  "manage.places_.new": { gate: "editPlaces", scope: "platform", path: () => "/manage/places/new" },
  "manage.reviews": { gate: "moderateReviews", scope: "platform", path: () => "/manage/reviews" },
  "manage.suppliers": { gate: "createSupplier", scope: "platform", path: () => "/manage/suppliers" },
  "manage.team": { gate: "manageTeam", scope: "own", path: () => "/manage/team" },
  "manage.suppliers_.$supplierId": {
    gate: "editSupplier",
    scope: "record",
    path: ({ catalogue }) => `/manage/suppliers/${catalogue.supplier.id}`,
    params: ({ catalogue }) => ({ supplierId: catalogue.supplier.id }),
  },
};

/** The operator route modules on disk: `manage…` files, and folders holding a `route.tsx`; tests aside. */
function operatorRouteModules(): Map<string, string> {
  const routesDir = join(process.cwd(), "app", "routes");
  const modules = new Map<string, string>();
  for (const entry of readdirSync(routesDir)) {
    if (!entry.startsWith("manage") || entry.includes(".test.")) continue;
    const path = join(routesDir, entry);
    if (statSync(path).isDirectory()) {
      const route = readdirSync(path).find((file) => /^route\.tsx?$/.test(file));
      if (route) modules.set(entry, join(path, route));
    } else if (/\.tsx?$/.test(entry)) modules.set(entry.replace(/\.tsx?$/, ""), path);
  }
  return modules;
}

interface RouteModule {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}

const ORIGIN = "http://localhost";

describe("the gate of every operator route", () => {
  const app = useAppDatabase();
  const cookies = {} as Record<Who, string>;
  let fixture: Fixture;
  const modules = operatorRouteModules();

  beforeAll(async () => {
    const db = app.database.db;
    const catalogue = await insertMinimalCatalogue(db);
    const other = await insertMinimalCatalogue(db);
    const [admin] = await db
      .insert(schema.users)
      .values({ role: "admin", email: `sweep-admin-${Date.now()}@example.com`, fullName: "Admin", verified: true })
      .returning();
    const [booking] = await db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-06-01T10:00:00Z", "2031-06-04T10:00:00Z"))
      .returning();
    const [fleetImport] = await db
      .insert(schema.fleetImports)
      .values({
        supplierId: catalogue.supplier.id,
        actor: { id: catalogue.supplier.id, role: "supplier", fullName: "Supplier" },
        fileName: "fleet.csv",
        status: "done",
      })
      .returning();
    if (!admin || !booking || !fleetImport) throw new Error("fixture rows not inserted");
    await issueSaleDocument(db, booking.id, new Date());
    await db
      .update(schema.locations)
      .set({ deskSupplierId: catalogue.supplier.id })
      .where(eq(schema.locations.id, catalogue.location.id));
    fixture = { catalogue, bookingId: booking.id, fleetImportId: fleetImport.id };
    cookies.visitor = "";
    cookies.driver = await sessionCookieFor(catalogue.driver.id);
    cookies.ownSupplier = await sessionCookieFor(catalogue.supplier.id);
    cookies.otherSupplier = await sessionCookieFor(other.supplier.id);
    cookies.admin = await sessionCookieFor(admin.id);
    for (const [who, role] of Object.entries(TEAM) as Array<[keyof typeof TEAM, StaffRole]>) {
      const [member] = await db
        .insert(schema.users)
        .values({ role: "staff", email: `sweep-${who}-${Date.now()}@example.com`, fullName: who, verified: true })
        .returning();
      await db
        .insert(schema.supplierStaff)
        .values({ userId: member!.id, supplierId: catalogue.supplier.id, role, invitedBy: "Owner" });
      cookies[who] = await sessionCookieFor(member!.id);
    }
  });

  const request = (who: Who, path: string, body?: Array<[string, string]>) =>
    new Request(`${ORIGIN}${path}`, {
      method: body ? "POST" : "GET",
      headers: { Origin: ORIGIN, ...(cookies[who] ? { Cookie: cookies[who] } : {}) },
      body: body ? new URLSearchParams(body) : undefined,
    });
  const auditRows = async () => (await app.database.db.select({ rows: count() }).from(schema.auditLog))[0]?.rows;

  it("has every operator route module on disk in its table, and nothing else", () => {
    expect([...modules.keys()].sort()).toEqual(Object.keys(ROUTES).sort());
    expect(modules.size).toBe(34);
  });

  for (const [id, route] of Object.entries(ROUTES))
    it(`${id}: a visitor signs in, a driver is refused, a ${route.scope} page answers each operator as it should`, async () => {
      const file = modules.get(id);
      if (!file) throw new Error(`${id} is in the table but not on disk`);
      const module = (await import(file)) as RouteModule;
      expect(module.loader ?? module.action, `${id} exports a loader or an action`).toBeDefined();
      const path = route.path(fixture);
      const params = route.params?.(fixture) ?? {};
      const call = (handler: NonNullable<RouteModule["loader"]>, who: Who, body?: Array<[string, string]>) =>
        routeOutcome(() => handler({ ...routeArgs(request(who, path, body)), params }));

      const refusedToSuppliers = route.scope === "platform" ? 403 : 404;
      if (module.loader) {
        const visitor = await call(module.loader, "visitor");
        expect(visitor.status).toBe(302);
        expect(visitor.location).toMatch(/^\/sign-in\?redirectTo=/);
        expect((await call(module.loader, "driver")).status).toBe(403);
        expect(route.adminAnswers ?? [200, 302]).toContain((await call(module.loader, "admin")).status);
        const own = await call(module.loader, "ownSupplier");
        const other = await call(module.loader, "otherSupplier");
        if (route.scope === "own") {
          expect([200, 302]).toContain(own.status);
          expect([200, 302]).toContain(other.status);
        } else {
          expect(route.scope === "record" ? [200, 302] : [403]).toContain(own.status);
          expect(other.status).toBe(refusedToSuppliers);
        }
        // The own supplier's manager and desk agent: as the owner where their role may take the page's action,
        // refused (403) where it may not.
        for (const [who, staffRole] of Object.entries(TEAM) as Array<[keyof typeof TEAM, StaffRole]>) {
          const allowed = mayTake({ id: who, role: "staff", supplierId: "own", staffRole }, route.gate);
          const answer = await call(module.loader, who);
          if (allowed) expect([200, 302], `${who} opens ${id}`).toContain(answer.status);
          else expect(answer.status, `${who} is refused ${id}`).toBe(403);
        }
      }
      if (module.action) {
        const before = await auditRows();
        const body = route.post?.(fixture) ?? [["intent", "sweep"]];
        expect((await call(module.action, "visitor", body)).status).toBe(302);
        expect((await call(module.action, "driver", body)).status).toBe(403);
        if (route.scope !== "own" || route.post) {
          const other = await call(module.action, "otherSupplier", body);
          expect(other.status).toBe(route.post ? 404 : refusedToSuppliers);
          if (route.scope === "platform") expect((await call(module.action, "ownSupplier", body)).status).toBe(403);
        }
        for (const [who, staffRole] of Object.entries(TEAM) as Array<[keyof typeof TEAM, StaffRole]>) {
          const gate = route.postGate ?? route.gate;
          if (mayTake({ id: who, role: "staff", supplierId: "own", staffRole }, gate)) continue;
          expect((await call(module.action, who, body)).status, `${who} may not post to ${id}`).toBe(403);
        }
        expect(await auditRows()).toBe(before);
      }
    });
});
