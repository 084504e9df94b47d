/**
 * A supplier's team through the routes (decision 044): the owner invites a person in a role with a mail that says
 * what it is; a desk agent reaches the desk and bookings but not prices, the fleet's forms, settings or the team; a
 * manager's change is audited under their own name and role; another supplier reaches nobody's team but its own; a
 * role change and a removal end the member's sessions at once, and a removal asks first.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { EXTRAS } from "~/domain/enums";
import {
  formPost,
  readOutbox,
  routeArgs,
  routeOutcome,
  sessionCookieFor,
  useAppDatabase,
} from "../../tests/support/app-test";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { loader as manageLoader } from "./manage/route";
import { action as carAction, loader as carLoader } from "./manage.cars_.$carId/route";
import { loader as newCarLoader } from "./manage.cars_.new/route";
import { loader as deskLoader } from "./manage.desk/route";
import { loader as staffBookingLoader } from "./manage.bookings_.$bookingId/route";
import { loader as supplierLoader } from "./manage.suppliers_.$supplierId/route";
import { action as teamAction, loader as teamLoader } from "./manage.team/route";

const outbox = await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("team"));

const ORIGIN = "http://localhost";
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  formPost(`${ORIGIN}${path}`, fields, cookie);

describe("a supplier's team", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let other: MinimalCatalogue;
  let owner: string;
  let otherOwner: string;
  let bookingId: string;

  const memberId = async (email: string) => {
    const [user] = await app.database.db.select().from(schema.users).where(eq(schema.users.email, email));
    return user?.id ?? "";
  };
  const status = async (run: () => Promise<unknown>) => (await routeOutcome(run)).status;

  beforeAll(async () => {
    catalogue = await insertMinimalCatalogue(app.database.db);
    other = await insertMinimalCatalogue(app.database.db);
    owner = await sessionCookieFor(catalogue.supplier.id);
    otherOwner = await sessionCookieFor(other.supplier.id);
    const [booking] = await app.database.db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2031-07-01T10:00:00Z", "2031-07-04T10:00:00Z"))
      .returning();
    bookingId = booking?.id ?? "";
  });

  it("lets the owner invite a person in a role, with a mail that says who, where and as what", async () => {
    const invited = await routeOutcome(() =>
      teamAction(
        routeArgs(
          post("/manage/team", owner, {
            fullName: "Dana Desk",
            email: "Dana@Example.com",
            role: "desk",
            intent: "invite",
          }),
        ),
      ),
    );
    expect(invited).toMatchObject({ status: 302, location: "/manage/team" });
    const mails = await readOutbox(outbox, app.database.db);
    const invitation = mails.find((mail) => mail.includes("dana@example.com"));
    expect(invitation).toContain("desk agent");
    expect(invitation).toContain("/activate?token=");
    const page = await routeOutcome(() => teamLoader(routeArgs(get("/manage/team", owner))));
    expect((page.body as { members: Array<{ email: string; joined: boolean }> }).members).toEqual([
      expect.objectContaining({ email: "dana@example.com", joined: false, role: "desk" }),
    ]);
    const again = await routeOutcome(() =>
      teamAction(
        routeArgs(
          post("/manage/team", owner, {
            fullName: "Dana Again",
            email: "dana@example.com",
            role: "manager",
            intent: "invite",
          }),
        ),
      ),
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("manage:validation.emailTaken");
  });

  it("lets a desk agent run the desk and the bookings, and nothing it may not change", async () => {
    const desk = await sessionCookieFor(await memberId("dana@example.com"));
    const carPath = `/manage/cars/${catalogue.car.id}`;
    const carParams = { carId: catalogue.car.id };
    expect(await status(() => manageLoader(routeArgs(get("/manage", desk))))).toBe(200);
    expect(await status(() => deskLoader(routeArgs(get("/manage/desk", desk))))).toBe(200);
    expect(
      await status(() =>
        staffBookingLoader({ ...routeArgs(get(`/manage/bookings/${bookingId}`, desk)), params: { bookingId } }),
      ),
    ).toBe(200);
    const car = await routeOutcome(() => carLoader({ ...routeArgs(get(carPath, desk)), params: carParams }));
    expect(car.status).toBe(200);
    expect(JSON.stringify(car.body)).toContain('"editable":false');
    expect(
      await status(() =>
        carAction({
          ...routeArgs(post(carPath, desk, { intent: "save", name: "Renamed by desk" })),
          params: carParams,
        }),
      ),
    ).toBe(403);
    expect(await status(() => newCarLoader(routeArgs(get("/manage/cars/new", desk))))).toBe(403);
    expect(await status(() => teamLoader(routeArgs(get("/manage/team", desk))))).toBe(403);
    expect(
      await status(() =>
        supplierLoader({
          ...routeArgs(get(`/manage/suppliers/${catalogue.supplier.id}`, desk)),
          params: { supplierId: catalogue.supplier.id },
        }),
      ),
    ).toBe(403);
    // Another supplier's booking answers like a missing one.
    const [foreign] = await app.database.db
      .insert(schema.bookings)
      .values(bookingValues(other, "2031-07-01T10:00:00Z", "2031-07-04T10:00:00Z"))
      .returning();
    const foreignId = foreign?.id ?? "";
    expect(
      await status(() =>
        staffBookingLoader({
          ...routeArgs(get(`/manage/bookings/${foreignId}`, desk)),
          params: { bookingId: foreignId },
        }),
      ),
    ).toBe(404);
  });

  it("records a manager's change under their own name and role; a role change signs the member out", async () => {
    const id = await memberId("dana@example.com");
    await sessionCookieFor(id);
    const promoted = await routeOutcome(() =>
      teamAction(routeArgs(post("/manage/team", owner, { member: id, role: "manager", intent: "role" }))),
    );
    expect(promoted.status).toBe(302);
    expect(await app.database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, id))).toEqual([]);
    const manager = await sessionCookieFor(id);
    const fields: Record<string, string> = {
      "intent:save": "Save",
      name: "Renamed by the manager",
      licensePlate: catalogue.car.licensePlate,
      range: "midi",
      fuelType: "diesel",
      gearbox: "manual",
      seats: "5",
      doors: "4",
      fuelPolicy: "likeForLike",
      minimumAge: "21",
      deposit: "0",
      damageExcess: "800",
      theftExcess: "800",
      largeBags: "1",
      smallBags: "1",
      dailyPrice: "50",
      available: "on",
      places: catalogue.location.id,
      ...Object.fromEntries(EXTRAS.map((extra) => [`${extra}Mode`, "notOffered"])),
    };
    const saved = await routeOutcome(() =>
      carAction({
        ...routeArgs(post(`/manage/cars/${catalogue.car.id}`, manager, fields)),
        params: { carId: catalogue.car.id },
      }),
    );
    expect(saved.status).toBe(302);
    const [entry] = await app.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.record, "car"), eq(schema.auditLog.recordId, catalogue.car.id)));
    expect(entry).toMatchObject({ actorName: "Dana Desk", actorRole: "staff", actorStaffRole: "manager" });
  });

  it("keeps another supplier out of this team, and removes a member only once confirmed, ending their sessions", async () => {
    const id = await memberId("dana@example.com");
    const member = await sessionCookieFor(id);
    // Another supplier's owner names this member: answered as missing, nothing changed.
    expect(
      await status(() =>
        teamAction(
          routeArgs(post("/manage/team", otherOwner, { [`row:remove:${id}`]: "Remove", confirmRemove: "on" })),
        ),
      ),
    ).toBe(404);
    // Not confirmed: nothing happens.
    await teamAction(routeArgs(post("/manage/team", owner, { [`row:remove:${id}`]: "Remove" })));
    expect(await status(() => manageLoader(routeArgs(get("/manage", member))))).toBe(200);
    const removed = await routeOutcome(() =>
      teamAction(routeArgs(post("/manage/team", owner, { [`row:remove:${id}`]: "Remove", confirmRemove: "on" }))),
    );
    expect(removed.status).toBe(302);
    const signedOut = await routeOutcome(() => manageLoader(routeArgs(get("/manage", member))));
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/sign-in/);
    const [user] = await app.database.db.select().from(schema.users).where(eq(schema.users.id, id));
    expect(user).toMatchObject({ blacklisted: true, fullName: "Dana Desk" });
    const trail = await app.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.recordId, id));
    expect(trail.map((row) => row.action).sort()).toEqual(["create", "delete", "update"]);
  });
});
